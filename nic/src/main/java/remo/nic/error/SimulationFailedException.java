package remo.nic.error;

import java.util.Map;
import remo.nic.RunResult;

/**
 * Thrown by {@code SimCluster.run()} when one or more simulated threads threw (nic.md §3): failures
 * speak by default, so that a program whose thread throws does not go on as if nothing happened.
 * The message names every failed thread, its node and its exception; the first thread's exception
 * is the cause, the others are attached as suppressed exceptions. The run itself completed:
 * {@link #result()} (and {@code SimCluster.result()}) hold it. Code that expects thread failures
 * (a test of a misuse, a fault run) calls {@code SimCluster.runAllowingFailures()} instead, or builds
 * the cluster with {@code allowThreadFailures(true)}, and reads {@link RunResult#threadFailures()}.
 */
public class SimulationFailedException extends SimulationException {
    private static final long serialVersionUID = 1L;
    private final transient RunResult result;

    /**
     * @param message the diagnosis: every failed thread with its node and exception
     * @param result  the completed run, whose {@link RunResult#threadFailures()} is not empty
     */
    public SimulationFailedException(String message, RunResult result) {
        super(message);
        this.result = result;
        boolean first = true;
        for (Throwable t : result.threadFailures().values()) {
            if (first) {
                initCause(t);
                first = false;
            } else {
                addSuppressed(t);
            }
        }
    }

    /** The completed run. */
    public RunResult result() {
        return result;
    }

    /** Thread name to the exception its body (or script) threw, in spawn order. */
    public Map<String, Throwable> failures() {
        return result.threadFailures();
    }
}
