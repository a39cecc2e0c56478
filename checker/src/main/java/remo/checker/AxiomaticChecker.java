package remo.checker;

import java.util.ArrayList;
import java.util.List;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.EvaluationTimeoutException;
import remo.models.CatCheck;
import remo.models.ModelFrame;
import remo.models.algebra.EventSet;

/**
 * The axiomatic engine: enumerates the candidate executions of a program (models.md §4) and
 * keeps those the cat model accepts.
 *
 * <p>The enumeration (architecture.md, "Performance approach") is three choosers in a row over the
 * program's {@link CandidateSpace}: {@link RfChooser} ({@code rf} for every read), {@link CoChooser}
 * (the values of models.md §4.2, then {@code co} location by location by inserting each write at
 * every position of the order built so far) and {@link RaoChooser} ({@code rao} class by class in
 * the same way), with {@link Pruning} abandoning partial candidates that already violate a check
 * and {@link Budget} enforcing the limits. Every complete candidate goes to the {@link OutcomeTally}
 * through the {@link CandidateSink} seam, which is all the tally and the result depend on: the
 * enumeration can be replaced without touching them.
 *
 * <p>By default the candidates come from the output-sensitive {@link GraphExplorer} instead
 * (docs/checker.md, "Exploration"), which reaches the same consistent candidates and hence the same
 * states and counts; the three choosers remain for runs that keep rejected candidates
 * ({@code --show forbidden|all}, where pruning is off), for {@code -Dremo.enumeration=plain}, and
 * as the reference of the differential tests.
 */
public final class AxiomaticChecker {

    private AxiomaticChecker() {
    }

    /**
     * Checks a program under a model.
     *
     * @param program a validated program
     * @param model   the cat model
     * @param flags   the flag values of the run (defaults, then the test's flag line, then the command line)
     * @param options limits and collection choices
     * @return the result; {@link CheckResult#partial()} if a limit stopped the run
     * @throws LitmusException E-UNSUPPORTED if the model rejects an instruction of the program
     *                         (language.md §6.2 step 5)
     */
    public static CheckResult check(Program program, CatModel model, FlagValues flags, CheckOptions options)
            throws LitmusException {
        return check(program, model, flags, options, PLAIN_ENUMERATION);
    }

    /**
     * Whether runs use the plain enumeration instead of {@link GraphExplorer} (system property
     * {@code remo.enumeration=plain}; the differential tests compare both).
     */
    static final boolean PLAIN_ENUMERATION = "plain".equals(System.getProperty("remo.enumeration"));

