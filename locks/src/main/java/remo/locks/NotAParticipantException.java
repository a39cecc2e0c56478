package remo.locks;

/**
 * A lock method was called from an endpoint whose node is not a client node of the lock
 * (locks.md §2.1, loco.md §3.2). Thrown before any memory access; the lock is unchanged.
 */
public class NotAParticipantException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message names the lock, the method, the endpoint (thread and node) and the client nodes */
    public NotAParticipantException(String message) {
        super(message);
    }
}
