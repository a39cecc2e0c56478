package remo.nic.error;

/** Base class of the deterministic scheduler's diagnostics (nic.md §5.1): deadlock, step limit, replay divergence. */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public SimulationException(String message) {
        super(message);
    }
}
