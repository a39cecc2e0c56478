package remo.locks;

import remo.loco.LocoNode;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.Node;
import remo.nic.NodeSet;

/**
 * The strong ticket lock, "slock" (locks.md §4): the weak ticket lock whose release starts with a
 * global fence, so that every op a critical section posted is complete before the next holder
 * enters (ORD-S). FIFO, local spinning; the general-purpose remote mutex. Critical sections that
 * share data only under strong locks and wait their own ops before reusing a location behave as if
 * they ran atomically in lock order (locks.md §4.6, property P-SC).
 *
 * <p>Cost (locks.md §4.5): as {@link WeakTicketLock}, plus the release's {@code gf}: {@code N_C − 1} puts and
 * at most 1 round trip (one whenever the gf newly covers an op to another node, e.g. the previous
 * release's puts or a remote op of the critical section).
 *
 * <p><b>Client obligations</b> (locks.md §4.5): (O1) release from the acquiring endpoint; (O2) critical
 * sections terminate; (O4) never access the lock's regions or work ids; (O5) construct the lock
 * identically on all of {@code C ∪ {H}} before use. O3 is discharged by the lock.
 */
public final class StrongTicketLock extends TicketLock {

    /**
     * Creates the lock on the whole cluster: one instance on every node of {@code layout.participants()},
     * returned as one handle that any client thread calls, {@code lock.acquire(ep)} running on the
     * instance of the thread's node (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name    the lock's name (loco.md §3.2 syntax)
     * @param layout  home, client nodes and slots per client node, e.g. {@code LockLayout.home(3).clients(1, 2)}
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node of the layout is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name or no client node
     */
    public static StrongTicketLock create(Cluster cluster, String name, LockLayout layout) {
        return createAll(cluster, "STRONG_TICKET", name, layout.participants(),
                here -> new StrongTicketLock(here, name, layout.home(), layout.clients(), layout.slotsPerNode()));
    }

    /**
     * Constructs this node's instance; arguments and exceptions as
     * {@link WeakTicketLock#WeakTicketLock(LocoNode, String, int, NodeSet, int)}.
     */
    public StrongTicketLock(LocoNode here, String name, int home, NodeSet clientNodes, int slotsPerNode) {
        super(here, name, LockKind.STRONG_TICKET, home, clientNodes, slotsPerNode);
    }

    /** As {@link #StrongTicketLock(LocoNode, String, int, NodeSet, int)} on {@code LocoNode.of(here)}. */
    public StrongTicketLock(Node here, String name, int home, NodeSet clientNodes, int slotsPerNode) {
        this(LocoNode.of(here), name, home, clientNodes, slotsPerNode);
    }

    /** R0: {@code gf()} completes every op this endpoint posted earlier, the critical section's included (locks.md §4.2). */
    @Override
    void beforeRelease(Endpoint ep) {
        ep.gf();
    }
}
