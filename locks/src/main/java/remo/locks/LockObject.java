package remo.locks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import remo.nic.Access;
import remo.nic.Capability;
import remo.nic.Endpoint;
import remo.nic.Node;
import remo.nic.NodeSet;
import remo.nic.error.RdmaFailureException;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.error.WrongNodeException;

/**
 * The local instance of a remote lock on one node: collective construction by name, linking,
 * participant checks, internal regions and the BROKEN/CLOSED life cycle of loco.md §3. It stands in
 * for {@code LocoObject} (loco.md §3.1) until the LOCO module exists; each lock class keeps its
 * construction (region registration) and its linking (peer resolution) in one place, the
 * constructor and {@link #resolvePeers()}.
 *
 * <p>Construction on node k registers the descriptor {@code (kind, name, C ∪ {H}, params)} and the
 * node's regions, and communicates with nobody. Linking (at the first method call, or eagerly by
 * {@link #link()}) waits for every participant's instance, checks that all were constructed with
 * the same kind, participants and parameters ({@link LinkMismatchException} otherwise) and resolves
 * the peer regions. Thread-safe: the instance is shared by every endpoint of its node.
 */
public abstract class LockObject implements RemoteLock, AutoCloseable {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");

    private final Node here;
    private final String name;
    private final LockKind kind;
    private final int home;
    private final NodeSet clients;
    private final NodeSet participants;
    private final LockDirectory.Descriptor descriptor;
    private final Capability capability;
    private final boolean deterministic;
    private volatile ObjectState state = ObjectState.LINKING;
    private volatile Throwable brokenBy;

