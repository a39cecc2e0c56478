package remo.locks;

import java.util.HashMap;
import java.util.Map;
import remo.loco.Backoff;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/**
 * The four lock configurations remo checks and the model checker verifies: the two ticket locks and
 * the CAS lock in both release modes (locks.md §3–§5, §5.7), each constructible on every participant
 * of a cluster by one call.
 */
public enum LockVariant {
    /** {@link WeakTicketLock}. */
    WEAK,
    /** {@link StrongTicketLock}. */
    STRONG,
    /** {@link CasSpinLock} releasing by a put of 0 ({@link CasSpinLock.ReleaseMode#PUT}). */
    CAS_PUT,
    /** {@link CasSpinLock} releasing by an RFAA ({@link CasSpinLock.ReleaseMode#RFAA}). */
    CAS_RFAA;

    /** Whether it is a ticket lock (FIFO, rows, ticket order). */
    public boolean ticket() {
        return this == WEAK || this == STRONG;
    }

    /** Whether it guarantees ORD-S (locks.md §4.3, §5.4) rather than only ORD-W (locks.md §3.4). */
    public boolean strong() {
        return this != WEAK;
    }

    /** The lock class ({@link RemoteLock#kind()}). */
    public LockKind kind() {
        return switch (this) {
            case WEAK -> LockKind.WEAK_TICKET;
            case STRONG -> LockKind.STRONG_TICKET;
            case CAS_PUT, CAS_RFAA -> LockKind.CAS_SPIN;
        };
    }

    /**
     * Constructs the lock collectively on every participant node: the clients and the home
     * (loco.md §3.2). The CAS lock in RFAA mode backs off exponentially (1 to 64 rounds, concurrent mode only).
     *
     * @param c            the cluster, in its setup phase
     * @param name         the lock's name
     * @param home         the home node
     * @param clients      the client nodes
     * @param slotsPerNode endpoints per client node (ticket locks; ignored by the CAS lock)
     * @return node id to its local instance
     * @throws IllegalArgumentException as the lock constructors (locks.md §2.1)
     */
    public Map<Integer, RemoteLock> construct(SimCluster c, String name, int home, NodeSet clients, int slotsPerNode) {
        Map<Integer, RemoteLock> out = new HashMap<>();
        for (int n : clients.union(NodeSet.of(home))) {
            LockObject l = switch (this) {
                case WEAK -> new WeakTicketLock(c.node(n), name, home, clients, slotsPerNode);
                case STRONG -> new StrongTicketLock(c.node(n), name, home, clients, slotsPerNode);
                case CAS_PUT -> new CasSpinLock(c.node(n), name, home, clients, CasSpinLock.ReleaseMode.PUT, Backoff.NONE);
                case CAS_RFAA -> new CasSpinLock(c.node(n), name, home, clients, CasSpinLock.ReleaseMode.RFAA,
                        Backoff.exponential(1, 64));
            };
            out.put(n, l);
        }
        return out;
    }
}
