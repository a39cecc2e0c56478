package remo.nic.error;

import remo.nic.Op;

/** {@code Op.value()} before a {@code waitFor}/{@code gf} covering the op has returned (locks.md §1.2, nic.md §8). */
public class NotWaitedException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public NotWaitedException(String message) {
        super(message);
    }
}
