package remo.checker;

import java.time.Duration;
import java.util.Set;

/**
 * Limits and output choices of one check run.
 *
 * @param maxExecutions  stop after exploring this many candidates (complete or abandoned); 0 = no limit
 * @param timeout        stop after this wall-clock time per test; {@code null} = no limit
 * @param skippedChecks  names of model checks to ignore (herd7's {@code -skipcheck})
 * @param collect        which complete executions to keep in the result
 * @param maxCollected   how many executions to keep at most
 * @param prune          whether partial candidates are checked and abandoned early (default on;
 *                       turning it off enumerates every candidate, e.g. to draw forbidden ones)
 * @param progress       receives progress reports, or {@code null}
 * @param maxBlocked     count at most this many blocked candidates (models.md §9.3) once every state
 *                       is found; the {@code Blocked} count is then a lower bound, and says so
 *                       ({@link CheckResult.Statistics#blockedLimit()}); 0 = count them all
 */
public record CheckOptions(long maxExecutions, Duration timeout, Set<String> skippedChecks, Collect collect,
                           int maxCollected, boolean prune, ProgressListener progress, long maxBlocked) {

    /**
     * The default of {@link #maxBlocked()}: blocked candidates have no final state, and a harness
     * whose threads run on past a failed spin has millions of them (docs/checker.md).
     */
    public static final long DEFAULT_MAX_BLOCKED = 100_000;

    public CheckOptions {
        skippedChecks = Set.copyOf(skippedChecks);
        if (maxExecutions < 0) {
            throw new IllegalArgumentException("maxExecutions must be >= 0");
        }
        if (maxBlocked < 0) {
            throw new IllegalArgumentException("maxBlocked must be >= 0");
        }
    }

    /** Options that count at most {@link #DEFAULT_MAX_BLOCKED} blocked candidates. */
    public CheckOptions(long maxExecutions, Duration timeout, Set<String> skippedChecks, Collect collect,
                        int maxCollected, boolean prune, ProgressListener progress) {
        this(maxExecutions, timeout, skippedChecks, collect, maxCollected, prune, progress, DEFAULT_MAX_BLOCKED);
    }

    /** Which executions a run keeps. */
    public enum Collect {
        /** None. */
        NONE,
        /** Consistent, complete executions whose state satisfies the condition's proposition. */
        WITNESS,
        /** Every consistent complete execution. */
        ALLOWED,
        /** Every complete candidate the model rejects (disables pruning). */
        FORBIDDEN,
        /** Every complete candidate (disables pruning). */
        ALL
    }

    /** Receives progress reports during long enumerations. */
    @FunctionalInterface
    public interface ProgressListener {
        /**
         * Called periodically.
         *
         * @param explored candidates explored so far
         * @param consistent consistent complete executions found so far
         */
        void progress(long explored, long consistent);
    }

    /**
     * The {@link System#nanoTime()} at which a run started at {@code start} must stop: saturating,
     * so that a huge timeout means no limit rather than an overflow into the past.
     */
    public long deadline(long start) {
        if (timeout == null) {
            return Long.MAX_VALUE;
        }
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
        long d = start + nanos;
        return ((start ^ d) & (nanos ^ d)) < 0 ? Long.MAX_VALUE : d;
    }

    /** No limits (but {@link #DEFAULT_MAX_BLOCKED}), nothing collected, pruning on. */
    public static CheckOptions defaults() {
        return new CheckOptions(0, null, Set.of(), Collect.NONE, 0, true, null, DEFAULT_MAX_BLOCKED);
    }

    /** A copy counting at most {@code n} blocked candidates (0 = all). */
    public CheckOptions withMaxBlocked(long n) {
        return new CheckOptions(maxExecutions, timeout, skippedChecks, collect, maxCollected, prune, progress, n);
    }

    /** A copy with another execution limit. */
    public CheckOptions withMaxExecutions(long n) {
        return new CheckOptions(n, timeout, skippedChecks, collect, maxCollected, prune, progress, maxBlocked);
    }

    /** A copy with another timeout. */
    public CheckOptions withTimeout(Duration t) {
        return new CheckOptions(maxExecutions, t, skippedChecks, collect, maxCollected, prune, progress, maxBlocked);
    }

    /** A copy that collects executions. */
    public CheckOptions collecting(Collect c, int max) {
        return new CheckOptions(maxExecutions, timeout, skippedChecks, c, max, prune, progress, maxBlocked);
    }

    /** A copy with pruning switched. */
    public CheckOptions withPrune(boolean on) {
        return new CheckOptions(maxExecutions, timeout, skippedChecks, collect, maxCollected, on, progress, maxBlocked);
    }

    /** A copy with skipped checks. */
    public CheckOptions skipping(Set<String> names) {
        return new CheckOptions(maxExecutions, timeout, names, collect, maxCollected, prune, progress, maxBlocked);
    }

    /** A copy with a progress listener. */
    public CheckOptions withProgress(ProgressListener l) {
        return new CheckOptions(maxExecutions, timeout, skippedChecks, collect, maxCollected, prune, l, maxBlocked);
    }

    /**
     * The partial reason of a run stopped by {@code --timeout}, e.g. {@code time limit of 0.001 s
     * reached after 0.104 s (--timeout)}: the limit as given, and the elapsed time with enough
     * digits to be meaningful for short limits.
     *
     * @param elapsedNanos time since the test started, nanoseconds
     */
    public String timeLimitReached(long elapsedNanos) {
        double secs = elapsedNanos / 1e9;
        String limit = timeout == null ? "" : "of " + seconds(timeout.toNanos() / 1e9) + " s ";
        return "time limit " + limit + "reached after " + seconds(secs) + " s (--timeout)";
    }

    /**
     * Seconds as messages print them: 3 decimals below 10 s, 1 above, trailing zeros dropped
     * ({@code 0.3}, {@code 5}, {@code 12.5}); also the limits of other commands' time-limit notes.
     *
     * @param s a duration in seconds
     */
    public static String seconds(double s) {
        return String.format(java.util.Locale.ROOT, s < 10 ? "%.3f" : "%.1f", s).replaceFirst("\\.?0+$", "")
                .replaceFirst("^$", "0");
    }
}
