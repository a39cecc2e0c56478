package remo.nic.error;

/** Base class of the bad-state rejections of nic.md §8 (the rows marked ISE). */
public class RdmaStateException extends IllegalStateException implements RdmaUsageError {
    private static final long serialVersionUID = 1L;

    /** @param message names the operation, the endpoint and what is wrong */
    public RdmaStateException(String message) {
        super(message);
    }
}
