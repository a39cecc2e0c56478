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
 * @param jobs          how many threads solve the thread layouts of one size at a time (1: one
 *                      after the other); the result is the same for every value
 */
public record ComparisonOptions(int maxEvents, int maxThreads, int maxNodes, Duration timeout, int maxCandidates,
                                Consumer<String> progress, int jobs) {

    /**
     * @throws IllegalArgumentException if a bound or the number of jobs is below 1
     */
    public ComparisonOptions {
        if (maxEvents < 1 || maxThreads < 1 || maxNodes < 1 || maxCandidates < 1 || jobs < 1) {
            throw new IllegalArgumentException("bounds must be at least 1: events " + maxEvents + ", threads "
                    + maxThreads + ", nodes " + maxNodes + ", candidates " + maxCandidates + ", jobs " + jobs);
        }
    }

    /**
     * Up to {@code maxEvents} events, 4 threads, 2 nodes, no time limit, 200 candidates per size,
     * as many jobs as the JVM has processors.
     */
    public static ComparisonOptions upTo(int maxEvents) {
        return new ComparisonOptions(maxEvents, 4, 2, null, 200, null, Runtime.getRuntime().availableProcessors());
    }

    /** A copy with other thread and node bounds. */
    public ComparisonOptions withShape(int threads, int nodes) {
        return new ComparisonOptions(maxEvents, threads, nodes, timeout, maxCandidates, progress, jobs);
    }

    /** A copy with a time limit. */
    public ComparisonOptions withTimeout(Duration t) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, t, maxCandidates, progress, jobs);
    }

    /** A copy with a progress listener. */
    public ComparisonOptions withProgress(Consumer<String> p) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, timeout, maxCandidates, p, jobs);
    }

    /** A copy with another candidate limit. */
    public ComparisonOptions withMaxCandidates(int n) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, timeout, n, progress, jobs);
    }

    /**
     * A copy with another number of jobs.
     *
     * @throws IllegalArgumentException if {@code n} is below 1
     */
    public ComparisonOptions withJobs(int n) {
        return new ComparisonOptions(maxEvents, maxThreads, maxNodes, timeout, maxCandidates, progress, n);
    }
}
