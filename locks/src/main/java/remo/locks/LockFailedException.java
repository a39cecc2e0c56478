package remo.locks;

import remo.loco.ObjectBrokenException;

/**
 * A NIC failure ({@code remo.nic.error.RdmaFailureException}: QP error, crash) surfaced inside a lock
 * method's own {@code waitFor}/{@code gf} (locks.md §2.1). The instance is BROKEN from now on: this
 * call throws {@code LockFailedException}, every later call {@link ObjectBrokenException}.
 */
public class LockFailedException extends ObjectBrokenException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message names the lock, the method and the endpoint
     * @param cause   the NIC failure
     */
    public LockFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
