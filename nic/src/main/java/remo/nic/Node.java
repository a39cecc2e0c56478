package remo.nic;

import java.util.Set;
import remo.nic.error.AccessDeniedException;
import remo.nic.error.DuplicateNameException;
import remo.nic.error.LinkTimeoutException;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.RegionNotFoundException;

/** One simulated node: a memory of registered regions and a NIC (nic.md §2.1, §3). */
public interface Node {
    /** The node id, {@code 1..N}. */
    int id();

    /** The owning cluster. */
    Cluster cluster();

    /**
     * Registers a zero-initialised region on this node. Allowed during setup and at any time during a
     * run; not a memory event and not a scheduling point.
     *
     * @param name   unique on this node; letters, digits, {@code _ . - /} (loco.md §3.2)
     * @param words  size in words, {@code 1..maxRegionWords}
     * @param rights the NIC access rights
     * @throws IllegalArgumentException if the name is malformed, the size is out of range or the node's capacity is exceeded
     * @throws DuplicateNameException   if the name is already registered on this node
     */
    Region register(String name, int words, Set<Access> rights);

    /**
     * As {@link #register(String, int, Set)} with initial values.
     *
     * @param init exactly {@code words} values
     * @throws IllegalArgumentException if {@code init.length != words}
     */
    Region register(String name, int words, Set<Access> rights, long[] init);

    /**
     * The region {@code name} of node {@code node}. Inside a simulated thread it blocks until the
     * region is registered (deterministic mode: the thread is not schedulable until then; concurrent
     * mode: up to {@code linkTimeout}).
     *
     * @throws NoSuchNodeException      if {@code node} is outside {@code 1..N}
     * @throws RegionNotFoundException  outside a simulated thread, if the name is not registered
     * @throws LinkTimeoutException     concurrent mode, after {@code linkTimeout}
     * @throws AccessDeniedException    if the region is internal
     */
    Region lookup(int node, String name);

    /** The regions {@code name} of every node of {@code nodes}, each resolved as by {@link #lookup}. */
    RegionGroup lookupGroup(String name, NodeSet nodes);

    /** Registers an internal region owned by {@code owner} (loco.md §3.4). */
    Region registerInternal(String name, int words, Set<Access> rights, long[] init, Capability owner);

    /**
     * Looks up an internal region.
     *
     * @throws AccessDeniedException if {@code owner} is not the region's capability
     */
    Region lookupInternal(int node, String name, Capability owner);
}
