package remo.locks;

import java.util.List;
import remo.loco.LocoNode;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.Node;
import remo.nic.NodeSet;
import remo.nic.Op;

/**
 * The weak ticket lock, "wlock" (locks.md §3): FIFO, local spinning, the cheapest release (one put
 * per other client node, no wait). It guarantees mutual exclusion and CPU-level ordering (ORD-W)
 * only.
 *
 * <p>Cost (locks.md §3.7, {@code N_C = #C}, {@code T = #C·S}): {@code acquire} uncontended is 1 RFAA and 1
 * round trip (1 loopback round trip on {@code H}), 16 bytes, 1 + {@code T} local loads; contended the
 * same NIC cost with local spinning; {@code release} is {@code N_C − 1} puts and no round trip.
 * Memory: 1 word at {@code H}, {@code T + S} words per client node.
 *
 * <p><b>Client obligations</b> (locks.md §3.6):
 * <ul>
 *   <li>(O1) call {@code release} from the endpoint that acquired;</li>
 *   <li>(O2) every critical section terminates;</li>
 *   <li>(O3) complete before {@code release} every NIC op of the critical section whose effect later
 *       holders must observe, or whose remote read must not observe later holders' writes
 *       ({@code waitFor} on its work id, or {@code gf()}; a {@code gf()} right before every
 *       {@code release} gives ORD-S). CPU loads and stores in the critical section need nothing.
 *       Without it, harnesses W-SB-NIC, W-MP-NIC and W-ME-NW show what goes wrong;</li>
 *   <li>(O4) never access the lock's regions or work ids (they are internal, loco.md §3.4);</li>
 *   <li>(O5) construct the lock identically on all of {@code C ∪ {H}} before use.</li>
 * </ul>
 */
public final class WeakTicketLock extends TicketLock {

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
    public static WeakTicketLock create(Cluster cluster, String name, LockLayout layout) {
        return createAll(cluster, "WEAK_TICKET", name, layout.participants(),
                here -> new WeakTicketLock(here, name, layout.home(), layout.clients(), layout.slotsPerNode()));
    }

    /**
     * Constructs this node's instance (collective: call it on every node of {@code clientNodes ∪ {home}}
     * with the same arguments). Registers {@code name/next} on the home and {@code name/rows},
     * {@code name/tk} on a client node; communicates with nobody.
     *
     * @param here         this node
     * @param name         the lock's name (loco.md §3.2 syntax)
     * @param home         the home node {@code H} of the ticket dispenser
     * @param clientNodes  the nodes whose threads may acquire, {@code C}
     * @param slotsPerNode {@code S}: how many distinct endpoints per client node may use the lock, at least 1
     * @throws IllegalArgumentException as {@link LockObject#LockObject}, or for {@code slotsPerNode < 1}
     */
    public WeakTicketLock(LocoNode here, String name, int home, NodeSet clientNodes, int slotsPerNode) {
        super(here, name, LockKind.WEAK_TICKET, home, clientNodes, slotsPerNode);
    }

    /** As {@link #WeakTicketLock(LocoNode, String, int, NodeSet, int)} on {@code LocoNode.of(here)}. */
    public WeakTicketLock(Node here, String name, int home, NodeSet clientNodes, int slotsPerNode) {
        this(LocoNode.of(here), name, home, clientNodes, slotsPerNode);
    }

    /**
     * O3 (locks.md §3.6), checked where the simulator can ({@code checksClientObligations()}): every NIC op
     * the critical section posted is waited for (a {@code waitFor} on its work id or a {@code gf}) before
     * {@code release}; else the release still happens and then throws {@link LockObligationException}
     * naming the ops.
     */
    @Override
    String unmetObligation(Endpoint ep, long entryOp) {
        if (!checksClientObligations()) {
            return null;
        }
        List<Op> unwaited = ep.unwaitedOps(entryOp);
        if (unwaited.isEmpty()) {
            return null;
        }
        return "obligation O3 (locks.md §3.6) broken: " + unwaited + " of the critical section not waited for"
                + " before release, so a later holder may not see its effect; waitFor its work id or gf() before"
                + " release, or use StrongTicketLock, whose release does the gf";
    }

    @Override
    void beforeRelease(Endpoint ep) {
        // the weak release has no R0 (locks.md §3.3)
    }
}
