package remo.locks;

import remo.loco.LocoNode;
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
