package remo.locks;

import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import remo.loco.LocoNode;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.error.RdmaFailureException;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.WorkId;

/**
 * The ticket lock of locks.md §3.2–§3.3, shared by {@link WeakTicketLock} and
 * {@link StrongTicketLock}, which differ only in {@link #beforeRelease} (locks.md §4.2: the strong lock's
 * release starts with a global fence).
 *
 * <p>State (locks.md §3.2), with {@code T = #C × S} slots and {@code S = slotsPerNode}: {@code name/next}
 * (1 word at {@code H}, REMOTE_ATOMIC) is the ticket dispenser, reached only by RFAA, loopback on
 * {@code H}; {@code name/rows} ({@code T} words at every client node, REMOTE_WRITE) holds each
 * node's replica of every slot's row (1 + the last ticket the slot released, or 0); {@code name/tk}
 * ({@code S} words at every client node, LOCAL_WRITE) holds the RFAA results of the node's slots.
 * Slot {@code j = c·S + s} is the {@code s}-th endpoint of the {@code c}-th client node (ascending
 * ids) to use the lock; it is bound on first use and never freed.
 */
abstract class TicketLock extends LockObject implements TicketOrdered {
    private final int slotsPerNode;
    private final int slots;
    private final int clientIndex;
    private final NodeSet others;
    private final Region rows;
    private final Region tk;
    private final Map<Endpoint, Slot> bound = new IdentityHashMap<>();
    private volatile Region next;
    private volatile RegionGroup rowGroup;

    /** One slot bound to one endpoint; its fields are used by that endpoint's thread only. */
    private static final class Slot {
        final int local;
        final int global;
        final WorkId wa;
        final WorkId wb;
        boolean held;
        long ticket;
        /** The id of the RFAA that drew the held ticket: the critical section's ops come after it. */
        long entryOp;

        Slot(int local, int global, WorkId wa, WorkId wb) {
            this.local = local;
            this.global = global;
            this.wa = wa;
            this.wb = wb;
        }
    }

    TicketLock(LocoNode here, String name, LockKind kind, int home, NodeSet clientNodes, int slotsPerNode) {
        super(here, name, kind, home, clientNodes, Map.of("slotsPerNode", slotsPerNode));
        if (slotsPerNode < 1) {
            throw new IllegalArgumentException(kind + " '" + name + "': slotsPerNode must be >= 1, got " + slotsPerNode);
        }
        long t = (long) clientNodes.size() * slotsPerNode;
        if (t > here.node().cluster().config().maxRegionWords()) {
            throw new IllegalArgumentException(kind + " '" + name + "': " + t + " slots exceed maxRegionWords");
        }
        this.slotsPerNode = slotsPerNode;
        this.slots = (int) t;
        this.clientIndex = clientNodes.indexOf(here.id());
        this.others = clientNodes.minus(here.id());
        if (here.id() == home) {
            this.next = registerInternal("next", 1, EnumSet.of(Access.REMOTE_ATOMIC), null);
        }
        if (clientIndex >= 0) {
            this.rows = registerInternal("rows", slots, EnumSet.of(Access.REMOTE_WRITE), null);
            this.tk = registerInternal("tk", slotsPerNode, EnumSet.of(Access.LOCAL_WRITE), null);
        } else {
            this.rows = null;
            this.tk = null;
        }
    }

    /** Slots per client node, {@code S}. */
    public final int slotsPerNode() {
        return slotsPerNode;
    }

    /** Resolves {@code next@H} and the other client nodes' rows (loco.md §3.2 linking). */
    @Override
    protected final void onLink() {
        if (clientIndex < 0) {
            return; // the home alone never calls a method
        }
        Region n = peer(home(), "next");
        rowGroup = peerGroup("rows", clientNodes());
        next = n;
    }

    /**
     * Acquire (locks.md §3.3 A1–A5): draw a ticket by RFAA on {@code next@H}, wait for it ({@code wa}), read it,
     * then spin on the local rows until one of them is at least the ticket. Spinning is local: each
     * round loads all {@code T} rows in increasing order and issues no NIC operation.
     */
    @Override
    public final void acquire(Endpoint ep) {
        if (at(ep) != this) {
            this.<TicketLock>at(ep).acquire(ep);
            return;
        }
        enterAsClient(ep, "acquire");
        Slot s = slot(ep, true);
        if (s.held) {
            throw new IllegalMonitorStateException(where("acquire", ep) + ": this endpoint already holds the lock "
                    + "(ticket " + s.ticket + "); the lock is not reentrant");
        }
        try {
            long entryOp = ep.rfaa(s.wa, tk, s.local, next, 0, 1).id();
            waitForTicket(ep, s.wa);
            long my = ep.load(tk, s.local);
            spin(ep, my);
            s.ticket = my;
            s.entryOp = entryOp;
            s.held = true;
        } catch (RdmaFailureException e) {
            throw failed("acquire", ep, e);
        }
    }

