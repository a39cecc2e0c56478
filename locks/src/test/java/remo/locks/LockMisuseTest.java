package remo.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import remo.loco.Backoff;
import remo.loco.AtomicVar;
import remo.loco.LinkMismatchException;
import remo.loco.LocoNode;
import remo.loco.LocoObject;
import remo.loco.NotAParticipantException;
import remo.loco.ObjectBrokenException;
import remo.loco.ObjectClosedException;
import remo.loco.ObjectState;
import remo.nic.Access;
import remo.nic.error.DuplicateNameException;
import remo.nic.Endpoint;
import remo.nic.FaultPlan;
import remo.nic.MetricsSnapshot;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.error.QpErrorException;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.error.UnsupportedConfigurationException;
import remo.nic.error.WrongNodeException;

/**
 * The rules every lock enforces (locks.md §2.1, loco.md §3): each violation throws the documented
 * exception before any memory access or NIC operation (the endpoint's counters do not move) and
 * leaves the lock usable by the others, who then complete their acquisitions with an exact counter.
 */
class LockMisuseTest {
    private static final String NAME = "lk";

    /** Runs {@code bodies} (node, body) on a 3-node cluster whose lock has home 1 and clients {1, 2}; returns the run. */
    private static RunResult run(LockVariant c, List<Map.Entry<Integer, Consumer<Ctx>>> bodies, long seed) {
        try (SimCluster cl = SimCluster.builder().nodes(3).deterministic(seed).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 1, NodeSet.of(1, 2), 2);
            Region ctr = cl.node(2).register("ctr", 1, EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
            int i = 0;
            for (Map.Entry<Integer, Consumer<Ctx>> b : bodies) {
                int node = b.getKey();
                Region s = cl.node(node).register("s" + i, 2, EnumSet.of(Access.LOCAL_WRITE));
                RemoteLock lock = locks.getOrDefault(node, locks.get(1));
                cl.spawn(node, "T" + i++, ep -> b.getValue().accept(new Ctx(ep, lock, locks, s, ctr)));
            }
            RunResult r = cl.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertEquals(count(bodies), cl.peek(2, "ctr", 0), "the other threads' increments are all there");
            return r;
        }
    }

    private static long count(List<Map.Entry<Integer, Consumer<Ctx>>> bodies) {
        return bodies.size() * 2L;
    }

    /** A thread's view: its endpoint, its node's lock, every node's lock, its scratch words and the counter. */
    private record Ctx(Endpoint ep, RemoteLock lock, Map<Integer, RemoteLock> locks, Region scratch, Region ctr) {
        /** Two lock-protected increments of the counter (waited get and put, so O3 holds for the weak lock). */
        void work() {
            for (int k = 0; k < 2; k++) {
                lock.acquire(ep);
                var w = ep.newWorkId("c");
                ep.get(w, scratch, 0, ctr, 0, 1);
                ep.waitFor(w);
                ep.store(scratch, 1, ep.load(scratch, 0) + 1);
                ep.put(w, ctr, 0, scratch, 1, 1);
                ep.waitFor(w);
                lock.release(ep);
            }
        }

        MetricsSnapshot.Scope counters() {
            return ep.cluster().metrics().snapshot().endpoint(ep.name());
        }

        /** Asserts that {@code call} throws {@code type} and changes none of the endpoint's counters. */
        <T extends Throwable> T rejects(Class<T> type, Runnable call) {
            MetricsSnapshot.Scope before = counters();
            T t = assertThrows(type, call::run);
            assertEquals(before.deterministicCounters(), counters().deterministicCounters(), "a rejected call touches nothing");
            return t;
        }
    }

