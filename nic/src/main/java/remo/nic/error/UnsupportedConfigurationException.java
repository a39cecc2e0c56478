package remo.nic.error;

import remo.nic.NicConfig;

/** A {@link NicConfig} setting the simulator does not support, or an unknown flag name or value in {@code NicConfig.with} (nic.md §3). */
public class UnsupportedConfigurationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public UnsupportedConfigurationException(String message) {
        super(message);
    }
}
