package remo.nic.error;

/** A region or object name registered twice on one node (nic.md §2.3, §8). */
public class DuplicateNameException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public DuplicateNameException(String message) {
        super(message);
    }
}
