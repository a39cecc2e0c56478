package remo.nic.error;

import remo.nic.RunResult;

/**
 * Deterministic mode: no action is enabled while some thread has not finished (nic.md §5.1). The
 * message lists, per thread, the pending call and why it is blocked, plus every store buffer and QP.
 * Concurrent mode: a call that can never return (a poll with nothing left to poll).
 */
public class SimulationDeadlockException extends PartialRunException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the diagnosis
     * @param partial the run so far (trace and metrics up to the deadlock), or {@code null}
     */
    public SimulationDeadlockException(String message, RunResult partial) {
        super(message, partial);
    }
}
