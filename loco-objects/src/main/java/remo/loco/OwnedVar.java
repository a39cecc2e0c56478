package remo.loco;

import java.util.Map;
import java.util.Set;
import remo.nic.Cluster;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.WorkId;

/**
 * A single-writer replicated word (loco.md §4.2). The owner endpoint on node {@code owner} writes
 * its own replica and broadcasts it to every other participant; any endpoint reads its node's
 * replica. Every replica receives a subsequence of the owner's writes, in order, and holds the last
 * one at quiescence. Because a put reads its source late (G4), a replica may skip values and may
 * receive a value earlier than the put posted for it; it is not linearizable. To publish data
 * through it, call {@link #flush} before the {@link #write} that publishes (loco.md §4.2 "publication idiom").
 *
 * <p>Impl: region {@code val} (1 word on every participant, {@code REMOTE_WRITE}, initialised to
 * {@code initial}); private work id {@code wo} of the owner endpoint.
 * <pre>
 * write(v):  store(val@o, v); bcast(wo, val, 0, val@o, 0, 1, P \ {o})   // no wait
 * read():    return load(val@here)
 * flush():   waitFor(wo)
 * </pre>
 * Cost: write 1 store, {@code #P−1} puts, 0 RT, {@code 8(#P−1)} bytes; read 1 load; flush ≤ 1 RT.
 */
public final class OwnedVar extends LocoObject {
    private final int owner;
    private final Region val;
    private final Role ownerRole;
    private final NodeSet others;
    private volatile RegionGroup replicas;
    private WorkId wo;

    /**
     * Creates the replicated word on the whole cluster: one instance on every node of {@code participants}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param participants the nodes holding a replica
     * @param owner the owner node, a participant (its first writing endpoint becomes the owner endpoint)
     * @param initial the initial value of every replica
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name, or if {@code owner} is not a participant
     */
    public static OwnedVar create(Cluster cluster, String name, NodeSet participants, int owner, long initial) {
        return createAll(cluster, "OwnedVar", name, participants, here -> new OwnedVar(here, name, participants, owner, initial));
    }

    /**
     * Constructs this node's replica.
     *
     * @param owner   the owner node, a participant
     * @param initial the initial value of every replica
     * @throws IllegalArgumentException if {@code owner} is not a participant
     */
    public OwnedVar(LocoNode here, String name, NodeSet participants, int owner, long initial) {
        super(here, name, "OwnedVar", participants, Map.of("owner", owner, "initial", initial));
        if (!participants.contains(owner)) {
            throw new IllegalArgumentException("OwnedVar '" + name + "': owner " + owner + " is not a participant "
                    + participants);
        }
        this.owner = owner;
        this.val = registerInternal("val", 1, Set.of(Access.REMOTE_WRITE), new long[] {initial});
        this.ownerRole = new Role(this, "owner", owner);
        this.others = participants.minus(owner);
    }

    @Override
    protected void onLink() {
        replicas = peerGroup("val", participants());
    }

    /** The owner node. */
    public int owner() {
        return owner;
    }

    /**
     * Writes {@code v}: the own replica, then one put per other participant (not waited).
     *
     * @throws RoleViolationException on a node other than the owner, or from a second endpoint
     * @throws ObjectBrokenException  if a NIC failure surfaces (the instance is then broken)
     */
    public void write(Endpoint ep, long v) {
        if (at(ep) != this) {
            this.<OwnedVar>at(ep).write(ep, v);
            return;
        }
        enter(ep, "write");
        bind(ep, "write");
        try {
            ep.store(val, 0, v);
            ep.bcast(wo, replicas, 0, val, 0, 1, others);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("write", e) : e;
        }
    }

    /** Reads this node's replica (one load); any endpoint of a participant. */
    public long read(Endpoint ep) {
        if (at(ep) != this) {
            return this.<OwnedVar>at(ep).read(ep);
        }
        enter(ep, "read");
        try {
            return ep.load(val, 0);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("read", e) : e;
        }
    }

    /**
     * Completes every replica put the owner has posted ({@code waitFor(wo)}, at most one round trip).
     *
     * @throws RoleViolationException as {@link #write}
     * @throws ObjectBrokenException  if a replica put was flushed by a NIC failure
     */
    public void flush(Endpoint ep) {
        if (at(ep) != this) {
            this.<OwnedVar>at(ep).flush(ep);
            return;
        }
        enter(ep, "flush");
        bind(ep, "flush");
        try {
            ep.waitFor(wo);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("flush", e) : e;
        }
    }

    private void bind(Endpoint ep, String method) {
        if (ownerRole.play(ep, method)) {
            wo = ep.newWorkId("wo");
        }
    }
}
