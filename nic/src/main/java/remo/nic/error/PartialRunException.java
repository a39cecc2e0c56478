package remo.nic.error;

import remo.nic.RunResult;

/**
 * A deterministic run that ended before quiescence and carries what it did so far (trace and
 * metrics up to its end): a deadlock, a bound of its size, a misused failed attempt.
 */
public abstract class PartialRunException extends SimulationException {
    private static final long serialVersionUID = 1L;
    private final transient RunResult partial;

    /**
     * @param message the diagnosis
     * @param partial the run so far, or {@code null}
     */
    protected PartialRunException(String message, RunResult partial) {
        super(message);
        this.partial = partial;
    }

    /** The run so far, or {@code null}. */
    public RunResult partial() {
        return partial;
    }
}
