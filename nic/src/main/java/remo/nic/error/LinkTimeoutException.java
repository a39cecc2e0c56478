package remo.nic.error;

import remo.nic.NicConfig;

/** A lookup still unresolved after {@code NicConfig.linkTimeout} in concurrent mode (nic.md §2.5, §8). */
public class LinkTimeoutException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public LinkTimeoutException(String message) {
        super(message);
    }
}
