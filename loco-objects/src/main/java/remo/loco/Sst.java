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
 * A shared state table (loco.md §4.5): one row of {@code F} fields per participant, replicated on
 * every participant. The row owner of node {@code i} sets fields of its own row locally and pushes
 * the row (or one field) to every peer; anyone reads the local replica. Each field behaves as an
 * {@link OwnedVar} whose store is {@code set} and whose propagation happens only at
 * {@code push}/{@code pushField}. Not guaranteed: any order between the fields of one push, atomic
 * row snapshots, publication without {@code flush} before the flag push.
 *
 * <p>Impl: region {@code tab} ({@code #P·F} words on every participant, {@code REMOTE_WRITE}; row
 * of node {@code i} at words {@code [idx(i)·F, idx(i)·F+F)}); private work id {@code ws}.
 * <pre>
 * set(f,v):     store(tab@here[idx(here)·F+f], v)
 * push():       bcast(ws, tab, idx(here)·F, tab@here, idx(here)·F, F, P\{here})
 * pushField(f): bcast(ws, tab, idx(here)·F+f, tab@here, idx(here)·F+f, 1, P\{here})
 * get(i,f):     return load(tab@here[idx(i)·F+f])
 * flush():      waitFor(ws)
 * </pre>
 * Cost: set 1 store; push {@code #P−1} puts of {@code F} words, 0 RT, {@code 8F(#P−1)} bytes;
 * pushField {@code #P−1} one-word puts; get 1 load; flush ≤ 1 RT.
 */
public final class Sst extends LocoObject {
    private final int fields;
    private final int row;
    private final Region tab;
    private final NodeSet others;
    private final Role rowOwner;
    private volatile RegionGroup replicas;
    private WorkId ws;

    /**
     * Creates the table on the whole cluster: one instance on every node of {@code participants}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param participants the nodes owning a row
     * @param fields {@code F}, fields per row, at least 1
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name, or if {@code fields < 1}
     */
    public static Sst create(Cluster cluster, String name, NodeSet participants, int fields) {
        return createAll(cluster, "Sst", name, participants, here -> new Sst(here, name, participants, fields));
    }

    /**
     * Constructs this node's replica of the table.
     *
     * @param fields {@code F}, fields per row, at least 1
     * @throws IllegalArgumentException if {@code fields < 1}
     */
    public Sst(LocoNode here, String name, NodeSet participants, int fields) {
        super(here, name, "Sst", participants, Map.of("fields", fields));
        if (fields < 1) {
            throw new IllegalArgumentException("Sst '" + name + "': fields must be at least 1, got " + fields);
        }
        this.fields = fields;
        this.row = participants.indexOf(here.id()) * fields;
        this.tab = registerInternal("tab", participants.size() * fields, Set.of(Access.REMOTE_WRITE), null);
        this.others = participants.minus(here.id());
        this.rowOwner = new Role(this, "row owner", 0);
    }

    @Override
    protected void onLink() {
        replicas = peerGroup("tab", participants());
    }

    /** {@code F}, the number of fields per row. */
    public int fields() {
        return fields;
    }

    /**
     * Sets field {@code field} of this node's row, locally only (1 store).
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= field < F}
     * @throws RoleViolationException    from an endpoint other than the row owner
     */
    public void set(Endpoint ep, int field, long v) {
        if (at(ep) != this) {
            this.<Sst>at(ep).set(ep, field, v);
            return;
        }
        enter(ep, "set");
        checkField(field);
        bind(ep, "set");
        try {
            ep.store(tab, row + field, v);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("set", e) : e;
        }
    }

    /** Pushes this node's whole row to every peer (one {@code F}-word put each, not waited). */
    public void push(Endpoint ep) {
        if (at(ep) != this) {
            this.<Sst>at(ep).push(ep);
            return;
        }
        enter(ep, "push");
        bind(ep, "push");
        try {
            ep.bcast(ws, replicas, row, tab, row, fields, others);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("push", e) : e;
        }
    }

    /** Pushes one field of this node's row to every peer (one one-word put each, not waited). */
    public void pushField(Endpoint ep, int field) {
        if (at(ep) != this) {
            this.<Sst>at(ep).pushField(ep, field);
            return;
        }
        enter(ep, "pushField");
        checkField(field);
        bind(ep, "pushField");
        try {
            ep.bcast(ws, replicas, row + field, tab, row + field, 1, others);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("pushField", e) : e;
        }
    }

    /**
     * This node's replica of field {@code field} of node {@code node}'s row (1 load); any endpoint.
     *
     * @throws NotAParticipantException  if {@code node} is not a participant
     * @throws IndexOutOfBoundsException unless {@code 0 <= field < F}
     */
    public long get(Endpoint ep, int node, int field) {
        if (at(ep) != this) {
            return this.<Sst>at(ep).get(ep, node, field);
        }
        enter(ep, "get");
        int i = participants().indexOf(node);
        if (i < 0) {
            throw new NotAParticipantException("Sst '" + name() + "'.get: node " + node + " is not a participant "
                    + participants());
        }
        checkField(field);
        try {
            return ep.load(tab, i * fields + field);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("get", e) : e;
        }
    }

    /** Completes every push of the row owner ({@code waitFor(ws)}, at most one round trip). */
    public void flush(Endpoint ep) {
        if (at(ep) != this) {
            this.<Sst>at(ep).flush(ep);
            return;
        }
        enter(ep, "flush");
        bind(ep, "flush");
        try {
            ep.waitFor(ws);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("flush", e) : e;
        }
    }

    private void checkField(int field) {
        if (field < 0 || field >= fields) {
            throw new IndexOutOfBoundsException("Sst '" + name() + "': field " + field + " outside 0.." + (fields - 1));
        }
    }

    private void bind(Endpoint ep, String method) {
        if (rowOwner.play(ep, method)) {
            ws = ep.newWorkId("ws");
        }
    }
}
