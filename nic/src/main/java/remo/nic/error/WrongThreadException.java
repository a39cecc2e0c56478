package remo.nic.error;

/** An endpoint used from another Java thread than the simulated thread it belongs to (nic.md §2.4, §8). */
public class WrongThreadException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public WrongThreadException(String message) {
        super(message);
    }
}
