package remo.nic.explore;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The bounds and switches of an exploration. Start from {@link #defaults()} and change what you
 * need; every bound that stops an exploration is reported in its result.
 *
 * @param reduction            {@link Reduction#DPOR} (default) or {@link Reduction#NONE}, every
 *                             interleaving (to measure what the reduction saves)
 * @param maxExecutions        stop after this many runs (complete, pruned or cut), default 1 000 000
 * @param timeLimit            stop after this long, or {@code null} for no limit (default)
 * @param maxStepsPerRun       a run longer than this many scheduler steps is cut and counted
 *                             (a livelock the spin reduction does not catch), default 100 000
 * @param stopAtFirstViolation stop at the first violation (default) or collect every one
 * @param cancelled            polled between runs: {@code true} stops the exploration (Ctrl-C, a
 *                             caller's timeout); default never
 * @param deadlockIsViolation  whether a run in which some thread can never finish is a
 *                             {@link Violation.Kind#LIVENESS} violation (default); off, such runs are
 *                             counted as stuck (a litmus program's blocked executions, models.md §9.3)
 * @param shrink               whether the first counterexample is shrunk (default): fewest context
 *                             switches, then NIC delays, then actions ({@code ScheduleShrinker})
 */
public record ExplorationOptions(Reduction reduction, long maxExecutions, Duration timeLimit, long maxStepsPerRun,
                                 boolean stopAtFirstViolation, BooleanSupplier cancelled, boolean deadlockIsViolation,
                                 boolean shrink) {

    /** How much of the schedule space is run. */
    public enum Reduction {
        /** One schedule per class of schedules that differ only in the order of independent steps. */
        DPOR,
        /** Every interleaving of the enabled actions (spin loops are still blocked while unchanged). */
        NONE
    }

    public ExplorationOptions {
        Objects.requireNonNull(reduction, "reduction");
        Objects.requireNonNull(cancelled, "cancelled");
        if (maxExecutions < 1) {
            throw new IllegalArgumentException("maxExecutions must be at least 1, got " + maxExecutions);
        }
        if (maxStepsPerRun < 1) {
            throw new IllegalArgumentException("maxStepsPerRun must be at least 1, got " + maxStepsPerRun);
        }
        if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
            throw new IllegalArgumentException("timeLimit must be positive, got " + timeLimit);
        }
    }

    /** DPOR, 1 000 000 runs, no time limit, 100 000 steps per run, stop at the first violation. */
    public static ExplorationOptions defaults() {
        return new ExplorationOptions(Reduction.DPOR, 1_000_000, null, 100_000, true, () -> false, true, true);
    }

    /** With another reduction. */
    public ExplorationOptions withReduction(Reduction r) {
        return new ExplorationOptions(r, maxExecutions, timeLimit, maxStepsPerRun, stopAtFirstViolation, cancelled,
                deadlockIsViolation, shrink);
    }

    /** With another bound on the number of runs. */
    public ExplorationOptions withMaxExecutions(long n) {
        return new ExplorationOptions(reduction, n, timeLimit, maxStepsPerRun, stopAtFirstViolation, cancelled,
                deadlockIsViolation, shrink);
    }

    /** With a time limit ({@code null}: none). */
    public ExplorationOptions withTimeLimit(Duration d) {
        return new ExplorationOptions(reduction, maxExecutions, d, maxStepsPerRun, stopAtFirstViolation, cancelled,
                deadlockIsViolation, shrink);
    }

    /** With another bound on the steps of one run. */
    public ExplorationOptions withMaxStepsPerRun(long n) {
        return new ExplorationOptions(reduction, maxExecutions, timeLimit, n, stopAtFirstViolation, cancelled,
                deadlockIsViolation, shrink);
    }

    /** Whether to stop at the first violation. */
    public ExplorationOptions withStopAtFirstViolation(boolean stop) {
        return new ExplorationOptions(reduction, maxExecutions, timeLimit, maxStepsPerRun, stop, cancelled,
                deadlockIsViolation, shrink);
    }

    /** Whether a run that cannot finish is a violation (otherwise it is counted as stuck). */
    public ExplorationOptions withDeadlockIsViolation(boolean on) {
        return new ExplorationOptions(reduction, maxExecutions, timeLimit, maxStepsPerRun, stopAtFirstViolation, cancelled,
                on, shrink);
    }

    /** Whether the first counterexample is shrunk. */
    public ExplorationOptions withShrink(boolean on) {
        return new ExplorationOptions(reduction, maxExecutions, timeLimit, maxStepsPerRun, stopAtFirstViolation, cancelled,
                deadlockIsViolation, on);
    }

    /** With a cancellation flag, polled between runs. */
    public ExplorationOptions withCancellation(BooleanSupplier c) {
        return new ExplorationOptions(reduction, maxExecutions, timeLimit, maxStepsPerRun, stopAtFirstViolation, c,
                deadlockIsViolation, shrink);
    }
}