    private static Map.Entry<Integer, Consumer<Ctx>> on(int node, Consumer<Ctx> body) {
        return Map.entry(node, body);
    }

    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void acquireTwiceReleaseWithoutHoldingAndHeldChecks(LockVariant c) {
        run(c, List.of(on(1, x -> {
            assertFalse(x.lock().isHeldBy(x.ep()));
            x.rejects(IllegalMonitorStateException.class, () -> x.lock().release(x.ep()));
            x.lock().acquire(x.ep());
            assertTrue(x.lock().isHeldBy(x.ep()));
            x.rejects(IllegalMonitorStateException.class, () -> x.lock().acquire(x.ep()));
            if (x.lock() instanceof CasSpinLock cas) {
                x.rejects(IllegalMonitorStateException.class, () -> cas.tryAcquire(x.ep()));
            }
            assertTrue(x.lock().isHeldBy(x.ep()), "still held after the rejected acquire");
            x.lock().release(x.ep());
            x.rejects(IllegalMonitorStateException.class, () -> x.lock().release(x.ep()));
            if (x.lock() instanceof WeakTicketLock w) {
                x.rejects(IllegalMonitorStateException.class, () -> w.heldTicket(x.ep()));
            }
            x.work();
        }), on(2, Ctx::work)), 3);
    }

    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void anEndpointOutsideTheClientNodesIsNotAParticipant(LockVariant c) {
        // the home-only node: clients {2, 3}, home 1; a thread on node 1 uses node 1's instance
        try (SimCluster cl = SimCluster.builder().nodes(3).deterministic(5).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 1, NodeSet.of(2, 3), 1);
            List<Throwable> seen = Collections.synchronizedList(new ArrayList<>());
            cl.spawn(1, "home", ep -> {
                seen.add(assertThrows(NotAParticipantException.class, () -> locks.get(1).acquire(ep)));
                seen.add(assertThrows(NotAParticipantException.class, () -> locks.get(1).release(ep)));
            });
            cl.spawn(2, "wrong", ep -> seen.add(assertThrows(WrongNodeException.class, () -> locks.get(3).acquire(ep))));
            for (int n = 2; n <= 3; n++) {
                RemoteLock l = locks.get(n);
                cl.spawn(n, "user" + n, ep -> {
                    l.acquire(ep);
                    l.release(ep);
                });
            }
            RunResult r = cl.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertEquals(3, seen.size());
            assertTrue(seen.get(0).getMessage().contains("not a client node"), seen.get(0).getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(value = LockVariant.class, names = {"WEAK", "STRONG"})
    void aThirdEndpointOnANodeWithTwoSlotsIsRejected(LockVariant c) {
        List<String> rejected = Collections.synchronizedList(new ArrayList<>());
        try (SimCluster cl = SimCluster.builder().nodes(2).deterministic(11).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 1, NodeSet.of(1, 2), 2);
            for (int i = 0; i < 3; i++) {
                String name = "T" + i;
                cl.spawn(1, name, ep -> {
                    try {
                        locks.get(1).acquire(ep);
                        locks.get(1).release(ep);
                    } catch (TooManyClientsException e) {
                        rejected.add(name);
                        assertFalse(locks.get(1).isHeldBy(ep));
                    }
                });
            }
            cl.spawn(2, "other", ep -> {
                locks.get(2).acquire(ep);
                locks.get(2).release(ep);
            });
            RunResult r = cl.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
        }
        assertEquals(1, rejected.size(), "exactly the third endpoint of node 1 is rejected: " + rejected);
    }

    @Test
    void putReleaseIsUnsupportedWhenFailedRcasesWriteBack() {
        NicConfig yes = NicConfig.defaults().with("FAILED_RCAS_WRITES", "YES");
        try (SimCluster cl = SimCluster.builder().nodes(2).config(yes).deterministic(1).build()) {
            UnsupportedConfigurationException e = assertThrows(UnsupportedConfigurationException.class,
                    () -> new CasSpinLock(cl.node(1), NAME, 1, NodeSet.of(1, 2), CasSpinLock.ReleaseMode.PUT, Backoff.NONE));
            assertTrue(e.getMessage().contains("RFAA"), e.getMessage());
            // RFAA release is immune (locks.md §5.7) and works on the same backend
            CasSpinLock a = new CasSpinLock(cl.node(1), "ok", 1, NodeSet.of(1, 2), CasSpinLock.ReleaseMode.RFAA, Backoff.NONE);
            CasSpinLock b = new CasSpinLock(cl.node(2), "ok", 1, NodeSet.of(1, 2), CasSpinLock.ReleaseMode.RFAA, Backoff.NONE);
            cl.spawn(1, "a", ep -> {
                a.acquire(ep);
                a.release(ep);
            });
            cl.spawn(2, "b", ep -> {
                b.acquire(ep);
                b.release(ep);
            });
            assertTrue(cl.run().threadFailures().isEmpty());
        }
    }

    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void aClosedInstanceRejectsEveryCallAndTheOtherNodeGoesOn(LockVariant c) {
        try (SimCluster cl = SimCluster.builder().nodes(2).deterministic(2).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 1, NodeSet.of(1, 2), 1);
            LockObject one = (LockObject) locks.get(1);
            cl.spawn(1, "closer", ep -> {
                one.acquire(ep);
                one.release(ep);
                one.close();
                assertEquals(ObjectState.CLOSED, one.state());
                assertThrows(ObjectClosedException.class, () -> one.acquire(ep));
                assertThrows(ObjectClosedException.class, () -> one.release(ep));
            });
            cl.spawn(2, "other", ep -> {
                for (int k = 0; k < 3; k++) {
                    locks.get(2).acquire(ep);
                    locks.get(2).release(ep);
                }
            });
            RunResult r = cl.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
        }
    }

    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void participantsConstructedDifferentlyFailToLink(LockVariant c) {
        try (SimCluster cl = SimCluster.builder().nodes(2).deterministic(3).build()) {
            c.construct(cl, NAME, 1, NodeSet.of(1, 2), 1);
            LockObject two = switch (c) {
                case WEAK -> new WeakTicketLock(cl.node(2), "other", 1, NodeSet.of(1, 2), 1);
                case STRONG -> new StrongTicketLock(cl.node(2), "other", 1, NodeSet.of(1, 2), 1);
                default -> new CasSpinLock(cl.node(2), "other", 1, NodeSet.of(1, 2), CasSpinLock.ReleaseMode.PUT, Backoff.NONE);
            };
            assertEquals(ObjectState.LINKING, two.state());
            assertThrows(DuplicateNameException.class, () -> c.construct(cl, NAME, 1, NodeSet.of(1, 2), 1));
        }
        try (SimCluster cl = SimCluster.builder().nodes(2).deterministic(3).build()) {
            LockObject one;
            String field;
            switch (c) {
                case WEAK, STRONG -> {
                    one = c == LockVariant.WEAK ? new WeakTicketLock(cl.node(1), NAME, 1, NodeSet.of(1, 2), 1)
                            : new StrongTicketLock(cl.node(1), NAME, 1, NodeSet.of(1, 2), 1);
                    new WeakTicketLock(cl.node(2), NAME, 1, NodeSet.of(1, 2), c == LockVariant.WEAK ? 2 : 1);
                    field = c == LockVariant.WEAK ? "slotsPerNode" : "kind";
                }
                default -> {
                    CasSpinLock.ReleaseMode mine = c == LockVariant.CAS_PUT ? CasSpinLock.ReleaseMode.PUT : CasSpinLock.ReleaseMode.RFAA;
                    CasSpinLock.ReleaseMode theirs = c == LockVariant.CAS_PUT ? CasSpinLock.ReleaseMode.RFAA : CasSpinLock.ReleaseMode.PUT;
                    one = new CasSpinLock(cl.node(1), NAME, 1, NodeSet.of(1, 2), mine, Backoff.NONE);
                    new CasSpinLock(cl.node(2), NAME, 1, NodeSet.of(1, 2), theirs, Backoff.NONE);
                    field = "releaseMode";
                }
            }
            LinkMismatchException e = assertThrows(LinkMismatchException.class, one::link);
            assertTrue(e.getMessage().contains(field), e.getMessage());
        }
    }