    /** {@link #check}, with the plain enumeration instead of {@link GraphExplorer} if {@code plain}. */
    static CheckResult check(Program program, CatModel model, FlagValues flags, CheckOptions options, boolean plain)
            throws LitmusException {
        long start = System.nanoTime();
        // the time limit counts from the start of the run (parsing included, RunClock)
        long runStart = Math.min(start, RunClock.start());
        long deadline = options.deadline(runStart);
        EventStructure structure = new EventStructure(program, flags);
        ModelSupport.requireSupported(structure, model, flags);
        List<Diagnostic> warnings = ModelSupport.warnings(structure);
        if (System.nanoTime() > deadline) {
            return stoppedBeforeExploring(program, model, flags, options, warnings, start, runStart);
        }
        Enumeration run = new Enumeration(structure, model, flags, options, runStart, null, plain);
        if (System.nanoTime() > deadline) {
            return stoppedBeforeExploring(program, model, flags, options, warnings, start, runStart);
        }
        run.enumerate();
        for (remo.litmus.Instruction.Cutoff c : run.cutoffs()) {
            warnings.add(ModelSupport.unrollWarning(program, c));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Budget b = run.budget;
        return new CheckResult(program, model, "axiomatic", flags, inModelOrder(run.tally.outcome(warnings), model),
                new CheckResult.Statistics(b.explored(), b.partialReason(), seconds, b.complete(),
                        b.explored() - b.complete(), b.consistent(), run.blockedLimit()),
                run.tally.executions());
    }

    /**
     * The partial result of a run whose time limit passed while its events, static relations or
     * candidate space were being built (a long program): no candidate explored, nothing found,
     * and the limit's note as the exploration gives it.
     */
    private static CheckResult stoppedBeforeExploring(Program program, CatModel model, FlagValues flags, CheckOptions options,
                                                      List<Diagnostic> warnings, long start, long runStart) {
        long now = System.nanoTime();
        CheckResult.Outcome nothing = new OutcomeTally(program, options).outcome(warnings);
        return new CheckResult(program, model, "axiomatic", flags, nothing,
                new CheckResult.Statistics(0, options.timeLimitReached(now - runStart), (now - start) / 1e9), List.of());
    }

    /** The outcome with its raised flags in the model's order, whichever order the candidates came in. */
    private static CheckResult.Outcome inModelOrder(CheckResult.Outcome o, CatModel model) {
        List<String> flags = new ArrayList<>();
        for (CatCheck f : model.flagChecks()) {
            if (o.raisedFlags().contains(f.name()) && !flags.contains(f.name())) {
                flags.add(f.name());
            }
        }
        for (String f : o.raisedFlags()) {
            if (!flags.contains(f)) {
                flags.add(f);
            }
        }
        return new CheckResult.Outcome(o.printedItems(), o.states(), o.fullStates(), o.positive(), o.negative(),
                o.blocked(), flags, o.warnings(), o.blockedAt());
    }

    /**
     * Receives the complete consistent executions that are not blocked, one at a time, during an
     * {@link #explore} run.
     */
    @FunctionalInterface
    public interface ExecutionVisitor {
        /**
         * @param execution a complete, consistent, non-blocked execution
         * @return {@code true} to continue, {@code false} to stop the enumeration
         */
        boolean visit(Execution execution);
    }

    /**
     * Enumerates the complete consistent executions of a program and hands each non-blocked one
     * to {@code visitor}, stopping as soon as it returns {@code false}. Used by robustness
     * analysis, which stops at the first execution that breaks robustness.
     *
     * @return how the enumeration ended
     * @throws LitmusException E-UNSUPPORTED if the model rejects an instruction of the program
     */
    public static ExploreStatus explore(Program program, CatModel model, FlagValues flags, CheckOptions options,
                                        ExecutionVisitor visitor) throws LitmusException {
        long start = System.nanoTime();
        EventStructure structure = new EventStructure(program, flags);
        ModelSupport.requireSupported(structure, model, flags);
        Enumeration run = new Enumeration(structure, model, flags, options, start, visitor, PLAIN_ENUMERATION);
        run.enumerate();
        if (run.tally.stopped()) {
            return ExploreStatus.STOPPED;
        }
        return run.budget.partialReason() == null ? ExploreStatus.COMPLETE : ExploreStatus.LIMIT_REACHED;
    }

    /** How an {@link #explore} run ended. */
    public enum ExploreStatus {
        /** Every execution was visited. */
        COMPLETE,
        /** The visitor returned {@code false}. */
        STOPPED,
        /** A limit of the options (executions, time) stopped the run first. */
        LIMIT_REACHED
    }

    /**
     * One enumeration: the stages wired to each other (the explorer, or the three choosers), the
     * limits and the tally.
     */
    private static final class Enumeration {
        final Budget budget;
        final OutcomeTally tally;
        final CoChooser co;
        private final RfChooser rf;
        private final ModelFrame rfFrame;
        /** The output-sensitive exploration, or null for the plain enumeration. */
        private final GraphExplorer explorer;
        private final boolean firstPassOnly;

        Enumeration(EventStructure s, CatModel model, FlagValues flags, CheckOptions options, long start,
                    ExecutionVisitor visitor, boolean plain) {
            CandidateSpace space = new CandidateSpace(s);
            Candidate candidate = new Candidate(space);
            budget = new Budget(options, start);
            tally = new OutcomeTally(space, options, budget, visitor);
            Pruning pruning = new Pruning(options, budget);
            // the exploration prunes, so it serves the runs that may prune (not --show forbidden|all);
            // it counts the rao orders no check reads once each, unless every execution is to be
            // seen (a visitor, --show allowed)
            boolean everyExecution = visitor != null || options.collect() == CheckOptions.Collect.ALLOWED;
            explorer = pruning.enabled() && !plain
                    ? new GraphExplorer(candidate, model, flags, options.skippedChecks(), budget, tally,
                    !everyExecution) : null;
            firstPassOnly = visitor != null;
            RaoChooser rao = new RaoChooser(candidate, budget, pruning, tally);
            co = new CoChooser(candidate, model, flags, options.skippedChecks(), budget, pruning, rao);
            rfFrame = pruning.enabled() && explorer == null ? model.frame(new MaskedUniverse(s, s.unconditionalEvents(), EventSet.all(s.size())),
                    flags, options.skippedChecks()) : null;
            rf = new RfChooser(candidate, rfFrame, pruning, co);
        }

        /** The backward jumps whose unrolling bound cut some candidate. */
        java.util.Set<remo.litmus.Instruction.Cutoff> cutoffs() {
            return explorer != null ? explorer.cutoffs : co.cutoffs;
        }

        /** Why the Blocked count is a lower bound, or null if it is exact. */
        String blockedLimit() {
            return explorer != null ? explorer.blockedLimit() : null;
        }

        void enumerate() {
            try {
                if (explorer != null) {
                    explorer.explore(firstPassOnly);
                    return;
                }
                if (rfFrame != null) {
                    rfFrame.setDeadline(budget.deadline);
                }
                rf.choose(0);
            } catch (Budget.Stop stop) {
                // the reason is in the budget (or the visitor stopped the run)
            } catch (EvaluationTimeoutException e) {
                budget.timedOut();
            }
        }
    }
}
