package remo.locks;

/**
 * The local lock instance is BROKEN: an earlier method met a NIC failure (loco.md §3.6,
 * locks.md §2.1). Nothing is retried or repaired; the cause of the first failure is attached.
 */
public class ObjectBrokenException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message names the lock and the method
     * @param cause   the NIC failure that broke the instance
     */
    public ObjectBrokenException(String message, Throwable cause) {
        super(message, cause);
    }
}
