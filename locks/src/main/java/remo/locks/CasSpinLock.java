package remo.locks;

import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import remo.loco.Backoff;
import remo.loco.LocoNode;
import remo.nic.Access;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.Node;
import remo.nic.NodeSet;
import remo.nic.error.RdmaFailureException;
import remo.nic.Region;
import remo.nic.error.UnsupportedConfigurationException;
import remo.nic.WorkId;

/**
 * The CAS spin lock, "clock" (locks.md §5): one word {@code L} at the home, 0 free, 1 held; acquire
 * is RCAS(0 → 1) retried until it reads 0, release is a global fence then a put of 0 (mode PUT) or an
 * RFAA of −1 (mode RFAA), not waited. Mutual exclusion and ORD-S, deadlock-free; <b>not FIFO, not
 * starvation-free</b>, and waiters retry over the network. Use it for low contention, short critical
 * sections and many locks (one word each).
 *
 * <p>State (locks.md §5.2): {@code name/L} (1 word at {@code H}, REMOTE_ATOMIC and REMOTE_WRITE), reached
 * only by the RCAS and the release op, loopback on {@code H}; {@code name/z} (1 word per client node,
 * the constant 0 that the put release sends); {@code name/g.<e>} (2 words, LOCAL_WRITE, registered at
 * endpoint {@code e}'s first call, {@code e} counting this node's endpoints from 0 in first-use
 * order): word 0 the acquire RCAS's result, word 1 the RFAA release's discarded result — never the
 * same word, or a late local write of the release could overwrite the next acquire's result.
 *
 * <p>Cost (locks.md §5.6): {@code acquire} uncontended 1 RCAS, 1 round trip (1 loopback round trip on
 * {@code H}), 24 bytes; {@code a} attempts cost {@code a} RCAS and {@code a} round trips;
 * {@code tryAcquire} 1 RCAS, 1 round trip; {@code release} 1 put (8 bytes) or 1 RFAA (16 bytes), not
 * waited, at most 1 round trip (the gf). Memory: 1 word at {@code H}, 2 per client endpoint, 1 per
 * client node.
 *
 * <p><b>Client obligations</b> (locks.md §5.6): (O1) release from the acquiring endpoint; (O2) critical
 * sections terminate; (O4) never access the lock's regions or work ids; (O5) construct the lock
 * identically on all of {@code C ∪ {H}} before use. A home-node thread uses the same loopback NIC
 * path as everyone else (mixing CPU locked instructions with remote RMWs on {@code L} breaks
 * atomicity, locks.md §6, harness NAIVE-MIXCAS).
 */
public class CasSpinLock extends LockObject {

    /** How {@code release} writes 0 (locks.md §5.7). */
    public enum ReleaseMode {
        /** A put of the constant 0 (the default); unsound when failed RCASs write back (FAILED_RCAS_WRITES=YES). */
        PUT,
        /** An RFAA of −1, serialised with every RCAS by the remote atomic order; immune to failed-RCAS write-backs. */
        RFAA
    }

    private final ReleaseMode mode;
    private final Backoff backoff;
    private final Region zero;
    private final Map<Endpoint, Client> clients = new IdentityHashMap<>();
    private volatile Region word;

    /** One endpoint's result words and work ids; used by that endpoint's thread only. */
    private static final class Client {
        final Region g;
        final WorkId wa;
        final WorkId wr;
        boolean held;

        Client(Region g, WorkId wa, WorkId wr) {
            this.g = g;
            this.wa = wa;
            this.wr = wr;
        }
    }