    /**
     * Registers the descriptor of this node's instance (loco.md §3.2). Subclasses then register
     * their regions.
     *
     * @param here    the node this instance lives on; must be in {@code clients ∪ {home}}
     * @param name    the lock's name: {@code [A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*}, at most 200 characters
     * @param kind    the lock class
     * @param home    the home node {@code H}
     * @param clients the client nodes {@code C}, not empty
     * @param params  the class's parameters (compared at link time), by name
     * @throws IllegalArgumentException if the name is malformed, a node is outside the cluster, the
     *                                  client set is empty or {@code here} is not a participant
     * @throws remo.nic.error.DuplicateNameException if {@code here} already has an instance of this name
     */
    protected LockObject(Node here, String name, LockKind kind, int home, NodeSet clients, Map<String, String> params) {
        this.here = Objects.requireNonNull(here, "here");
        this.name = Objects.requireNonNull(name, "name");
        this.kind = kind;
        if (name.length() > 200 || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("lock name '" + name + "' must match [A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)* "
                    + "and have at most 200 characters (loco.md §3.2)");
        }
        int n = here.cluster().size();
        if (home < 1 || home > n) {
            throw new IllegalArgumentException(what() + ": home node " + home + " is outside the cluster's nodes 1.." + n);
        }
        if (clients == null || clients.size() == 0 || clients.get(clients.size() - 1) > n) {
            throw new IllegalArgumentException(what() + ": client nodes " + clients + " must be a non-empty subset of 1.." + n);
        }
        this.home = home;
        this.clients = clients;
        this.participants = clients.union(NodeSet.of(home));
        if (!participants.contains(here.id())) {
            throw new IllegalArgumentException(what() + ": constructed on node " + here.id() + ", which is neither the home "
                    + home + " nor a client node " + clients);
        }
        Map<String, String> p = new LinkedHashMap<>();
        p.put("home", Integer.toString(home));
        p.put("clientNodes", clients.toString());
        p.putAll(params);
        this.descriptor = new LockDirectory.Descriptor(kind, participants, Map.copyOf(p));
        this.capability = LockDirectory.register(here.cluster(), name, here.id(), descriptor);
        this.deterministic = here.cluster() instanceof SimCluster s && s.deterministic();
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final LockKind kind() {
        return kind;
    }

    /** The home node {@code H}. */
    public final int home() {
        return home;
    }

    /** The client nodes {@code C}. */
    public final NodeSet clientNodes() {
        return clients;
    }

    /** The participants {@code C ∪ {H}}. */
    public final NodeSet participants() {
        return participants;
    }

    /** The node of this local instance. */
    public final Node here() {
        return here;
    }

    /** The life-cycle state of this local instance. */
    public final ObjectState state() {
        return state;
    }

    /**
     * Links now instead of at the first method call (loco.md §3.2); idempotent. Inside a simulated
     * thread it waits for the other participants' construction; outside one every participant must
     * already be constructed.
     *
     * @throws LinkMismatchException          if a participant was constructed with other parameters
     * @throws remo.nic.error.RegionNotFoundException outside a simulated thread, if a participant is missing
     * @throws remo.nic.error.LinkTimeoutException  concurrent mode, after {@code linkTimeout}
     * @throws ObjectClosedException          after {@link #close()}
     */
    public final void link() {
        checkOpen("link");
        if (state == ObjectState.LINKING) {
            for (int p : participants) {
                if (p != here.id()) {
                    compare(p, descriptorOf(p));
                }
            }
            // resolution is idempotent (lookups return the same regions), so racing threads are harmless
            resolvePeers();
            synchronized (this) {
                if (state == ObjectState.LINKING) {
                    state = ObjectState.READY;
                }
            }
        }
    }

    /** Marks this local instance CLOSED (loco.md §3.6); the other nodes' instances are unaffected. */
    @Override
    public void close() {
        synchronized (this) {
            state = ObjectState.CLOSED;
        }
    }

    /** The name of the region that participant {@code node} registers first, waited for while linking. */
    protected abstract String linkPart(int node);

    /** Resolves the peer regions this instance uses; called while linking, possibly by several threads at once. */
    protected abstract void resolvePeers();

    /** Registers an internal region {@code name/part} on this node (loco.md §3.3). */
    protected final Region registerInternal(String part, int words, Set<Access> rights, long[] init) {
        long[] values = init != null ? init : new long[words];
        return here.registerInternal(name + "/" + part, words, rights, values, capability);
    }

    /** Region {@code name/part} of participant {@code node}; inside a simulated thread it waits for the registration. */
    protected final Region peer(int node, String part) {
        return here.lookupInternal(node, name + "/" + part, capability);
    }

    /** Whether the cluster runs in deterministic mode, where Java-side pauses are pointless (nic.md §5.1). */
    protected final boolean deterministic() {
        return deterministic;
    }

    /**
     * The checks of every method before it touches memory: open, not broken, the endpoint on this
     * node and (for {@code clientOnly}) on a client node; then links if needed.
     *
     * @throws ObjectClosedException     after close
     * @throws ObjectBrokenException     after a failure
     * @throws WrongNodeException        if the endpoint runs on another node (loco.md §3.5)
     * @throws NotAParticipantException  if the endpoint's node is not a client node
     */
    protected final void enter(Endpoint ep, String method) {
        checkOpen(method);
        if (ep.node() != here.id()) {
            throw new WrongNodeException(where(method, ep) + ": the endpoint runs on node " + ep.node()
                    + ", but this local instance lives on node " + here.id() + " (loco.md §3.5)");
        }
        if (!clients.contains(ep.node())) {
            throw new NotAParticipantException(where(method, ep) + ": node " + ep.node() + " is not a client node of the lock "
                    + clients + " (home " + home + ")");
        }
        if (state != ObjectState.READY) {
            link();
        }
    }

    /** Breaks this instance after a NIC failure inside {@code method}; returns the exception to throw. */
    protected final LockFailedException failed(String method, Endpoint ep, RdmaFailureException cause) {
        synchronized (this) {
            if (state != ObjectState.CLOSED) {
                state = ObjectState.BROKEN;
            }
            if (brokenBy == null) {
                brokenBy = cause;
            }
        }
        return new LockFailedException(where(method, ep) + ": " + cause.getMessage() + "; the local instance is BROKEN", cause);
    }

    /** A message prefix naming the lock, the method and the endpoint. */
    protected final String where(String method, Endpoint ep) {
        return what() + "." + method + " by " + ep.name() + "@" + ep.node();
    }

    private String what() {
        return kind + " '" + name + "'";
    }

    private void checkOpen(String method) {
        ObjectState s = state;
        if (s == ObjectState.CLOSED) {
            throw new ObjectClosedException(what() + "." + method + ": the local instance on node " + here.id() + " is closed");
        }
        if (s == ObjectState.BROKEN) {
            throw new ObjectBrokenException(what() + "." + method + ": the local instance on node " + here.id()
                    + " is BROKEN by an earlier NIC failure", brokenBy);
        }
    }

    private LockDirectory.Descriptor descriptorOf(int node) {
        LockDirectory.Descriptor d = LockDirectory.descriptor(here.cluster(), name, node);
        if (d == null) {
            // not constructed yet: wait for its first region (scheduler-visible in deterministic mode);
            // the descriptor is registered before the regions
            peer(node, linkPart(node));
            d = LockDirectory.descriptor(here.cluster(), name, node);
        }
        return d;
    }

    private void compare(int node, LockDirectory.Descriptor other) {
        String mismatch = null;
        if (other.kind() != descriptor.kind()) {
            mismatch = "kind: " + descriptor.kind() + " on node " + here.id() + ", " + other.kind() + " on node " + node;
        } else if (!other.participants().equals(descriptor.participants())) {
            mismatch = "participants: " + descriptor.participants() + " on node " + here.id() + ", " + other.participants()
                    + " on node " + node;
        } else {
            for (Map.Entry<String, String> e : descriptor.params().entrySet()) {
                String theirs = other.params().get(e.getKey());
                if (!e.getValue().equals(theirs)) {
                    mismatch = e.getKey() + ": " + e.getValue() + " on node " + here.id() + ", " + theirs + " on node " + node;
                    break;
                }
            }
        }
        if (mismatch != null) {
            throw new LinkMismatchException(what() + ": its participants were constructed differently (" + mismatch + ")");
        }
    }
}
