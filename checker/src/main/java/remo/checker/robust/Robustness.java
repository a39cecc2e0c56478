package remo.checker.robust;

import java.util.List;
import java.util.Set;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.checker.GraphCheck;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.CheckOutcome;

/**
 * Robustness analysis (models.md §10): compares a weak model M with a strong model S(M) on a
 * program, conditions and filters ignored. State robustness compares outcome sets; trace
 * robustness judges every complete M-consistent execution with S's axioms (fixed-graph mode).
 * Both stop at the first violating execution when only a yes/no answer is needed.
 */
public final class Robustness {
    private final CatModel weak;
    private final CatModel strong;
    private final FlagValues flags;
    private final CheckOptions options;
    private final long deadline;
    /** When the test started and its whole time limit, for messages ({@code 0}/{@code null} without one). */
    private long start;
    private java.time.Duration limit;

    /**
     * @param weak    the weak model M
     * @param strong  the strong model S(M)
     * @param flags   the flag values of the run
     * @param options limits for each enumeration
     */
    public Robustness(CatModel weak, CatModel strong, FlagValues flags, CheckOptions options) {
        this(weak, strong, flags, options, Long.MAX_VALUE);
    }

    private Robustness(CatModel weak, CatModel strong, FlagValues flags, CheckOptions options, long deadline) {
        this.weak = weak;
        this.strong = strong;
        this.flags = flags;
        this.options = options;
        this.deadline = deadline;
    }

    /**
     * A copy whose analyses (and repair searches) stop with {@link LimitReachedException} once
     * {@link System#nanoTime()} passes {@code nanoTime}: a time limit for a whole test.
     */
    public Robustness withDeadline(long nanoTime) {
        return new Robustness(weak, strong, flags, options, nanoTime);
    }

    /**
     * As {@link #withDeadline}, for a time limit of {@code limit} counted from {@code startNanos}
     * ({@link System#nanoTime()}): messages then name that limit (the user's {@code --timeout}),
     * not the time left when an enumeration began.
     */
    public Robustness withTimeLimit(long startNanos, java.time.Duration limit) {
        Robustness r = new Robustness(weak, strong, flags, options, options.withTimeout(limit).deadline(startNanos));
        r.start = startNanos;
        r.limit = limit;
        return r;
    }

    /** Why a partial enumeration stopped, in terms of the whole test's limit when time ran out. */
    private String reason(CheckResult r) {
        String why = r.partialReason();
        if (limit != null && why != null && why.endsWith("(--timeout)")) {
            return options.withTimeout(limit).timeLimitReached(System.nanoTime() - start);
        }
        return why;
    }

    /** The reason for an {@link AxiomaticChecker#explore} run that a limit stopped. */
    private String stopped() {
        if (remo.core.Interruption.requested()) {
            return remo.core.Interruption.reason();
        }
        if (deadline != Long.MAX_VALUE && System.nanoTime() > deadline) {
            return limit != null ? options.withTimeout(limit).timeLimitReached(System.nanoTime() - start)
                    : "the time limit was reached (--timeout)";
        }
        return "a limit was reached (--max-executions)";
    }

    /**
     * The options for the next enumeration: the configured ones, with the time left before the
     * deadline as their timeout.
     *
     * @throws LimitReachedException if the deadline has passed
     */
    CheckOptions options() {
        if (deadline == Long.MAX_VALUE) {
            return options;
        }
        java.time.Duration d = java.time.Duration.ofNanos(timeLeft());
        return options.timeout() != null && options.timeout().compareTo(d) < 0 ? options : options.withTimeout(d);
    }

    /**
     * The nanoseconds left before the deadline ({@link Long#MAX_VALUE} without one). Every step of
     * an analysis or repair search that is not an enumeration (building candidate insertions,
     * applying them) calls this between steps, so that the whole per-test run shares one deadline.
     *
     * @throws LimitReachedException if the deadline has passed
     */
    long timeLeft() {
        if (remo.core.Interruption.requested()) {
            throw new LimitReachedException(remo.core.Interruption.reason());
        }
        if (deadline == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new LimitReachedException(stopped());
        }
        return left;
    }

    /**
     * The strong counterpart S(M) of a bundled weak model (models.md §10 table).
     *
     * @return {@code rdma-sc-rmw} for the RDMA^TSO family, {@code sc} for {@code tso}, or null for
     *         any other model (the user must name the strong model)
     */
    public static String strongCounterpart(String weakName) {
        switch (weakName) {
            case "rdma-tso": case "rdma-tso-rmw": case "rdma-wait-rmw": return "rdma-sc-rmw";
            case "tso": return "sc";
            default: return null;
        }
    }

