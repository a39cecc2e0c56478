package remo.nic.error;

/** Base class of the failures of nic.md §7: QP errors and node crashes. Unchecked. */
public class RdmaFailureException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public RdmaFailureException(String message) {
        super(message);
    }
}
