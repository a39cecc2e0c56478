package remo.locks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import remo.loco.LocoNode;
import remo.loco.LocoObject;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.error.RdmaFailureException;

/**
 * The local instance of a remote lock on one node: a LOCO object (loco.md §3, locks.md §2.1) whose
 * participants are {@code P = C ∪ {H}}, its client nodes and its home. Collective construction by
 * name, linking, the descriptor comparison ({@code remo.loco.LinkMismatchException}), internal
 * regions and the BROKEN/CLOSED life cycle are {@link LocoObject}'s; this class adds what is the
 * locks' own: the home and client nodes, the rule that only client nodes call the lock methods
 * (the home alone is a participant but not a caller), and the {@link LockFailedException} of the
 * call in which a NIC failure surfaced (locks.md §2.1, "Failures").
 *
 * <p>Construction on node k registers the descriptor {@code (kind, name, C ∪ {H}, params)} (the
 * params include {@code home} and {@code clientNodes}) and the node's regions, and communicates with
 * nobody. Linking (at the first method call, or eagerly by {@link #link()}) waits for every
 * participant's instance, checks that all were constructed alike and resolves the peer regions in
 * the subclass's {@link #onLink()}. Thread-safe: the instance is shared by every endpoint of its node.
 */
public abstract class LockObject extends LocoObject implements RemoteLock {
    private final LockKind lockKind;
    private final int home;
    private final NodeSet clients;

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
     * @throws IllegalArgumentException if the name is malformed, a node is outside the cluster or the
     *                                  client set is empty; {@code remo.loco.NotAParticipantException}
     *                                  (an IllegalArgumentException) if {@code here} is neither the
     *                                  home nor a client node
     * @throws remo.nic.error.DuplicateNameException if {@code here} already has an object of this name
     */
    protected LockObject(LocoNode here, String name, LockKind kind, int home, NodeSet clients, Map<String, Object> params) {
        super(here, name, kind.name(), participants(here, name, kind, home, clients), descriptorParams(home, clients, params));
        this.lockKind = kind;
        this.home = home;
        this.clients = clients;
    }

    /** {@code C ∪ {H}}, after checking that both lie in the cluster (a node parameter outside it is an argument error). */
    private static NodeSet participants(LocoNode here, String name, LockKind kind, int home, NodeSet clients) {
        Objects.requireNonNull(here, "here");
        int n = here.node().cluster().size();
        if (home < 1 || home > n) {
            throw new IllegalArgumentException(kind + " '" + name + "': home node " + home + " is outside the cluster's nodes 1.."
                    + n);
        }
        if (clients == null || clients.size() == 0 || clients.get(clients.size() - 1) > n) {
            throw new IllegalArgumentException(kind + " '" + name + "': client nodes " + clients
                    + " must be a non-empty subset of 1.." + n);
        }
        return clients.union(NodeSet.of(home));
    }

    private static Map<String, Object> descriptorParams(int home, NodeSet clients, Map<String, Object> params) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("home", home);
        p.put("clientNodes", clients);
        p.putAll(params);
        return p;
    }

    @Override
    public final LockKind kind() {
        return lockKind;
    }

    /** The home node {@code H}. */
    public final int home() {
        return home;
    }

    /** The client nodes {@code C}. */
    public final NodeSet clientNodes() {
        return clients;
    }

    /**
     * The checks of every lock method before it touches memory: open, not broken, the endpoint's
     * node a client node ({@code remo.loco.NotAParticipantException}) and this instance's node
     * ({@code remo.nic.error.WrongNodeException}, loco.md §3.5); then links if needed.
     */
    protected final void enterAsClient(Endpoint ep, String method) {
        enter(ep, method, clients, "a client node of the lock");
    }

    /** Breaks this instance after a NIC failure inside {@code method}; returns the exception to throw. */
    protected final LockFailedException failed(String method, Endpoint ep, RdmaFailureException cause) {
        markBroken(cause);
        return new LockFailedException(where(method, ep) + ": " + cause.getMessage() + "; the local instance is BROKEN", cause);
    }

    /** A message prefix naming the lock, the method and the endpoint. */
    protected final String where(String method, Endpoint ep) {
        return lockKind + " '" + name() + "'." + method + " by " + ep.name() + "@" + ep.node();
    }
}
