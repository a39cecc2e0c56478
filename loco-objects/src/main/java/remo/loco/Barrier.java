package remo.loco;

import java.util.Map;
import java.util.Set;
import remo.loco.lin.History;
import remo.nic.Cluster;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.WorkId;

/**
 * A barrier over the participants, weak and strong (loco.md §4.6). The {@code k}-th call on each
 * node (weak or strong, one numbering) is matched with the {@code k}-th call on every other node,
 * and no call returns before every participant has made its matching call. A participant that
 * never arrives blocks the others forever (a client error; there is no timeout).
 *
 * <p>Guarantees (loco.md §4.6 C1–C4): a put from {@code i} to {@code j} before the barrier is visible to
 * {@code j} after it; CPU events before the barrier are hb-before everything after it on every
 * node; a put to a third node, or a get issued before the barrier, is ordered only with
 * {@link #awaitStrong} (or {@link GlobalFence#fence} before {@link #await}).
 *
 * <p>Impl: region {@code epoch} ({@code #P} words on every participant, {@code REMOTE_WRITE};
 * {@code epoch@i[idx(j)]} is the last epoch of node {@code j} seen at {@code i}), region {@code src}
 * (2 staging words per participant), private work id {@code wb}, local counter {@code k}.
 * <pre>
 * await():  k := k + 1
 *           B1 store(src@i[k mod 2], k)
 *           B2 bcast(wb, epoch, idx(i), src@i, k mod 2, 1, P \ {i})    // no wait
 *           B3 repeat: for j in P\{i} ascending: e_j := load(epoch@i[idx(j)])  until every e_j >= k
 * awaitStrong(): gf(); await()
 * </pre>
 * Two staging words, because the put of call {@code k} must carry exactly {@code k}: a single word
 * could be overwritten by call {@code k+1} before the NIC reads it (harness BAR-LATE-NAIVE).
 *
 * <p>Cost: weak 1 store, {@code #P−1} puts, 0 RT, {@code 8(#P−1)} bytes, spin rounds of {@code #P−1}
 * loads; strong: plus the gf (≤ 1 RT). The barrier endpoint of a node is a role.
 */
public class Barrier extends LocoObject {
    private final Region epoch;
    private final Region src;
    private final int me;
    private final NodeSet others;
    private final int[] peerIndex;
    private final Role role;
    private volatile RegionGroup replicas;
    private volatile History<Integer> history;
    private WorkId wb;
    private long k;

    /**
     * Creates the barrier on the whole cluster: one instance on every node of {@code participants}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param participants the nodes that meet at it
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name
     */
    public static Barrier create(Cluster cluster, String name, NodeSet participants) {
        return createAll(cluster, "Barrier", name, participants, here -> new Barrier(here, name, participants));
    }

    /** Constructs this node's instance. */
    public Barrier(LocoNode here, String name, NodeSet participants) {
        super(here, name, "Barrier", participants, Map.of());
        this.epoch = registerInternal("epoch", participants.size(), Set.of(Access.REMOTE_WRITE), null);
        this.src = registerInternal("src", 2, Set.of(), null);
        this.me = participants.indexOf(here.id());
        this.others = participants.minus(here.id());
        this.peerIndex = new int[others.size()];
        for (int i = 0; i < others.size(); i++) {
            peerIndex[i] = participants.indexOf(others.get(i));
        }
        this.role = new Role(this, "barrier endpoint", 0);
    }

    @Override
    protected void onLink() {
        replicas = peerGroup("epoch", participants());
    }

    /** Records every later call of this local instance (of every instance, on a handle) into {@code h}; each call's operation is its number {@code k}. */
    public void recordHistory(History<Integer> h) {
        for (Barrier o : this.<Barrier>instances()) {
            o.history = h;
        }
    }

    /** The number of calls this node's barrier endpoint has made. */
    public long calls() {
        return k;
    }

    /**
     * The weak barrier: returns once every participant has made its matching call.
     *
     * @throws RoleViolationException from an endpoint other than this node's barrier endpoint
     * @throws ObjectBrokenException  if a NIC failure surfaces
     */
    public void await(Endpoint ep) {
        if (at(ep) != this) {
            this.<Barrier>at(ep).await(ep);
            return;
        }
        arrive(ep, "await", false);
    }

    /** {@code gf}, then the weak barrier (same role, same numbering). */
    public void awaitStrong(Endpoint ep) {
        if (at(ep) != this) {
            this.<Barrier>at(ep).awaitStrong(ep);
            return;
        }
        arrive(ep, "awaitStrong", true);
    }

    private void arrive(Endpoint ep, String method, boolean strong) {
        enter(ep, method);
        if (role.play(ep, method)) {
            wb = ep.newWorkId("wb");
        }
        History<Integer> h = history;
        History.Invocation inv = h == null ? null : h.invoke();
        long call = k + 1;
        try {
            if (strong) {
                ep.gf();
            }
            k = call;
            int slot = (int) (call % 2);
            ep.store(src, slot, call);
            ep.bcast(wb, replicas, me, src, slot, 1, others);
            while (!allArrived(ep, call)) {
                Thread.onSpinWait();
            }
            if (h != null) {
                h.respond(ep, inv, (int) call);
            }
        } catch (RuntimeException e) {
            if (h != null) {
                h.pending(ep, inv, (int) call);
            }
            throw isFailure(e) ? broken(method, e) : e;
        }
    }

    /**
     * One round of the barrier's wait: whether every other participant's replica of its epoch, as
     * broadcast to this node, has reached {@code call} (one load per peer). Package-private and
     * overridable only for the model checker's planted bugs (remo-verify's tests).
     */
    boolean allArrived(Endpoint ep, long call) {
        boolean all = true;
        for (int j : peerIndex) {
            if (ep.load(epoch, j) < call) {
                all = false;
            }
        }
        return all;
    }
}
