package remo.locks;

import java.util.Objects;
import remo.nic.NodeSet;

/**
 * Where a remote lock lives (locks.md §2.1): its home node {@code H}, the client nodes {@code C} whose
 * threads may acquire it, and, for the ticket locks, the slots per client node {@code S} (how many
 * distinct endpoints of one client node may use the lock, locks.md §3.2). Written as
 * {@code LockLayout.home(3).clients(1, 2)}, with {@code .slotsPerNode(2)} for more than one thread per
 * client node. The lock's {@code create} checks the nodes against its cluster.
 *
 * @param home         the home node {@code H}
 * @param clients      the client nodes {@code C} (empty until {@link #clients(int...)} is given)
 * @param slotsPerNode {@code S >= 1}; ignored by {@link CasSpinLock}, which has no slots
 */
public record LockLayout(int home, NodeSet clients, int slotsPerNode) {

    /**
     * @throws IllegalArgumentException if {@code home < 1} or {@code slotsPerNode < 1}
     */
    public LockLayout {
        Objects.requireNonNull(clients, "clients");
        if (home < 1) {
            throw new IllegalArgumentException("the home node must be at least 1, got " + home);
        }
        if (slotsPerNode < 1) {
            throw new IllegalArgumentException("slotsPerNode must be at least 1, got " + slotsPerNode);
        }
    }

    /** A lock homed on node {@code home}, no client yet, one slot per client node. */
    public static LockLayout home(int home) {
        return new LockLayout(home, NodeSet.of(), 1);
    }

    /** This layout with the client nodes {@code nodes} (ids from 1; duplicates removed). */
    public LockLayout clients(int... nodes) {
        return new LockLayout(home, NodeSet.of(nodes), slotsPerNode);
    }

    /** This layout with the client nodes {@code nodes}. */
    public LockLayout clients(NodeSet nodes) {
        return new LockLayout(home, nodes, slotsPerNode);
    }

    /** This layout with {@code s} slots per client node. */
    public LockLayout slotsPerNode(int s) {
        return new LockLayout(home, clients, s);
    }

    /** The participants {@code C ∪ {H}}: the nodes that get an instance of the lock. */
    public NodeSet participants() {
        return clients.union(NodeSet.of(home));
    }
}
