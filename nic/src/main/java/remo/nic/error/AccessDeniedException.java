package remo.nic.error;

/** A missing access right (nic.md §2.3 table), or a lookup of an internal region without its capability (nic.md §8). */
public class AccessDeniedException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public AccessDeniedException(String message) {
        super(message);
    }
}
