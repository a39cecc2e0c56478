package remo.symbolic;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * The bounds and limits of a model comparison.
 *
 * @param maxEvents     the largest number of real events searched (initial writes not counted)
 * @param maxThreads    most threads
 * @param maxNodes      most nodes
 * @param timeout       wall-clock limit of the whole comparison, or {@code null} for none
 * @param maxCandidates how many distinguishing executions of one size may fail the checker's
 *                      confirmation before the search moves on to the next size
 * @param progress      receives one line per step (sizes started and finished, candidates), or
 *                      {@code null}
 */
public record ComparisonOptions(int maxEvents, int maxThreads, int maxNodes, Duration timeout, int maxCandidates,
                                Consumer<String> progress) {

    /**
     * @throws IllegalArgumentException if a bound is below 1
     */
    public ComparisonOptions {
        if (maxEvents < 1 || maxThreads < 1 || maxNodes < 1 || maxCandidates < 1) {
            throw new IllegalArgumentException("bounds must be at least 1: events " + maxEvents + ", threads "
                    + maxThreads + ", nodes " + maxNodes + ", candidates " + maxCandidates);
        }
    }

    /** Up to {@code maxEvents} events, 4 threads, 2 nodes, no time limit, 200 candidates per size. */
    public static ComparisonOptions upTo(int maxEvents) {
        return new ComparisonOptions(maxEvents, 4, 2, null, 200, null);
    }

    /** A copy with other thread and node bounds. */
    public ComparisonOptions withShape(int threads, int nodes) {
        return new ComparisonOptions(maxEvents, threads, nodes, timeout, maxCandidates, progress);
    }

    /** A copy with a time limit. */
    public ComparisonOptions withTimeout(Duration t) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, t, maxCandidates, progress);
    }

    /** A copy with a progress listener. */
    public ComparisonOptions withProgress(Consumer<String> p) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, timeout, maxCandidates, p);
    }

    /** A copy with another candidate limit. */
    public ComparisonOptions withMaxCandidates(int n) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, timeout, n, progress);
    }
}
