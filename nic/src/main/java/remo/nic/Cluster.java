package remo.nic;

import remo.nic.error.ClusterClosedException;
import remo.nic.error.NoSuchNodeException;

/** A fabric of nodes (nic.md §3): the simulated cluster now, a hardware backend later (nic.md §11). */
public interface Cluster extends AutoCloseable {
    /** Number of nodes {@code N}. */
    int size();

    /**
     * Node {@code id}.
     *
     * @throws NoSuchNodeException outside {@code 1..size()}
     */
    Node node(int id);

    /** The configuration. */
    NicConfig config();

    /** The live metrics; {@link Metrics#snapshot()} for an immutable copy. */
    Metrics metrics();

    /** Closes the cluster; afterwards every call throws {@link ClusterClosedException}. */
    @Override
    void close();
}
