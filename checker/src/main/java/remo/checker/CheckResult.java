package remo.checker;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import remo.litmus.Diagnostic;
import remo.litmus.FlagValues;
import remo.litmus.Program;
import remo.litmus.Quantifier;
import remo.litmus.StateItem;

/**
 * The outcome of checking one test under one model (models.md §9): states, counts, verdict,
 * flags, warnings, and optionally some executions. Produced by the axiomatic engine and the
 * operational explorer alike. Immutable.
 *
 * @param program        the test
 * @param model          the model's name
 * @param engine         {@code axiomatic} or {@code operational}
 * @param flags          the flag values of the run
 * @param printedItems   the items each state line prints (models.md §9.4)
 * @param states         projected final states of the executions in X (after the filter), each with
 *                       the number of executions reaching it
 * @param fullStates     the outcome set {@code FS_M(P)}: full final states of every complete
 *                       consistent execution (filter ignored)
 * @param positive       executions in X satisfying the proposition (unswapped)
 * @param negative       executions in X not satisfying it (unswapped)
 * @param blocked        consistent candidates that are blocked (models.md §9.3)
 * @param explored       candidates explored (complete or abandoned), or machine states for the
 *                       operational engine
 * @param raisedFlags    names of model flags that hold on at least one consistent execution
 * @param warnings       model-dependent warnings (W-POLL-BLOCKS, W-WAIT-VACUOUS)
 * @param partialReason  why the run stopped early, or {@code null} if it is complete
 * @param seconds        wall-clock time of the run
 * @param executions     the executions kept according to {@link CheckOptions#collect()}
 * @param blockedAt      where blocked consistent candidates block, e.g. {@code P1:3 assume (r0 == 1)}
 *                       (one entry per blocking point, joined by {@code ", "} when several threads
 *                       block), with the number of candidates
 * @param statistics     the axiomatic engine's candidate counters ({@link ExplorationStatistics#NONE} for
 *                       the operational engine)
 */
public record CheckResult(Program program, String model, String engine, FlagValues flags, List<StateItem> printedItems,
                          Map<FinalState, Long> states, Set<FinalState> fullStates, long positive, long negative,
                          long blocked, long explored, List<String> raisedFlags, List<Diagnostic> warnings,
                          String partialReason, double seconds, List<Execution> executions, Map<String, Long> blockedAt,
                          ExplorationStatistics statistics) {

    public CheckResult {
        blockedAt = Collections.unmodifiableMap(new TreeMap<>(blockedAt));
        printedItems = List.copyOf(printedItems);
        states = Collections.unmodifiableMap(new TreeMap<>(states));
        fullStates = Collections.unmodifiableSet(new TreeSet<>(fullStates));
        raisedFlags = List.copyOf(raisedFlags);
        warnings = List.copyOf(warnings);
        executions = List.copyOf(executions);
    }

    /** A result without candidate counters (the operational engine). */
    public CheckResult(Program program, String model, String engine, FlagValues flags, List<StateItem> printedItems,
                       Map<FinalState, Long> states, Set<FinalState> fullStates, long positive, long negative,
                       long blocked, long explored, List<String> raisedFlags, List<Diagnostic> warnings,
                       String partialReason, double seconds, List<Execution> executions, Map<String, Long> blockedAt) {
        this(program, model, engine, flags, printedItems, states, fullStates, positive, negative, blocked, explored,
                raisedFlags, warnings, partialReason, seconds, executions, blockedAt, ExplorationStatistics.NONE);
    }

    /** A result without blocking details (engines that do not record them). */
    public CheckResult(Program program, String model, String engine, FlagValues flags, List<StateItem> printedItems,
                       Map<FinalState, Long> states, Set<FinalState> fullStates, long positive, long negative,
                       long blocked, long explored, List<String> raisedFlags, List<Diagnostic> warnings,
                       String partialReason, double seconds, List<Execution> executions) {
        this(program, model, engine, flags, printedItems, states, fullStates, positive, negative, blocked, explored,
                raisedFlags, warnings, partialReason, seconds, executions, Map.of());
    }

    /** Whether the run stopped at a limit; its states are then those found so far. */
    public boolean partial() {
        return partialReason != null;
    }

    /** Allowed iff some execution in X satisfies the proposition. */
    public Verdict verdict() {
        return positive > 0 ? Verdict.ALLOWED : Verdict.FORBIDDEN;
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
        if (positive == 0) {
            return Observation.NEVER;
        }
        return negative == 0 ? Observation.ALWAYS : Observation.SOMETIMES;
    }

    /** herd7's Ok/No: whether the quantified condition holds. */
    public boolean ok() {
        Quantifier q = program.quantifier();
        switch (q) {
            case EXISTS: return positive > 0;
            case NOT_EXISTS: return positive == 0;
            case FORALL: return negative == 0;
            default: throw new AssertionError(q);
        }
    }

    /** The {@code Positive:} number as printed (swapped for {@code ~exists}, as herd7 does). */
    public long printedPositive() {
        return program.quantifier() == Quantifier.NOT_EXISTS ? negative : positive;
    }

    /** The {@code Negative:} number as printed. */
    public long printedNegative() {
        return program.quantifier() == Quantifier.NOT_EXISTS ? positive : negative;
    }

    /** Whether no complete consistent execution passed the filter (models.md §9.3). */
    public boolean noCompleteExecution() {
        return positive + negative == 0;
    }
}
