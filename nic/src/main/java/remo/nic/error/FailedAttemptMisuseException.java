package remo.nic.error;

import remo.nic.RunResult;

/**
 * A run of the model checker in which a thread declared an attempt failed
 * ({@link remo.nic.Endpoint#attemptFailed()}) although the attempt wrote a word that another thread
 * used afterwards: the run cannot be discarded, and the declaration is reported as a misuse
 * (docs/reference/nic.md §5.3). Thrown only in runs under an {@link remo.nic.det.ActionController};
 * the explorer reports it as an assertion violation with the run's schedule.
 */
public class FailedAttemptMisuseException extends PartialRunException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message which thread, which word, where the attempt started
     * @param partial the run so far, or {@code null}
     */
    public FailedAttemptMisuseException(String message, RunResult partial) {
        super(message, partial);
    }
}
