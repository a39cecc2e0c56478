package remo.nic.error;

import remo.nic.SimCluster;

/** {@code SimCluster.replay} met a scheduled action that is not enabled (nic.md §5.1). */
public class ReplayDivergenceException extends SimulationException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public ReplayDivergenceException(String message) {
        super(message);
    }
}
