package remo.checker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import remo.core.Diagnostic;
import remo.litmus.Program;
import remo.litmus.StateItem;
import remo.models.CheckOutcome;
import remo.models.CatCheck;

/**
 * The tally of a check's outcomes (models.md §9): the final states of the executions in X (after
 * the filter) with their counts, the outcome set, the positive and negative executions, the blocked
 * ones and where they block, the raised flags, and the executions kept according to
 * {@link CheckOptions#collect()}. Both engines count through it; the axiomatic engine hands it its
 * complete candidates ({@link #accept}), the operational explorer its final states
 * ({@link #complete}, {@link #blocked}). Not thread-safe.
 */
public final class OutcomeTally implements CandidateSink {
    private final Program program;
    private final CheckOptions options;
    private final List<StateItem> printed;
    private final StateItem[] printedItems;
    private final int[] printedIndex;
    private final Map<FinalState, Long> states = new HashMap<>();
    private final Set<FinalState> fullStates = new LinkedHashSet<>();
    private final Set<String> raisedFlags = new LinkedHashSet<>();
    private final List<Execution> collected = new ArrayList<>();
    private final Map<String, Long> blockedAt = new HashMap<>();
    private long positive;
    private long negative;
    private long blocked;
    private Budget budget;
    private AxiomaticChecker.ExecutionVisitor visitor;
    private boolean stopped;

    /**
     * @param program the checked program (its condition, filter and printed items)
     * @param options which executions to keep, and how many
     */
    public OutcomeTally(Program program, CheckOptions options) {
        this.program = program;
        this.options = options;
        this.printed = program.printedItems();
        this.printedItems = null;
        this.printedIndex = null;
    }

    /** A tally of the axiomatic engine, projecting final states with the space's precomputed item indices. */
    OutcomeTally(CandidateSpace space, CheckOptions options, Budget budget, AxiomaticChecker.ExecutionVisitor visitor) {
        this.program = space.program;
        this.options = options;
        this.printed = space.printed;
        this.printedItems = space.printedItems;
        this.printedIndex = space.printedIndex;
        this.budget = budget;
        this.visitor = visitor;
    }

    /** Judges and counts one complete candidate of the axiomatic enumeration. */
    @Override
    public void accept(CompleteCandidate c) {
        Candidate.Judged judged = c.judge();
        CheckOutcome outcome = judged.outcome();
        boolean isBlocked = c.blocked();
        CheckOptions.Collect collect = options.collect();
        long weight = c.multiplicity();
        if (outcome.consistent()) {
            budget.consistentFound(weight);
            if (isBlocked) {
                blocked(c.blockingPoints(), weight);
                return;
            }
            FinalState full = c.finalState();
            if (visitor != null) {
                fullStates.add(full);
                if (!visitor.visit(c.execution(judged, full, false))) {
                    stopped = true;
                    throw new Budget.Stop();
                }
            }
            for (CatCheck f : outcome.raisedFlags()) {
                raisedFlags.add(f.name());
            }
            if (count(full, weight) && collected.size() < options.maxCollected()) {
                collected.add(c.execution(judged, full, false));
            }
        } else if ((collect == CheckOptions.Collect.FORBIDDEN || collect == CheckOptions.Collect.ALL)
                && collected.size() < options.maxCollected()) {
            collected.add(c.execution(judged, c.finalState(), isBlocked));
        }
    }

    /**
     * Counts one complete consistent execution that does not block: its final state joins the
     * outcome set, and if it passes the filter it is positive or negative and its printed state is
     * counted; the execution is kept if the options ask for it.
     *
     * @param full      its full final state
     * @param execution builds the execution if it is kept ({@code null}: nothing to keep)
     */
    public void complete(FinalState full, Supplier<Execution> execution) {
        if (count(full, 1) && execution != null && collected.size() < options.maxCollected()) {
            collected.add(execution.get());
        }
    }

    /**
     * Counts {@code weight} complete consistent executions with final state {@code full} (one,
     * and those it stands for); returns whether the options keep it.
     */
    private boolean count(FinalState full, long weight) {
        fullStates.add(full);
        boolean inX = program.filter() == null || program.filter().eval(full::get);
        boolean p = inX && program.condition().eval(full::get);
        if (inX) {
            if (p) {
                positive += weight;
            } else {
                negative += weight;
            }
            states.merge(printedItems == null ? full.project(printed) : full.project(printedItems, printedIndex), weight,
                    Long::sum);
        }
        return switch (options.collect()) {
            case WITNESS -> inX && p;
            case ALLOWED, ALL -> true;
            case NONE, FORBIDDEN -> false;
        };
    }

    /**
     * Counts one consistent execution that blocks (models.md §9.3).
     *
     * @param point where it blocks, e.g. {@code P1:3 assume (r0 == 1)}
     */
    public void blocked(String point) {
        blocked(point, 1);
    }

    private void blocked(String point, long weight) {
        blocked += weight;
        blockedAt.merge(point, weight, Long::sum);
    }

    /** Whether a visitor ended the enumeration. */
    boolean stopped() {
        return stopped;
    }

    /** The outcome tallied so far, with the given model-dependent warnings. */
    public CheckResult.Outcome outcome(List<Diagnostic> warnings) {
        return new CheckResult.Outcome(printed, states, fullStates, positive, negative, blocked,
                new ArrayList<>(raisedFlags), warnings, blockedAt);
    }

    /** The executions kept, in the order they were found. */
    public List<Execution> executions() {
        return collected;
    }
}
