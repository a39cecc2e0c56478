package remo.nic.error;

import remo.nic.WorkId;

/** A {@link WorkId} created by another endpoint (nic.md §2.4, §8). */
public class ForeignWorkIdException extends RdmaArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public ForeignWorkIdException(String message) {
        super(message);
    }
}
