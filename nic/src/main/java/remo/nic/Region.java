package remo.nic;

import java.util.Set;

/** A registered block of 64-bit words on one home node, with access rights (nic.md §2.2–§2.3). */
public interface Region {
    /** Cluster-unique id (registration order, from 1). */
    long id();

    /** The home node. */
    int home();

    /** The name, unique on its node. */
    String name();

    /** Size in words. */
    int words();

    /** The NIC access rights. */
    Set<Access> rights();

    /** Whether the region is internal (guarded by a capability, loco.md §3.4). */
    boolean internal();
}
