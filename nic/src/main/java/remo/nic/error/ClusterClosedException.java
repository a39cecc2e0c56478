package remo.nic.error;

import remo.nic.Cluster;

/** Any call after {@code Cluster.close()} (nic.md §8). */
public class ClusterClosedException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public ClusterClosedException(String message) {
        super(message);
    }
}
