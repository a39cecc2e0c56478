package remo.cli.playground;

/**
 * The limits of every playground request (docs/playground.md, "Safety"): the page shows them, and
 * a request may ask for less but never for more.
 *
 * @param maxInputBytes     the largest test or cat text, in UTF-8 bytes; a request body may hold
 *                          three such texts and its options, {@link #maxBodyBytes()}
 * @param timeLimitSeconds  the time limit of one request's work, seconds (a check stops with a
 *                          partial result as for {@code --timeout}; robustness is then unknown; a
 *                          simulation keeps the runs made)
 * @param memoryBudgetMiB   the memory one request may allocate, MiB (the JVM measures what a
 *                          thread allocates, not what it keeps; what it keeps is less); reaching
 *                          it stops the request as an interrupt does, with a partial result
 * @param maxRuns           requests worked on at once; more wait in line
 * @param queueSeconds      how long a request waits in line before it is turned away (HTTP 503)
 * @param maxExecutions     the most candidate executions (operational engine: machine states) one check explores
 * @param maxGraphs         the most executions one check lists and draws
 * @param maxSimulationRuns the most runs of one simulation
 */
public record PlaygroundLimits(long maxInputBytes, double timeLimitSeconds, long memoryBudgetMiB, int maxRuns,
                               double queueSeconds, long maxExecutions, int maxGraphs, int maxSimulationRuns) {

    /** The default input limit: 64 KiB, six times the largest test of examples/ and testdata/. */
    public static final long DEFAULT_MAX_INPUT_BYTES = 64 * 1024;

    /** The default time limit per request, seconds. */
    public static final double DEFAULT_TIME_LIMIT = 10;

    /** The default number of candidates one check may explore. */
    public static final long DEFAULT_MAX_EXECUTIONS = 5_000_000;

    /** The default number of executions a check lists and draws. */
    public static final int DEFAULT_MAX_GRAPHS = 200;

    /** The default number of runs of one simulation. */
    public static final int DEFAULT_MAX_SIMULATION_RUNS = 5000;

    public PlaygroundLimits {
        if (maxInputBytes < 1 || !(timeLimitSeconds > 0) || memoryBudgetMiB < 1 || maxRuns < 1 || !(queueSeconds >= 0)
                || maxExecutions < 1 || maxGraphs < 1 || maxSimulationRuns < 1) {
            throw new IllegalArgumentException("every playground limit must be positive");
        }
    }

    /**
     * The defaults on this JVM: 2 requests per processor at once, and a memory budget per request
     * of the heap's share of one of them plus one for the server ({@link #defaultBudgetMiB}).
     */
    public static PlaygroundLimits defaults() {
        int runs = Math.max(2, 2 * Runtime.getRuntime().availableProcessors());
        return new PlaygroundLimits(DEFAULT_MAX_INPUT_BYTES, DEFAULT_TIME_LIMIT, defaultBudgetMiB(runs), runs, 60,
                DEFAULT_MAX_EXECUTIONS, DEFAULT_MAX_GRAPHS, DEFAULT_MAX_SIMULATION_RUNS);
    }

    /**
     * The default memory budget for {@code runs} requests at once: the heap divided by
     * {@code runs + 1}, at least 64 MiB and at most 4 GiB. What a request keeps is at most what it
     * allocates, so {@code runs} requests at their budgets leave a share of the heap to the server
     * (on the 2-core, 24 GiB machine of docs/performance.md: 4 requests, 1.2 GiB each; a lock
     * harness that checks for 10 s allocates about 1.3 GiB).
     */
    public static long defaultBudgetMiB(int runs) {
        long heapMiB = Runtime.getRuntime().maxMemory() >> 20;
        return Math.max(64, Math.min(4096, heapMiB / (runs + 1)));
    }

    /** The largest request body: three texts at the input limit and 16 KiB of options. */
    public long maxBodyBytes() {
        return 3 * maxInputBytes + 16 * 1024;
    }

    /** A copy with another input limit. */
    public PlaygroundLimits withMaxInputBytes(long bytes) {
        return new PlaygroundLimits(bytes, timeLimitSeconds, memoryBudgetMiB, maxRuns, queueSeconds, maxExecutions, maxGraphs,
                maxSimulationRuns);
    }

    /** A copy with another time limit. */
    public PlaygroundLimits withTimeLimit(double seconds) {
        return new PlaygroundLimits(maxInputBytes, seconds, memoryBudgetMiB, maxRuns, queueSeconds, maxExecutions, maxGraphs,
                maxSimulationRuns);
    }

    /** A copy with another memory budget. */
    public PlaygroundLimits withMemoryBudget(long mib) {
        return new PlaygroundLimits(maxInputBytes, timeLimitSeconds, mib, maxRuns, queueSeconds, maxExecutions, maxGraphs,
                maxSimulationRuns);
    }

    /** A copy with another number of requests at once. */
    public PlaygroundLimits withMaxRuns(int runs) {
        return new PlaygroundLimits(maxInputBytes, timeLimitSeconds, memoryBudgetMiB, runs, queueSeconds, maxExecutions, maxGraphs,
                maxSimulationRuns);
    }
}