    private void spin(Endpoint ep, long my) {
        int rounds = 0;
        while (true) {
            long max = Long.MIN_VALUE;
            for (int i = 0; i < slots; i++) {
                max = Math.max(max, ep.load(rows, i));
            }
            if (mayEnter(max, my)) {
                return;
            }
            if (!deterministic()) {
                if (++rounds % 64 == 0) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    }

    /**
     * Release (locks.md §3.3 R1–R2, locks.md §4.2 R0): {@link #beforeRelease}, then store {@code held + 1} into the
     * slot's own row and broadcast it to the other client nodes' replicas ({@code wb}, never waited by
     * the lock: the puts complete in the background).
     */
    @Override
    public final void release(Endpoint ep) {
        if (at(ep) != this) {
            this.<TicketLock>at(ep).release(ep);
            return;
        }
        enterAsClient(ep, "release");
        Slot s = slot(ep, false);
        if (s == null || !s.held) {
            throw new IllegalMonitorStateException(where("release", ep) + ": this endpoint does not hold the lock");
        }
        String broken = unmetObligation(ep, s.entryOp);
        try {
            beforeRelease(ep);
            ep.store(rows, s.global, releasedRow(s.ticket));
            NodeSet targets = replicaTargets(others);
            if (targets.size() > 0) {
                ep.bcast(s.wb, rowGroup, s.global, rows, s.global, 1, targets);
            }
            s.held = false;
        } catch (RdmaFailureException e) {
            throw failed("release", ep, e);
        }
        if (broken != null) {
            throw new LockObligationException(where("release", ep) + ": " + broken);
        }
    }

    /**
     * The client obligation the critical section broke, checked at {@code release} (before the
     * release's own ops), or {@code null}: nothing for the strong lock, which discharges O3 itself.
     *
     * @param entryOp the id of the op that drew the ticket; the critical section's ops follow it
     */
    String unmetObligation(Endpoint ep, long entryOp) {
        return null;
    }

    /** What the release does before R1: nothing for the weak lock, {@code gf()} for the strong one (locks.md §4.2 R0). */
    abstract void beforeRelease(Endpoint ep);

    // The steps below are the algorithm's own (locks.md §3.3); they are methods so that the model
    // checker's tests can plant a bug in one of them (a subclass in this package) and see it caught.

    /** A3: wait for the RFAA that drew the ticket. */
    void waitForTicket(Endpoint ep, WorkId wa) {
        ep.waitFor(wa);
    }

    /** A5: whether the largest row read lets ticket {@code my} in. */
    boolean mayEnter(long maxRow, long my) {
        return maxRow >= my;
    }

    /** R1: the row value that releases ticket {@code ticket}. */
    long releasedRow(long ticket) {
        return ticket + 1;
    }

    /** R2: the client nodes whose replicas of the row the release updates: all the others. */
    NodeSet replicaTargets(NodeSet others) {
        return others;
    }

    /** The global slot of the {@code local}-th endpoint of the client node at {@code clientIndex} (locks.md §3.2). */
    int globalSlot(int clientIndex, int slotsPerNode, int local) {
        return clientIndex * slotsPerNode + local;
    }

    @Override
    public final boolean isHeldBy(Endpoint ep) {
        if (at(ep) != this) {
            return this.<TicketLock>at(ep).isHeldBy(ep);
        }
        Slot s;
        synchronized (bound) {
            s = bound.get(ep);
        }
        return s != null && s.held;
    }

    @Override
    public final long heldTicket(Endpoint ep) {
        if (at(ep) != this) {
            return this.<TicketLock>at(ep).heldTicket(ep);
        }
        Slot s;
        synchronized (bound) {
            s = bound.get(ep);
        }
        if (s == null || !s.held) {
            throw new IllegalMonitorStateException(where("heldTicket", ep) + ": this endpoint does not hold the lock");
        }
        return s.ticket;
    }

    /** The endpoint's slot, bound on first use when {@code bind}; {@code null} if unbound and not {@code bind}. */
    private Slot slot(Endpoint ep, boolean bind) {
        synchronized (bound) {
            Slot s = bound.get(ep);
            if (s == null && bind) {
                int local = bound.size();
                if (local == slotsPerNode) {
                    throw new TooManyClientsException(where("acquire", ep) + ": all " + slotsPerNode + " slots of node "
                            + ep.node() + " are bound to other endpoints (slots are never freed, locks.md §2.1)");
                }
                // newWorkId is not a scheduling point, so holding the monitor here cannot stall the scheduler
                s = new Slot(local, globalSlot(clientIndex, slotsPerNode, local), ep.newWorkId("wa"), ep.newWorkId("wb"));
                bound.put(ep, s);
            }
            return s;
        }
    }
}
