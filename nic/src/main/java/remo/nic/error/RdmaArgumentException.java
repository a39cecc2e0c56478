package remo.nic.error;

/** Base class of the bad-argument rejections of nic.md §8 (the rows marked IAE). */
public class RdmaArgumentException extends IllegalArgumentException implements RdmaUsageError {
    private static final long serialVersionUID = 1L;

    /** @param message names the operation, the endpoint, the region, offset and length, and the violated bound or right */
    public RdmaArgumentException(String message) {
        super(message);
    }
}
