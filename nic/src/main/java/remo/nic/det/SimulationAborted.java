package remo.nic.det;

/**
 * Unwinds a simulated thread's Java stack when the deterministic run is aborted (deadlock, step
 * limit). An {@link Error} so that thread bodies catching {@code Exception} do not swallow it.
 */
final class SimulationAborted extends Error {
    private static final long serialVersionUID = 1L;

    SimulationAborted() {
        super("the simulation was aborted", null, false, false);
    }
}
