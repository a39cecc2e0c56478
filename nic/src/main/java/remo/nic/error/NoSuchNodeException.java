package remo.nic.error;

/** A node id outside {@code 1..N} (nic.md §8). */
public class NoSuchNodeException extends RdmaArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public NoSuchNodeException(String message) {
        super(message);
    }
}
