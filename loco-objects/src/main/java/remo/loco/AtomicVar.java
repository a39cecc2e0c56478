package remo.loco;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import remo.loco.lin.AtomicOp;
import remo.loco.lin.History;
import remo.nic.Cluster;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.WorkId;

/**
 * A NIC-only word: a linearizable register with fetch-and-add, compare-and-swap and load
 * (loco.md §4.3). Every access, including from {@code home}, goes through the NIC (loopback); there
 * is no CPU access path, because CPU locked RMWs are not atomic against remote RMWs (G12).
 *
 * <p>Impl: region {@code x} (1 word at {@code home}, {@code REMOTE_ATOMIC | REMOTE_READ}, initial
 * value {@code initial}); per-endpoint scratch {@code r} (1 word); private work id {@code wv}.
 * <pre>
 * fetchAdd(δ):         rfaa(wv, r, x@h, δ); waitFor(wv); return load(r)
 * compareAndSwap(e,u): rcas(wv, r, x@h, e, u); waitFor(wv); return load(r)
 * load():              get(wv, r, x@h, 1); waitFor(wv); return load(r)
 * </pre>
 * Cost: every method 1 NIC op and 1 RT (1 LRT at {@code home}); 16, 24 and 8 bytes.
 * Any endpoint of a participant may call it, concurrently.
 */
public class AtomicVar extends LocoObject {
    private final int home;
    private final Map<Endpoint, Scratch> scratch = new ConcurrentHashMap<>();
    private volatile Region x;
    private volatile History<AtomicOp> history;

    private record Scratch(Region r, WorkId wv) {
    }

    /**
     * Creates the register on the whole cluster: one instance on every node of {@code participants}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param participants the nodes that call it
     * @param home the node holding the word, a participant
     * @param initial its initial value
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name, or if {@code home} is not a participant
     */
    public static AtomicVar create(Cluster cluster, String name, NodeSet participants, int home, long initial) {
        return createAll(cluster, "AtomicVar", name, participants, here -> new AtomicVar(here, name, participants, home, initial));
    }

    /**
     * Constructs this node's instance (the word itself lives at {@code home}).
     *
     * @param home    the node holding the word, a participant
     * @param initial its initial value
     * @throws IllegalArgumentException if {@code home} is not a participant
     */
    public AtomicVar(LocoNode here, String name, NodeSet participants, int home, long initial) {
        super(here, name, "AtomicVar", participants, Map.of("home", home, "initial", initial));
        if (!participants.contains(home)) {
            throw new IllegalArgumentException("AtomicVar '" + name + "': home " + home + " is not a participant "
                    + participants);
        }
        this.home = home;
        if (here.id() == home) {
            registerInternal("x", 1, Set.of(Access.REMOTE_ATOMIC, Access.REMOTE_READ), new long[] {initial});
        }
    }

    @Override
    protected void onLink() {
        x = peer(home, "x");
    }

    /** The home node of the word. */
    public int home() {
        return home;
    }

    /**
     * Records every later call of this local instance (of every instance, on a handle) into {@code h} (loco.md §4.10); {@code null} stops.
     */
    public void recordHistory(History<AtomicOp> h) {
        for (AtomicVar o : this.<AtomicVar>instances()) {
            o.history = h;
        }
    }

    /** Adds {@code delta} atomically; returns the old value. @throws ObjectBrokenException on a NIC failure */
    public long fetchAdd(Endpoint ep, long delta) {
        if (at(ep) != this) {
            return this.<AtomicVar>at(ep).fetchAdd(ep, delta);
        }
        return call(ep, "fetchAdd", AtomicOp.Kind.FETCH_ADD, delta, 0);
    }

    /** Swaps in {@code update} if the word equals {@code expect}; returns the old value. */
    public long compareAndSwap(Endpoint ep, long expect, long update) {
        if (at(ep) != this) {
            return this.<AtomicVar>at(ep).compareAndSwap(ep, expect, update);
        }
        return call(ep, "compareAndSwap", AtomicOp.Kind.COMPARE_AND_SWAP, expect, update);
    }

    /** Reads the word through the NIC. */
    public long load(Endpoint ep) {
        if (at(ep) != this) {
            return this.<AtomicVar>at(ep).load(ep);
        }
        return call(ep, "load", AtomicOp.Kind.LOAD, 0, 0);
    }

    private long call(Endpoint ep, String method, AtomicOp.Kind kind, long a, long b) {
        enter(ep, method);
        Scratch s = scratch.computeIfAbsent(ep, e -> new Scratch(
                registerScratch(e, "r", 1, EnumSet.of(Access.LOCAL_WRITE), null), e.newWorkId("wv")));
        History<AtomicOp> h = history;
        History.Invocation inv = h == null ? null : h.invoke();
        try {
            long v = access(ep, s.r(), s.wv(), kind, a, b);
            if (h != null) {
                h.respond(ep, inv, new AtomicOp(name(), kind, a, b, v));
            }
            return v;
        } catch (RuntimeException e) {
            if (h != null) {
                h.pending(ep, inv, new AtomicOp(name(), kind, a, b, 0));
            }
            throw isFailure(e) ? broken(method, e) : e;
        }
    }

    /**
     * The call's NIC access (loco.md §4.3): one RMW or get on the word, waited, its result loaded
     * from {@code r}. Package-private and overridable only so that the model checker's planted bugs
     * (remo-verify's tests) can replace it; the library never does.
     *
     * @param r  the caller's scratch word
     * @param wv the caller's work id for it
     * @return the word's value before the call
     */
    long access(Endpoint ep, Region r, WorkId wv, AtomicOp.Kind kind, long a, long b) {
        switch (kind) {
            case FETCH_ADD:
                ep.rfaa(wv, r, 0, x, 0, a);
                break;
            case COMPARE_AND_SWAP:
                ep.rcas(wv, r, 0, x, 0, a, b);
                break;
            default:
                ep.get(wv, r, 0, x, 0, 1);
        }
        ep.waitFor(wv);
        return ep.load(r, 0);
    }

    /** The word at {@code home} (for the planted bugs of remo-verify's tests). */
    Region word() {
        return x;
    }
}
