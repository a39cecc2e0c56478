package remo.symbolic;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sat4j.specs.ISolver;

/**
 * Stops the SAT solves of queries whose answers are no longer needed (the thread layouts solved
 * ahead of a search that has ended, {@link LayoutProbes}): a solve running when {@link #stop()} is
 * called, or started after it, is aborted (Kodkod then throws {@code AbortedException}). Safe for
 * use from several threads.
 */
final class SolverStop {
    private final Set<ISolver> running = ConcurrentHashMap.newKeySet();
    private volatile boolean stopped;

    /** Aborts every running solve registered here and every later one. */
    void stop() {
        stopped = true;
        for (ISolver s : running) {
            s.expireTimeout();
        }
    }

    /** Whether {@link #stop()} was called. */
    boolean stopped() {
        return stopped;
    }

    /** Registers a solve that is about to start (it is aborted by a later {@link #stop()}). */
    void started(ISolver solver) {
        running.add(solver);
    }

    /** Deregisters a solve that has returned. */
    void finished(ISolver solver) {
        running.remove(solver);
    }
}
