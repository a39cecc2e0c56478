package remo.nic;

/** Regions of one name on each node of a node set (nic.md §2.3). */
public interface RegionGroup {
    /** The common name. */
    String name();

    /** The member nodes. */
    NodeSet nodes();

    /**
     * Node {@code node}'s region.
     *
     * @throws IllegalArgumentException if {@code node} is not in {@link #nodes()}
     */
    Region on(int node);
}