    /** The weak model. */
    public CatModel weak() {
        return weak;
    }

    /** The strong model. */
    public CatModel strong() {
        return strong;
    }

    /** The flag values of the analysis. */
    public FlagValues flags() {
        return flags;
    }

    /**
     * {@code FS_S(P)}, the outcome set of the strong model.
     *
     * @throws LitmusException E-UNSUPPORTED if S rejects an instruction of the program
     */
    public Set<FinalState> strongStates(Program p) throws LitmusException {
        CheckResult r = AxiomaticChecker.check(p, strong, flags, options());
        if (r.partial()) {
            throw new LimitReachedException("the strong outcome set is unknown: " + reason(r));
        }
        return r.fullStates();
    }

    /**
     * Full analysis: both notions, with a violating execution for each notion that fails.
     *
     * @throws LitmusException E-UNSUPPORTED if M or S rejects an instruction of the program
     * @throws LimitReachedException if a limit of the options stopped an enumeration first
     */
    public RobustnessReport analyse(Program p) throws LitmusException {
        CheckResult weakResult = AxiomaticChecker.check(p, weak, flags, options());
        if (weakResult.partial()) {
            throw new LimitReachedException("the weak outcome set is unknown: " + reason(weakResult));
        }
        Set<FinalState> strongStates = strongStates(p);
        GraphCheck.Judge judge = new GraphCheck.Judge(new EventStructure(p, flags), strong, flags);
        Execution[] stateViolation = {null};
        Execution[] traceViolation = {null};
        CheckOutcome[] traceOutcome = {null};
        AxiomaticChecker.ExploreStatus status = AxiomaticChecker.explore(p, weak, flags, options(), x -> {
            if (stateViolation[0] == null && !strongStates.contains(x.finalState())) {
                stateViolation[0] = x;
            }
            if (traceViolation[0] == null) {
                CheckOutcome o = judge.judge(x);
                if (!o.consistent()) {
                    traceViolation[0] = x;
                    traceOutcome[0] = o;
                }
            }
            return stateViolation[0] == null || traceViolation[0] == null;
        });
        if (status == AxiomaticChecker.ExploreStatus.LIMIT_REACHED) {
            throw new LimitReachedException("the search for a violating execution stopped: " + stopped());
        }
        String check = traceOutcome[0] == null ? null : traceOutcome[0].failedCheck().name();
        List<Integer> cycle = traceOutcome[0] == null ? List.of() : judge.cycle(traceViolation[0], traceOutcome[0]);
        // models.md §10.1 is equality: a strong-only state (the models given in the wrong order) is not robust either
        boolean stateRobust = stateViolation[0] == null && weakResult.fullStates().containsAll(strongStates);
        return new RobustnessReport(p, weak.name(), strong.name(), stateRobust, traceViolation[0] == null,
                weakResult.fullStates(), strongStates, stateViolation[0], traceViolation[0], check, cycle);
    }

    /**
     * Whether {@code p} is robust in {@code notion}, stopping at the first violation. State
     * robustness is equality (models.md §10.1): every weak final state is in {@code strongStates}
     * and every state of {@code strongStates} is reached.
     *
     * @param strongStates {@code FS_S} of the program (needed for the state notion; insertions of a
     *                     repair do not change it, models.md §10.3)
     * @throws LitmusException E-UNSUPPORTED if M rejects an instruction of the program
     * @throws LimitReachedException if a limit of the options stopped the enumeration first
     */
    public boolean isRobust(Program p, Notion notion, Set<FinalState> strongStates) throws LitmusException {
        AxiomaticChecker.ExploreStatus status;
        Set<FinalState> reached = new java.util.HashSet<>();
        if (notion == Notion.STATE) {
            status = AxiomaticChecker.explore(p, weak, flags, options(), x -> {
                reached.add(x.finalState());
                return strongStates.contains(x.finalState());
            });
        } else {
            GraphCheck.Judge judge = new GraphCheck.Judge(new EventStructure(p, flags), strong, flags);
            status = AxiomaticChecker.explore(p, weak, flags, options(), x -> judge.judge(x).consistent());
        }
        if (status == AxiomaticChecker.ExploreStatus.LIMIT_REACHED) {
            throw new LimitReachedException("the search for a violating execution stopped: " + stopped());
        }
        return status == AxiomaticChecker.ExploreStatus.COMPLETE
                && (notion != Notion.STATE || reached.containsAll(strongStates));
    }
}
