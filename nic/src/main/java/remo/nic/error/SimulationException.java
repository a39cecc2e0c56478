package remo.nic.error;

/**
 * Base class of the diagnostics of a simulation run (nic.md §5.1): deadlock, step limit, replay
 * divergence, and simulated threads that threw ({@link SimulationFailedException}).
 */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public SimulationException(String message) {
        super(message);
    }
}
