package remo.nic.error;

import remo.nic.RunResult;
import remo.nic.SimCluster;

/**
 * Thrown by {@code SimCluster.run()} when flushed ops were never reported to their endpoint by a
 * {@code waitFor}/{@code gf}/{@code poll} and the fault plan did not declare them expected (nic.md §7.4).
 * The run's result, with {@link RunResult#unreportedFailures()}, is attached.
 */
public class UnreportedFailureException extends RdmaFailureException {
    private static final long serialVersionUID = 1L;
    private final transient RunResult result;

    /** @param result the completed run */
    public UnreportedFailureException(RunResult result) {
        super("flushed ops were never reported to their endpoint: " + result.unreportedFailures());
        this.result = result;
    }

    /** The run's result. */
    public RunResult result() {
        return result;
    }
}
