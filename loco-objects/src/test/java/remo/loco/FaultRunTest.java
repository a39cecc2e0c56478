package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.loco.spec.CallLog;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.nic.FaultPlan;
import remo.nic.NodeSet;
import remo.core.rdma.OpKind;
import remo.nic.error.RdmaFailureException;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.error.StepLimitExceededException;

/**
 * Fault runs of loco.md §6 item 6 (nic.md §7) for every object: QP errors injected at every op index of short
 * client programs and node crashes at spread-out steps. Every failure surfaces, as an
 * {@link ObjectBrokenException} whose cause is the NIC failure (or a NIC exception from the
 * client's own ops, or an unreported flushed op when nobody waits for it), and no call returns
 * normally with a value that depends on a failed op: the body of every call that returned holds no
 * flushed get or RMW.
 */
class FaultRunTest {
    private static final long STEP_LIMIT = 400_000;

    /**
     * A run under faults; {@code blocked} if a peer of a failed participant spins forever: the
     * simulator reports the spin as a deadlock (nic.md §5.1), or the run reaches the step limit.
     */
    record FaultRun(RunResult result, boolean blocked, CallLog log) {
    }

    static FaultRun run(Scenario s, int nodes, long seed, FaultPlan plan) {
        CallLog log = new CallLog();
        try (SimCluster c = Sim.faulty(nodes, seed, plan, STEP_LIMIT)) {
            s.setup(c, log);
            try {
                return new FaultRun(c.run(), false, log);
            } catch (StepLimitExceededException e) {
                return new FaultRun(e.partial(), true, log);
            } catch (remo.nic.error.SimulationDeadlockException e) {
                return new FaultRun(e.partial(), true, log);
            }
        }
    }

