package remo.locks;

/**
 * A ticket lock was used by more than {@code slotsPerNode} distinct endpoints on one node: slots are
 * bound to endpoints on first use and never freed (locks.md §2.1, §3.2). Thrown before any memory
 * access; the lock is unchanged.
 */
public class TooManyClientsException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message names the lock, the node, the endpoint and the slot count */
    public TooManyClientsException(String message) {
        super(message);
    }
}
