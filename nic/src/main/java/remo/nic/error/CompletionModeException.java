package remo.nic.error;

/** {@code poll} in WAIT mode, or {@code waitFor}/{@code gf} in POLL mode (nic.md §2.4, §8). */
public class CompletionModeException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public CompletionModeException(String message) {
        super(message);
    }
}