    /**
     * Constructs this node's instance (collective: call it on every node of
     * {@code clientNodes ∪ {home}} with the same name, home, client nodes and mode). Registers
     * {@code name/L} on the home and {@code name/z} on a client node.
     *
     * @param here        this node
     * @param name        the lock's name (loco.md §3.2 syntax)
     * @param home        the home node {@code H} of the lock word
     * @param clientNodes the nodes whose threads may acquire, {@code C}
     * @param mode        the release mode
     * @param backoff     what a waiter does between attempts (concurrent mode only; a local choice,
     *                    not compared at link time)
     * @throws UnsupportedConfigurationException for {@link ReleaseMode#PUT} on a backend whose
     *                                  {@code NicConfig.failedRcasWrites()} is true (locks.md §5.7: a failed
     *                                  RCAS's write-back could overwrite the release)
     * @throws IllegalArgumentException as {@link LockObject#LockObject}
     */
    public CasSpinLock(LocoNode here, String name, int home, NodeSet clientNodes, ReleaseMode mode, Backoff backoff) {
        super(here, name, LockKind.CAS_SPIN, home, clientNodes, Map.of("releaseMode", Objects.requireNonNull(mode, "mode")));
        if (mode == ReleaseMode.PUT && here.node().cluster().config().failedRcasWrites()) {
            throw new UnsupportedConfigurationException("CAS_SPIN '" + name + "': ReleaseMode.PUT is unsound with "
                    + "FAILED_RCAS_WRITES=YES (a failed RCAS's write-back can overwrite the release, locks.md §5.7); "
                    + "use ReleaseMode.RFAA");
        }
        this.mode = mode;
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        if (here.id() == home) {
            this.word = registerInternal("L", 1, EnumSet.of(Access.REMOTE_ATOMIC, Access.REMOTE_WRITE), null);
        }
        this.zero = clientNodes.contains(here.id()) ? registerInternal("z", 1, EnumSet.noneOf(Access.class), null) : null;
    }

    /** As {@link #CasSpinLock(LocoNode, String, int, NodeSet, ReleaseMode, Backoff)} on {@code LocoNode.of(here)}. */
    public CasSpinLock(Node here, String name, int home, NodeSet clientNodes, ReleaseMode mode, Backoff backoff) {
        this(LocoNode.of(here), name, home, clientNodes, mode, backoff);
    }

    /**
     * Creates the lock on the whole cluster with {@link ReleaseMode#RFAA} (sound on every NIC
     * configuration, locks.md §5.7) and no backoff: one instance on every node of
     * {@code layout.participants()}, returned as one handle that any client thread calls,
     * {@code lock.acquire(ep)} running on the instance of the thread's node.
     *
     * @param cluster the cluster
     * @param name    the lock's name (loco.md §3.2 syntax)
     * @param layout  home and client nodes, e.g. {@code LockLayout.home(3).clients(1, 2)} (its slots are ignored)
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node of the layout is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name or no client node
     */
    public static CasSpinLock create(Cluster cluster, String name, LockLayout layout) {
        return create(cluster, name, layout, ReleaseMode.RFAA, Backoff.NONE);
    }

    /**
     * {@link #create(Cluster, String, LockLayout)} with the release mode and backoff of
     * {@link #CasSpinLock(LocoNode, String, int, NodeSet, ReleaseMode, Backoff)} (exceptions as there).
     */
    public static CasSpinLock create(Cluster cluster, String name, LockLayout layout, ReleaseMode mode, Backoff backoff) {
        return createAll(cluster, "CAS_SPIN", name, layout.participants(),
                here -> new CasSpinLock(here, name, layout.home(), layout.clients(), mode, backoff));
    }

    /** The release mode. */
    public ReleaseMode releaseMode() {
        return mode;
    }

    /** Resolves the lock word {@code L@H} (loco.md §3.2 linking). */
    @Override
    protected void onLink() {
        if (clientNodes().contains(here().id())) {
            word = peer(home(), "L");
        }
    }

    /**
     * Acquire (locks.md §5.3 A1): RCAS {@code L} 0 → 1 into {@code g} ({@code wa}), wait, load {@code g}; done
     * if it read 0, else back off (concurrent mode) and retry.
     */
    @Override
    public void acquire(Endpoint ep) {
        if (at(ep) != this) {
            this.<CasSpinLock>at(ep).acquire(ep);
            return;
        }
        Client c = begin(ep, "acquire");
        while (!attempt(ep, c, "acquire")) {
            if (!retries()) {
                c.held = true; // the planted bug of a lock without its retry loop: a failed attempt taken as won
                break;
            }
            if (!deterministic()) {
                backoff.pause();
            }
        }
        backoff.reset();
    }

