package remo.locks.sim;

import java.util.HashMap;
import java.util.Map;
import remo.loco.Backoff;
import remo.locks.CasSpinLock;
import remo.locks.LockObject;
import remo.locks.RemoteLock;
import remo.locks.StrongTicketLock;
import remo.locks.WeakTicketLock;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** The four lock configurations the simulator tests run: the two ticket locks and the CAS lock in both release modes. */
public enum LockClass {
    WEAK, STRONG, CAS_PUT, CAS_RFAA;

    /** Whether it is a ticket lock (FIFO, rows, ticket order). */
    public boolean ticket() {
        return this == WEAK || this == STRONG;
    }

    /** Whether it guarantees ORD-S (locks.md §4.3, §5.4) rather than only ORD-W (locks.md §3.4). */
    public boolean strong() {
        return this != WEAK;
    }

    /**
     * Constructs the lock collectively on every participant node.
     *
     * @return node id to its local instance
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