    private static boolean nicFailure(Throwable t) {
        for (Throwable x = t; x != null; x = x.getCause()) {
            if (x instanceof RdmaFailureException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks one fault run of {@code object}'s calls.
     *
     * @return the threads whose body ended with an {@link ObjectBrokenException}
     */
    static List<String> check(FaultRun f, String object) {
        List<String> broken = new ArrayList<>();
        for (Map.Entry<String, Throwable> e : f.result().threadFailures().entrySet()) {
            Throwable t = e.getValue();
            assertTrue(t instanceof ObjectBrokenException || t instanceof RdmaFailureException,
                    e.getKey() + " failed with " + t);
            assertTrue(nicFailure(t), e.getKey() + ": " + t + " has no NIC failure as its cause");
            if (t instanceof ObjectBrokenException) {
                broken.add(e.getKey());
            }
        }
        RecordedGraph g = RecordedGraph.of(f.result().trace().orElseThrow());
        for (ObjectCall c : f.log().of(object)) {
            assertEquals(List.of(), g.flushedOps(c.thread(), c.firstPo(), c.lastPo(), k -> k != OpKind.PUT),
                    c + " returned normally although a get or RMW of its body was flushed");
        }
        if (g.anyFlushed()) {
            assertTrue(!f.result().threadFailures().isEmpty() || !f.result().unreportedFailures().isEmpty(),
                    "an op was flushed but no failure surfaced");
        }
        return broken;
    }

    private static FaultPlan qpError(String thread, int target, long op) {
        return FaultPlan.builder().qpError(thread, target, op).expectUnreported().build();
    }

    private static FaultPlan crash(int node, long step) {
        return FaultPlan.builder().crash(node, step).expectUnreported().build();
    }

    /** The steps of a fault-free run of {@code s}. */
    private static long steps(Scenario s, int nodes) {
        FaultRun f = run(s, nodes, 0, FaultPlan.none());
        assertFalse(f.blocked());
        return f.result().metrics().cluster().get("schedulerSteps");
    }

    @Test
    void atomicVarQpErrorsBreakTheCallerAtTheFailedOp() {
        Scenario s = AtomicVarTest.scenario(2, 3);
        for (String thread : List.of("a1", "a2")) {
            for (long op = 1; op <= 9; op++) {
                FaultRun f = run(s, 2, op, qpError(thread, 2, op));
                assertFalse(f.blocked());
                assertEquals(List.of(thread), check(f, "av"), thread + " op " + op);
                ObjectBrokenException e = assertInstanceOf(ObjectBrokenException.class,
                        f.result().threadFailures().get(thread));
                assertInstanceOf(remo.nic.error.QpErrorException.class, e.getCause());
                assertEquals(op - 1, f.log().of("av").stream().filter(c -> c.thread().equals(thread)).count(),
                        "the calls before the failed op returned");
            }
        }
    }

    @Test
    void atomicVarCrashesBreakTheObjectOnTheSurvivors() {
        Scenario s = AtomicVarTest.scenario(3, 3);
        long total = steps(s, 3);
        int brokenRuns = 0;
        for (int i = 1; i <= 20; i++) {
            for (int node : List.of(1, 3)) {
                FaultRun f = run(s, 3, i, crash(node, total * i / 21));
                assertFalse(f.blocked());
                brokenRuns += check(f, "av").isEmpty() ? 0 : 1;
            }
        }
        assertTrue(brokenRuns > 20, "runs where a survivor's instance broke: " + brokenRuns);
    }

    /** Two clients, each with its own keys in its own buckets (a held lock of a failed client blocks only itself). */
    static Scenario kvScenario() {
        return (c, log) -> {
            NodeSet p = NodeSet.range(1, 3);
            Map<Integer, KvStore> kv = Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, 8, 2, 1));
            KvStore any = kv.get(1);
            long[] keys = new long[2];
            java.util.Set<Integer> used = new java.util.HashSet<>();
            for (int t = 0, found = 0; found < 2; t++) {
                if (any.home(t) == 2 && used.add(any.bucket(t))) {
                    keys[found++] = t;
                }
            }
            for (int n : List.of(1, 3)) {
                long key = keys[n == 1 ? 0 : 1];
                c.spawn(n, "k" + n, raw -> {
                    CountingEndpoint ep = CountingEndpoint.wrap(raw);
                    KvStore s = kv.get(n);
                    for (long i = 1; i <= 3; i++) {
                        long v = n * 10 + i;
                        log.call(ep, "kv", "put", List.of(key, v), () -> KvStoreTest.full(() -> s.put(ep, key, new long[] {v})));
                        log.call(ep, "kv", "get", List.of(key), () -> s.get(ep, key));
                    }
                });
            }
        };
    }

    @Test
    void kvStoreQpErrorsAtEveryOpIndex() {
        int broken = 0;
        for (long op = 1; op <= 30; op++) {
            FaultRun f = run(kvScenario(), 3, op, qpError("k1", 2, op));
            assertFalse(f.blocked(), "op " + op);
            List<String> b = check(f, "kv");
            if (op <= 3 * (6 + 3)) {
                assertEquals(List.of("k1"), b, "op " + op + ": " + f.result().threadFailures());
            }
            broken += b.size();
            for (ObjectCall c : f.log().of("kv")) {
                if (c.method().equals("get") && c.node() == 1) {
                    long[] got = (long[]) c.result();
                    assertTrue(got != null && got[0] >= 11 && got[0] <= 13, "k1 read its own value: " + c);
                }
            }
        }
        assertEquals(27, broken);
    }

    @Test
    void kvStoreCrashes() {
        Scenario s = kvScenario();
        long total = steps(s, 3);
        int broken = 0;
        for (int i = 1; i <= 20; i++) {
            for (int node = 1; node <= 3; node++) {
                FaultRun f = run(s, 3, i, crash(node, total * i / 21));
                assertFalse(f.blocked(), "crash of " + node + " at " + (total * i / 21));
                broken += check(f, "kv").size();
            }
        }
        assertTrue(broken >= 20, "broken instances: " + broken);
    }

    @Test
    void ownedVarAndSstFailuresSurfaceAtTheFlush() {
        for (long op = 1; op <= 3; op++) {
            FaultRun f = run(OwnedVarTest.scenario(2, 3, 3), 2, op, qpError("owner", 2, op));
            assertEquals(List.of("owner"), check(f, "ov"), "op " + op);
            assertTrue(f.log().of("ov").stream().noneMatch(c -> c.method().equals("flush")), "the flush did not return");
        }
        for (long op = 1; op <= 2; op++) {
            FaultRun f = run(SstTest.scenario(2, 1), 2, op, qpError("row1", 2, op));
            assertEquals(List.of("row1"), check(f, "sst"), "op " + op);
        }
    }

    @Test
    void aFailedPutOfTheStrongBarrierSurfacesAtTheNextGf() {
        for (long op = 1; op <= 2; op++) {
            List<Throwable> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            Scenario s = (c, log) -> {
                NodeSet p = NodeSet.of(1, 2);
                Map<Integer, Barrier> bar = Sim.onEach(c, p, (here, n) -> new Barrier(here, "bar", p));
                for (int n : p) {
                    c.spawn(n, "b" + n, ep -> {
                        try {
                            for (int k = 0; k < 3; k++) {
                                bar.get(n).awaitStrong(ep);
                            }
                        } catch (ObjectBrokenException e) {
                            seen.add(e);
                            throw e;
                        }
                    });
                }
            };
            FaultRun f = run(s, 2, op, qpError("b1", 2, op));
            assertTrue(f.blocked(), "node 2 waits forever for the lost epoch (a participant that never arrives)");
            assertEquals(1, seen.size(), "op " + op);
            assertInstanceOf(remo.nic.error.QpErrorException.class, seen.get(0).getCause());
        }
    }

    /** Sender and receiver with bounded retries, so that a lost message or credit ends the run. */
    static Scenario ringScenario(List<long[]> received) {
        return (c, log) -> {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, RingBuffer> rb = Sim.onEach(c, p, (here, n) -> new RingBuffer(here, "rb", 1, 2, 2, 1));
            c.spawn(1, "s", ep -> {
                for (long n = 1; n <= 4; n++) {
                    long[] msg = {n};
                    int tries = 0;
                    while (!rb.get(1).tryPush(ep, msg) && ++tries < 500) {
                        Thread.onSpinWait();
                    }
                }
            });
            c.spawn(2, "r", ep -> {
                for (int tries = 0; tries < 3000 && received.size() < 4; tries++) {
                    long[] m = rb.get(2).tryPop(ep);
                    if (m != null) {
                        received.add(m);
                    }
                }
            });
        };
    }

    @Test
    void aRingNeverDeliversALostMessageOrOneOutOfOrder() {
        for (String thread : List.of("s", "r")) {
            for (long op = 1; op <= 8; op++) {
                List<long[]> got = new java.util.concurrent.CopyOnWriteArrayList<>();
                FaultRun f = run(ringScenario(got), 2, op, qpError(thread, thread.equals("s") ? 2 : 1, op));
                assertFalse(f.blocked());
                check(f, "rb");
                for (int i = 0; i < got.size(); i++) {
                    assertEquals(i + 1, got.get(i)[0], "a prefix of the messages, in order");
                }
                if (thread.equals("s")) {
                    assertTrue(got.size() <= (op - 1) / 2, "only messages whose puts came before the failed one: " + got.size());
                }
            }
        }
    }
    /**
     * SharedRegion has no methods of its own that post ops: a failure surfaces as a NIC exception
     * from the client's own op (the bcast's wait), on the client's thread.
     */
    @Test
    void sharedRegionFailuresSurfaceAtTheClientsOwnOps() {
        for (int target : List.of(2, 3)) {
            FaultRun f = run(SharedRegionTest.scenario(3), 3, target, qpError("w", target, 1));
            assertFalse(f.blocked());
            check(f, "sr");
            assertInstanceOf(remo.nic.error.QpErrorException.class, f.result().threadFailures().get("w"),
                    "the failed put of the bcast to node " + target + " surfaces at waitFor");
        }
    }

    /** A failed op covered by a fence makes the fence throw the NIC's exception; the call does not return. */
    @Test
    void aGlobalFenceThrowsForAFailedOpItCovers() {
        for (int target : List.of(2, 3)) {
            FaultRun f = run(GlobalFenceTest.scenario(), 3, target, qpError("p", target, 1));
            assertFalse(f.blocked());
            check(f, "fence");
            assertInstanceOf(remo.nic.error.QpErrorException.class, f.result().threadFailures().get("p"), "target " + target);
            assertEquals(1, f.log().of("fence").size(), "only the first fence, which covers no op, returned");
        }
    }

    /**
     * Broadcast: a failed push to one receiver breaks the sender's broadcast; each receiver gets a
     * prefix of the messages, in order, and never one whose puts failed.
     */
    @Test
    void aBroadcastNeverDeliversALostMessageOrOneOutOfOrder() {
        for (int target : List.of(2, 3)) {
            for (long op = 1; op <= 6; op++) {
                Map<Integer, List<long[]>> got = new java.util.concurrent.ConcurrentHashMap<>();
                Scenario s = (c, log) -> {
                    NodeSet p = NodeSet.range(1, 3);
                    NodeSet receivers = NodeSet.of(2, 3);
                    Map<Integer, Broadcast> bc = Sim.onEach(c, p, (here, n) -> new Broadcast(here, "bc", 1, receivers, 2, 1));
                    c.spawn(1, "s", raw -> {
                        CountingEndpoint ep = CountingEndpoint.wrap(raw);
                        for (long n = 1; n <= 4; n++) {
                            long[] msg = {n};
                            int tries = 0;
                            while (!log.call(ep, "bc", "trySend", List.of(n), () -> bc.get(1).trySend(ep, msg)) && ++tries < 500) {
                                Thread.onSpinWait();
                            }
                        }
                    });
                    for (int r : receivers) {
                        List<long[]> mine = new java.util.concurrent.CopyOnWriteArrayList<>();
                        got.put(r, mine);
                        c.spawn(r, "r" + r, raw -> {
                            CountingEndpoint ep = CountingEndpoint.wrap(raw);
                            for (int tries = 0; tries < 3000 && mine.size() < 4; tries++) {
                                long[] m = log.call(ep, "bc", "tryReceive", List.of(), () -> bc.get(r).tryReceive(ep));
                                if (m != null) {
                                    mine.add(m);
                                }
                            }
                        });
                    }
                };
                FaultRun f = run(s, 3, op, qpError("s", target, op));
                assertFalse(f.blocked());
                check(f, "bc");
                for (Map.Entry<Integer, List<long[]>> e : got.entrySet()) {
                    for (int i = 0; i < e.getValue().size(); i++) {
                        assertEquals(i + 1, e.getValue().get(i)[0], "receiver " + e.getKey() + ": a prefix, in order");
                    }
                }
                assertTrue(got.get(target).size() <= (op - 1) / 2,
                        "receiver " + target + " only gets messages whose puts came before the failed one: " + got.get(target).size());
            }
        }
    }
}
