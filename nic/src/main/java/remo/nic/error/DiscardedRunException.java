package remo.nic.error;

/**
 * A run of the model checker that is discarded, not checked: a thread stopped at an attempt it
 * declared failed ({@link remo.nic.Endpoint#attemptFailed()}), and a word that attempt read has
 * changed since, so a retry might pass. Another run, in which the attempt comes after that change,
 * covers this one (docs/reference/nic.md §5.3). Thrown only in runs under an
 * {@link remo.nic.det.ActionController}; the explorer counts these runs as discarded.
 */
public class DiscardedRunException extends SimulationException {
    private static final long serialVersionUID = 1L;

    /** @param message which thread stopped and at which scheduler step */
    public DiscardedRunException(String message) {
        super(message);
    }
}