    /**
     * Exactly one RCAS attempt (one iteration of locks.md §5.3 A1).
     *
     * @return whether this endpoint now holds the lock
     * @throws IllegalMonitorStateException if it already holds it; otherwise as {@link #acquire}
     */
    public boolean tryAcquire(Endpoint ep) {
        if (at(ep) != this) {
            return this.<CasSpinLock>at(ep).tryAcquire(ep);
        }
        boolean won = attempt(ep, begin(ep, "tryAcquire"), "tryAcquire");
        if (won) {
            backoff.reset();
        }
        return won;
    }

    private Client begin(Endpoint ep, String method) {
        enterAsClient(ep, method);
        Client c = client(ep, true);
        if (c.held) {
            throw new IllegalMonitorStateException(where(method, ep) + ": this endpoint already holds the lock; "
                    + "the lock is not reentrant");
        }
        return c;
    }

    private boolean attempt(Endpoint ep, Client c, String method) {
        try {
            ep.rcas(c.wa, c.g, 0, word, 0, 0, 1);
            waitForResult(ep, c.wa);
            c.held = ep.load(c.g, 0) == 0;
            return c.held;
        } catch (RdmaFailureException e) {
            throw failed(method, ep, e);
        }
    }

    /** Release (locks.md §5.3 R0–R1): {@code gf()}, then the put of 0 or the RFAA of −1 ({@code wr}), not waited. */
    @Override
    public void release(Endpoint ep) {
        if (at(ep) != this) {
            this.<CasSpinLock>at(ep).release(ep);
            return;
        }
        enterAsClient(ep, "release");
        Client c = client(ep, false);
        if (c == null || !c.held) {
            throw new IllegalMonitorStateException(where("release", ep) + ": this endpoint does not hold the lock");
        }
        try {
            beforeRelease(ep);
            if (mode == ReleaseMode.PUT) {
                ep.put(c.wr, word, 0, zero, 0, 1);
            } else {
                ep.rfaa(c.wr, c.g, 1, word, 0, -1);
            }
            c.held = false;
        } catch (RdmaFailureException e) {
            throw failed("release", ep, e);
        }
    }

    // The steps below are the algorithm's own (locks.md §5.3); they are package-private methods so that
    // the model checker's tests can plant a bug in one of them (a subclass in this package) and see it caught.

    /** A1: whether a failed attempt is retried (always; a planted bug answers no and enters anyway). */
    boolean retries() {
        return true;
    }

    /** A1: wait for the RCAS before reading its result. */
    void waitForResult(Endpoint ep, WorkId wa) {
        ep.waitFor(wa);
    }

    /** R0: complete every earlier op of the thread before the release's write. */
    void beforeRelease(Endpoint ep) {
        ep.gf();
    }

    @Override
    public boolean isHeldBy(Endpoint ep) {
        if (at(ep) != this) {
            return this.<CasSpinLock>at(ep).isHeldBy(ep);
        }
        Client c;
        synchronized (clients) {
            c = clients.get(ep);
        }
        return c != null && c.held;
    }

    private Client client(Endpoint ep, boolean bind) {
        synchronized (clients) {
            Client c = clients.get(ep);
            if (c == null && bind) {
                // registration and newWorkId are not scheduling points (nic.md §2.3), so the monitor cannot stall the scheduler
                Region g = registerInternal("g." + clients.size(), 2, EnumSet.of(Access.LOCAL_WRITE), null);
                c = new Client(g, ep.newWorkId("wa"), ep.newWorkId("wr"));
                clients.put(ep, c);
            }
            return c;
        }
    }
}