    /**
     * A lock is a LOCO object (locks.md §2.1): its descriptor names its class and participants
     * {@code C ∪ {H}}, and it shares the node's one object namespace (loco.md §3.2) with the objects
     * of loco.md §4, in both construction orders.
     */
    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void aLockIsALocoObjectInTheNodesOneNamespace(LockVariant c) {
        try (SimCluster cl = SimCluster.builder().nodes(3).deterministic(7).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 3, NodeSet.of(1, 2), 1);
            LocoObject one = assertInstanceOf(LocoObject.class, locks.get(1));
            assertEquals(locks.get(1).kind().name(), one.descriptor().kind());
            assertEquals(NodeSet.of(1, 2, 3), one.participants());
            assertEquals(NodeSet.of(1, 2, 3), one.descriptor().participants());
            assertEquals(3, one.descriptor().params().get("home"));
            LocoNode n1 = LocoNode.of(cl.node(1));
            assertThrows(DuplicateNameException.class, () -> new AtomicVar(n1, NAME, NodeSet.of(1, 2), 1, 0));
            new AtomicVar(n1, "av", NodeSet.of(1, 2), 1, 0);
            assertThrows(DuplicateNameException.class, () -> c.construct(cl, "av", 3, NodeSet.of(1, 2), 1));
        }
    }

    @ParameterizedTest
    @EnumSource(value = LockVariant.class, names = {"CAS_PUT", "CAS_RFAA"})
    void tryAcquireMakesOneAttemptAndFailsWhileAnotherHolds(LockVariant c) {
        java.util.concurrent.atomic.AtomicInteger phase = new java.util.concurrent.atomic.AtomicInteger();
        long[] rcas = new long[2];
        try (SimCluster cl = SimCluster.builder().nodes(2).deterministic(6).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 1, NodeSet.of(1, 2), 1);
            Region idle = cl.node(1).register("idle", 1, EnumSet.noneOf(Access.class));
            Region idle2 = cl.node(2).register("idle", 1, EnumSet.noneOf(Access.class));
            cl.spawn(1, "holder", ep -> {
                locks.get(1).acquire(ep);
                phase.set(1);
                while (phase.get() < 2) {
                    ep.load(idle, 0); // a scheduling point: lets the other thread run
                }
                locks.get(1).release(ep);
            });
            cl.spawn(2, "trier", ep -> {
                CasSpinLock l = (CasSpinLock) locks.get(2);
                while (phase.get() < 1) {
                    ep.load(idle2, 0);
                }
                long before = ep.cluster().metrics().snapshot().endpoint("trier").opsPosted(remo.core.rdma.OpKind.RCAS);
                assertFalse(l.tryAcquire(ep), "the lock is held on node 1");
                rcas[0] = ep.cluster().metrics().snapshot().endpoint("trier").opsPosted(remo.core.rdma.OpKind.RCAS) - before;
                assertFalse(l.isHeldBy(ep));
                phase.set(2);
                long attempts = 0;
                while (!l.tryAcquire(ep)) {
                    attempts++;
                }
                rcas[1] = attempts;
                assertTrue(l.isHeldBy(ep));
                l.release(ep);
            });
            RunResult r = cl.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
        }
        assertEquals(1, rcas[0], "tryAcquire is exactly one RCAS");
    }

    @Test
    void malformedConstructionIsRejected() {
        try (SimCluster cl = SimCluster.builder().nodes(2).deterministic(0).build()) {
            assertThrows(IllegalArgumentException.class, () -> new WeakTicketLock(cl.node(1), "bad name", 1, NodeSet.of(1), 1));
            assertThrows(IllegalArgumentException.class, () -> new WeakTicketLock(cl.node(1), "x", 3, NodeSet.of(1), 1));
            assertThrows(IllegalArgumentException.class, () -> new WeakTicketLock(cl.node(2), "x", 1, NodeSet.of(1), 1));
            assertThrows(IllegalArgumentException.class, () -> new StrongTicketLock(cl.node(1), "x", 1, NodeSet.of(1), 0));
            assertThrows(IllegalArgumentException.class, () -> Backoff.exponential(0, 4));
        }
    }

    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void aNicFailureInTheLocksOwnWaitBreaksTheInstance(LockVariant c) {
        List<Throwable> seen = Collections.synchronizedList(new ArrayList<>());
        // QP (victim -> node 1) fails when its first op would take its first step: the acquire's RMW
        FaultPlan plan = FaultPlan.builder().qpError("victim", 1, 1).build();
        try (SimCluster cl = SimCluster.builder().nodes(2).faults(plan).deterministic(4).build()) {
            Map<Integer, RemoteLock> locks = c.construct(cl, NAME, 1, NodeSet.of(1, 2), 1);
            LockObject two = (LockObject) locks.get(2);
            cl.spawn(2, "victim", ep -> {
                LockFailedException f = assertThrows(LockFailedException.class, () -> two.acquire(ep));
                assertInstanceOf(QpErrorException.class, f.getCause());
                ep.acknowledge((QpErrorException) f.getCause());
                assertEquals(ObjectState.BROKEN, two.state());
                ObjectBrokenException b = assertThrows(ObjectBrokenException.class, () -> two.acquire(ep));
                assertFalse(b instanceof LockFailedException, "later calls throw ObjectBrokenException itself");
                seen.add(b.getCause());
            });
            cl.spawn(1, "survivor", ep -> {
                locks.get(1).acquire(ep);
                locks.get(1).release(ep);
            });
            RunResult r = cl.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertTrue(r.unreportedFailures().isEmpty(), "the lock reported the flushed op: " + r.unreportedFailures());
        }
        assertInstanceOf(QpErrorException.class, seen.get(0), "the broken instance names its cause");
    }
}
