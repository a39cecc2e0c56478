package remo.checker;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.Quantifier;
import remo.litmus.StateItem;
import remo.models.CatModel;

/**
 * The result of checking one test under one model (models.md §9), produced by the axiomatic engine
 * and the operational explorer alike, as a value in three parts: the {@link Outcome} (states,
 * counts, flags, warnings: what the verdict is made of), the {@link Statistics} of the run (how
 * much was explored, whether a limit stopped it, how long it took) and the executions kept
 * according to {@link CheckOptions#collect()}. It holds the model it was checked under, so that
 * later stages (graphs, JSON, reports) need not resolve the model again. Immutable.
 *
 * @param program    the test
 * @param model      the model the test was checked under
 * @param engine     {@code axiomatic} or {@code operational}
 * @param flags      the flag values of the run
 * @param outcome    the states, counts, flags and warnings
 * @param statistics what the run explored and whether a limit stopped it
 * @param executions the executions kept according to {@link CheckOptions#collect()}
 */
public record CheckResult(Program program, CatModel model, String engine, FlagValues flags, Outcome outcome,
                          Statistics statistics, List<Execution> executions) {

    public CheckResult {
        executions = List.copyOf(executions);
    }

    /**
     * What the verdict is made of (models.md §9.2–§9.4).
     *
     * @param printedItems the items each state line prints (models.md §9.4)
     * @param states       projected final states of the executions in X (after the filter), each with
     *                     the number of executions reaching it
     * @param fullStates   the outcome set {@code FS_M(P)}: full final states of every complete
     *                     consistent execution (filter ignored)
     * @param positive     executions in X satisfying the proposition (unswapped)
     * @param negative     executions in X not satisfying it (unswapped)
     * @param blocked      consistent candidates that are blocked (models.md §9.3); stuck states for the
     *                     operational engine
     * @param raisedFlags  names of model flags that hold on at least one consistent execution
     * @param warnings     model-dependent warnings (W-POLL-BLOCKS, W-WAIT-VACUOUS)
     * @param blockedAt    where blocked candidates block, e.g. {@code P1:3 assume (r0 == 1)} (one entry
     *                     per blocking point, joined by {@code ", "} when several threads block), with
     *                     the number of candidates
     */
    public record Outcome(List<StateItem> printedItems, Map<FinalState, Long> states, Set<FinalState> fullStates,
                          long positive, long negative, long blocked, List<String> raisedFlags, List<Diagnostic> warnings,
                          Map<String, Long> blockedAt) {
        public Outcome {
            // sorted views: a copy of another outcome's (the engines rebuild one with the flags in
            // the model's order) is then taken in order, not sorted again (pso: 3 420 full states)
            printedItems = List.copyOf(printedItems);
            states = Collections.unmodifiableSortedMap(new TreeMap<>(states));
            fullStates = Collections.unmodifiableSortedSet(new TreeSet<>(fullStates));
            raisedFlags = List.copyOf(raisedFlags);
            warnings = List.copyOf(warnings);
            blockedAt = Collections.unmodifiableSortedMap(new TreeMap<>(blockedAt));
        }
    }

    /**
     * How the run went (docs/checker.md, "Exploration"). The axiomatic engine also counts the
     * complete candidates it checked against the model (well-formed or not) and the partial
     * candidates it abandoned with all their completions (their sum is {@code explored}), and how
     * many of the complete ones the model accepts, blocked ones included (issue 13 measures the
     * work against them); the operational engine leaves those counters 0.
     *
     * @param explored      candidates explored (complete or abandoned), or machine states for the
     *                      operational engine
     * @param partialReason why the run stopped early, or {@code null} if it is complete
     * @param seconds       wall-clock time of the run
     * @param complete      complete candidates checked
     * @param pruned        partial candidates pruned
     * @param consistent    complete candidates the model accepts (blocked or not)
     * @param blockedLimit  why {@link Outcome#blocked()} is only a lower bound (counting the blocked
     *                      candidates stopped at a limit after every state was found), or
     *                      {@code null} if it is exact
     */
    public record Statistics(long explored, String partialReason, double seconds, long complete, long pruned,
                             long consistent, String blockedLimit) {
        /** Statistics without candidate counters (the operational engine). */
        public Statistics(long explored, String partialReason, double seconds) {
            this(explored, partialReason, seconds, 0, 0, 0, null);
        }

        /** Whether the Blocked count is exact. */
        public boolean blockedExact() {
            return blockedLimit == null;
        }
    }

    /** {@link Outcome#printedItems()}. */
    public List<StateItem> printedItems() {
        return outcome.printedItems();
    }

    /** {@link Outcome#states()}. */
    public Map<FinalState, Long> states() {
        return outcome.states();
    }

    /** {@link Outcome#fullStates()}. */
    public Set<FinalState> fullStates() {
        return outcome.fullStates();
    }

    /** {@link Outcome#positive()}. */
    public long positive() {
        return outcome.positive();
    }

    /** {@link Outcome#negative()}. */
    public long negative() {
        return outcome.negative();
    }

    /** {@link Outcome#blocked()}. */
    public long blocked() {
        return outcome.blocked();
    }

    /** {@link Outcome#raisedFlags()}. */
    public List<String> raisedFlags() {
        return outcome.raisedFlags();
    }

    /** {@link Outcome#warnings()}. */
    public List<Diagnostic> warnings() {
        return outcome.warnings();
    }

    /** {@link Outcome#blockedAt()}. */
    public Map<String, Long> blockedAt() {
        return outcome.blockedAt();
    }

    /** {@link Statistics#explored()}. */
    public long explored() {
        return statistics.explored();
    }

    /** {@link Statistics#partialReason()}. */
    public String partialReason() {
        return statistics.partialReason();
    }

    /** {@link Statistics#seconds()}. */
    public double seconds() {
        return statistics.seconds();
    }

    /** Whether the run stopped at a limit; its states are then those found so far. */
    public boolean partial() {
        return partialReason() != null;
    }

    /** Allowed iff some execution in X satisfies the proposition. */
    public Verdict verdict() {
        return positive() > 0 ? Verdict.ALLOWED : Verdict.FORBIDDEN;
    }

    /**
     * Whether the verdict is established: always for a complete run; for a partial run only when a
     * witness was found (Allowed). A partial run without a witness has shown nothing either way.
     */
    public boolean decided() {
        return !partial() || verdict() == Verdict.ALLOWED;
    }

    /** The verdict's word, or {@code Undecided} for a partial run without a witness ({@link #decided()}). */
    public String verdictWord() {
        return decided() ? verdict().word() : "Undecided";
    }

    /** Never, Sometimes or Always. */
    public Observation observation() {
        if (positive() == 0) {
            return Observation.NEVER;
        }
        return negative() == 0 ? Observation.ALWAYS : Observation.SOMETIMES;
    }

    /** herd7's Ok/No: whether the quantified condition holds. */
    public boolean ok() {
        Quantifier q = program.quantifier();
        switch (q) {
            case EXISTS: return positive() > 0;
            case NOT_EXISTS: return positive() == 0;
            case FORALL: return negative() == 0;
            default: throw new AssertionError(q);
        }
    }

    /** The {@code Positive:} number as printed (swapped for {@code ~exists}, as herd7 does). */
    public long printedPositive() {
        return program.quantifier() == Quantifier.NOT_EXISTS ? negative() : positive();
    }

    /** The {@code Negative:} number as printed. */
    public long printedNegative() {
        return program.quantifier() == Quantifier.NOT_EXISTS ? positive() : negative();
    }

    /** Whether no complete consistent execution passed the filter (models.md §9.3). */
    public boolean noCompleteExecution() {
        return positive() + negative() == 0;
    }
}
