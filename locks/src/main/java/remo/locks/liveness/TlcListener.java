package remo.locks.liveness;

/**
 * What a caller hears while TLC runs, for a progress display. Called from reader threads; every
 * method has an empty default.
 */
public interface TlcListener {
    /** A listener that ignores everything. */
    TlcListener NONE = new TlcListener() {
    };

    /**
     * A TLC run starts.
     *
     * @param what what it checks, for example "wlock C1: MutualExclusion BoundedBypass"
     */
    default void runStarted(String what) {
    }

    /**
     * TLC's count so far.
     *
     * @param distinct distinct states found so far
     * @param queue    states waiting on TLC's queue
     */
    default void progress(long distinct, long queue) {
    }

    /**
     * TLC entered a phase or said something worth showing (for example that it checks the temporal
     * properties on the complete state space, or that a distributed worker registered).
     */
    default void phase(String text) {
    }

    /** The child JVM started (a test may use the handle to simulate a crash). */
    default void processStarted(ProcessHandle process) {
    }
}
