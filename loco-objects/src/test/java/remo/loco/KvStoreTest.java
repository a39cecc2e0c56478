package remo.loco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.loco.spec.CallLog;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.KvStoreSpec;
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.nic.MetricsSnapshot;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.core.rdma.OpKind;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/**
 * KvStore (loco.md §4.9): the checklist of loco.md §6 (item 3 is HarnessVerdictTest's KV-*;
 * linearizability is RequiredRunsTest's).
 */
class KvStoreTest {
    static final int B = 1;
    static final int E = 2;
    static final int V = 2;

    /** A key of {@code store} whose home is {@code home}, the {@code nth} such key. */
    static long keyAt(KvStore store, int home, int nth) {
        for (long k = 0; ; k++) {
            if (store.home(k) == home && nth-- == 0) {
                return k;
            }
        }
    }

    static long[] value(long x) {
        long[] v = new long[V];
        java.util.Arrays.fill(v, x);
        return v;
    }

    private static List<Long> args(long key, long[] v) {
        List<Long> a = new ArrayList<>(List.of(key));
        for (long w : v) {
            a.add(w);
        }
        return a;
    }

    /**
     * Each node's thread: put, get, remove, get of a key homed on the next node, then (if
     * {@code withLocalKey}) put and get of a key homed on itself.
     */
    static Scenario scenario(int nodes, boolean withLocalKey) {
        return (c, log) -> {
            NodeSet p = NodeSet.range(1, nodes);
            Map<Integer, KvStore> kv = Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, B, E, V));
            for (int n : p) {
                c.spawn(n, "k" + n, raw -> {
                    CountingEndpoint ep = CountingEndpoint.wrap(raw);
                    KvStore s = kv.get(n);
                    long remote = keyAt(s, n % nodes + 1, 0);
                    long local = keyAt(s, n, 1);
                    long[] v1 = value(n * 10L + 1);
                    long[] v2 = value(n * 10L + 2);
                    log.call(ep, "kv", "put", args(remote, v1), () -> full(() -> s.put(ep, remote, v1)));
                    log.call(ep, "kv", "get", List.of(remote), () -> s.get(ep, remote));
                    log.call(ep, "kv", "remove", List.of(remote), () -> s.remove(ep, remote));
                    log.call(ep, "kv", "get", List.of(remote), () -> s.get(ep, remote));
                    if (withLocalKey) {
                        log.call(ep, "kv", "put", args(local, v2), () -> full(() -> s.put(ep, local, v2)));
                        log.call(ep, "kv", "get", List.of(local), () -> s.get(ep, local));
                    }
                });
            }
        };
    }

    /** Runs a put; {@code true} if it threw KvFullException. */
    static boolean full(Runnable put) {
        try {
            put.run();
            return false;
        } catch (KvFullException e) {
            return true;
        }
    }

    @Test
    void getPutAndRemoveAreTheirImplSequencesWithTheirCosts() {
        try (SimCluster c = Sim.det(2, 3)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, KvStore> kv = Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, B, E, V));
            long key = keyAt(kv.get(1), 2, 0);
            CallLog log = new CallLog();
            c.spawn(1, "t", raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                log.call(ep, "kv", "put", args(key, value(5)), () -> full(() -> kv.get(1).put(ep, key, value(5))));
                log.call(ep, "kv", "get", List.of(key), () -> kv.get(1).get(ep, key));
                log.call(ep, "kv", "remove", List.of(key), () -> kv.get(1).remove(ep, key));
            });
            RunResult r = Sim.runOk(c);
            RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
            List<ObjectCall> calls = log.of("kv");
            int ebuf = E * (1 + V);
            int stage = 5 + ebuf;
            String s = "kv/s.t";
            assertEquals(List.of("rcas#wl->2 1w", "wait", "load " + s + "[2]", "get#wk->2 " + ebuf + "w", "wait",
                    "load " + s + "[5]", "load " + s + "[8]", "rfaa#wk->2 1w", "store " + s + "[" + stage + "]=" + key,
                    "store " + s + "[" + (stage + 1) + "]=5", "store " + s + "[" + (stage + 2) + "]=5",
                    "put#wk->2 " + (1 + V) + "w", "rfaa#wk->2 1w", "gf", "put#wr->2 1w"),
                    OpSequence.of(g, "t", calls.get(0).firstPo(), calls.get(0).lastPo()), "put: W2-W8 (key in entry 0)");
            assertEquals(List.of("get#wk->2 1w", "get#wk->2 " + ebuf + "w", "get#wk->2 1w", "wait", "load " + s + "[0]",
                    "load " + s + "[1]", "load " + s + "[5]", "load " + s + "[6]", "load " + s + "[7]"),
                    OpSequence.of(g, "t", calls.get(1).firstPo(), calls.get(1).lastPo()), "get: G2, scan to entry 0, V loads");
            assertEquals(List.of("rcas#wl->2 1w", "wait", "load " + s + "[2]", "get#wk->2 " + ebuf + "w", "wait",
                    "load " + s + "[5]", "rfaa#wk->2 1w", "store " + s + "[" + stage + "]=-1", "put#wk->2 1w", "rfaa#wk->2 1w",
                    "gf", "put#wr->2 1w"), OpSequence.of(g, "t", calls.get(2).firstPo(), calls.get(2).lastPo()), "remove");
            MetricsSnapshot.Scope m = r.metrics().endpoint("t");
            assertEquals(2, m.opsPosted(OpKind.RCAS), "1 RCAS per put and remove");
            assertEquals(1 + 3 + 1, m.opsPosted(OpKind.GET), "put 1 get, get 3 gets, remove 1 get");
            assertEquals(4, m.opsPosted(OpKind.RFAA), "2 RFAA per put and remove");
            assertEquals(4, m.opsPosted(OpKind.PUT), "entry and unlock puts");
            assertEquals(3 + 1 + 3, m.roundTrips(), "put 3 RT, get 1 RT, remove 3 RT");
            long putBytes = 24 + 8 * ebuf + 32 + 8 * (1 + V) + 8;
            long getBytes = 8 * (2 + ebuf);
            long removeBytes = 24 + 8 * ebuf + 32 + 8 + 8;
            assertEquals(putBytes + getBytes + removeBytes, m.payloadBytes());
        }
    }

    @Test
    void atTheHomeNodeEveryRoundTripIsALoopbackRoundTrip() {
        try (SimCluster c = Sim.det(2, 3)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, KvStore> kv = Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, B, E, V));
            long key = keyAt(kv.get(1), 1, 0);
            c.spawn(1, "t", ep -> {
                kv.get(1).put(ep, key, value(5));
                assertArrayEquals(value(5), kv.get(1).get(ep, key));
            });
            RunResult r = Sim.runOk(c);
            MetricsSnapshot.Scope m = r.metrics().endpoint("t");
            assertEquals(0, m.roundTrips());
            assertEquals(4, m.get("loopbackRoundTrips"));
            assertEquals(0, m.payloadBytes());
            assertEquals(m.opsPosted(), m.loopbackOps(), "no CPU path to the table: every access is a loopback op");
        }
    }

    @Test
    void withoutGetOrderingTheReaderFencesBetweenItsGetsAndWithFailedRcasWritesTheReleaseIsAnRfaa() {
        NicConfig config = NicConfig.defaults().with("GG_REMOTE_ORDER", "OFF").with("FAILED_RCAS_WRITES", "YES");
        try (SimCluster c = Sim.det(2, 3, config)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, KvStore> kv = Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, B, E, V));
            long key = keyAt(kv.get(1), 2, 0);
            CallLog log = new CallLog();
            c.spawn(1, "t", raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                log.call(ep, "kv", "put", args(key, value(5)), () -> full(() -> kv.get(1).put(ep, key, value(5))));
                log.call(ep, "kv", "get", List.of(key), () -> kv.get(1).get(ep, key));
            });
            RunResult r = Sim.runOk(c);
            RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
            List<ObjectCall> calls = log.of("kv");
            List<String> put = OpSequence.of(g, "t", calls.get(0).firstPo(), calls.get(0).lastPo());
            assertEquals(List.of("gf", "rfaa#wr->2 1w"), put.subList(put.size() - 2, put.size()));
            List<String> get = OpSequence.of(g, "t", calls.get(1).firstPo(), calls.get(1).lastPo());
            assertEquals(List.of("get#wk->2 1w", "rfence->2", "get#wk->2 6w", "rfence->2", "get#wk->2 1w", "wait"),
                    get.subList(0, 6));
        }
    }

    @Test
    void aFullBucketRejectsANewKeyAndReleasesItsLock() {
        try (SimCluster c = Sim.det(1, 0)) {
            NodeSet p = NodeSet.of(1);
            KvStore kv = new KvStore(LocoNode.of(c.node(1)), "kv", p, 1, 1, 1);
            List<Object> seen = new CopyOnWriteArrayList<>();
            c.spawn(1, "t", ep -> {
                kv.put(ep, 3, new long[] {30});
                kv.put(ep, 3, new long[] {31});
                seen.add(assertThrows(KvFullException.class, () -> kv.put(ep, 4, new long[] {40})));
                assertFalse(kv.remove(ep, 4));
                assertNull(kv.get(ep, 4));
                assertArrayEquals(new long[] {31}, kv.get(ep, 3));
                assertTrue(kv.remove(ep, 3));
                kv.put(ep, 4, new long[] {40});
                assertArrayEquals(new long[] {40}, kv.get(ep, 4));
            });
            Sim.runOk(c);
            assertEquals(1, seen.size());
            assertEquals(0, c.peek(1, "kv/tab", 0), "the lock is free");
            assertEquals(8, c.peek(1, "kv/tab", 1), "four writing turns");
        }
    }

    @Test
    void keysAndValuesAreChecked() {
        try (SimCluster c = Sim.det(1, 0)) {
            KvStore kv = new KvStore(LocoNode.of(c.node(1)), "kv", NodeSet.of(1), 1, 1, 2);
            List<Object> seen = new CopyOnWriteArrayList<>();
            c.spawn(1, "t", ep -> {
                seen.add(assertThrows(IllegalArgumentException.class, () -> kv.get(ep, -1)));
                seen.add(assertThrows(IllegalArgumentException.class, () -> kv.put(ep, 1, new long[] {1})));
                long[] v = {7, 7};
                kv.put(ep, 1, v);
                v[0] = 8;
                long[] got = kv.get(ep, 1);
                assertArrayEquals(new long[] {7, 7}, got, "values are copied in");
                got[1] = 9;
                assertArrayEquals(new long[] {7, 7}, kv.get(ep, 1), "and out");
            });
            Sim.runOk(c);
            assertEquals(2, seen.size());
            assertThrows(IllegalArgumentException.class, () -> new KvStore(LocoNode.of(c.node(1)), "k0", NodeSet.of(1), 0, 1, 1));
        }
    }

    @Test
    void placementIsTheSplitMixFinaliserOverTheAscendingParticipants() {
        try (SimCluster c = Sim.det(3, 0)) {
            KvStore kv = new KvStore(LocoNode.of(c.node(1)), "kv", NodeSet.of(1, 3), 4, 1, 1);
            long z = 5 + 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z = z ^ (z >>> 31);
            assertEquals(NodeSet.of(1, 3).get((int) Long.remainderUnsigned(z, 2)), kv.home(5));
            assertEquals((int) Long.remainderUnsigned(z >>> 32, 4), kv.bucket(5));
        }
    }

    @Test
    void everyRecordedGraphConforms() {
        scenario(2, false).conforms(2, NicConfig.defaults(), 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheOtherSeedsConforms() {
        scenario(2, false).conforms(2, NicConfig.defaults(), Seeds.DEFAULT, Seeds.REQUIRED);
    }

    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheLongerClientConforms() {
        scenario(2, true).conforms(2, NicConfig.defaults(), 1000);
    }

    @Test
    void everyRecordedGraphConformsOnTheOtherFlags() {
        scenario(2, false).conforms(2, NicConfig.defaults().with("GG_REMOTE_ORDER", "OFF"), 100);
        scenario(2, false).conforms(2, NicConfig.defaults().with("FAILED_RCAS_WRITES", "YES"), 100);
    }

    @Test
    void theSpecificationHoldsOnRecordedGraphs() {
        specification(0, 30);
    }

    /** Seeds 30..99 of the specification check. */
    @Tag("slow")
    @Test
    void theSpecificationHoldsOnRecordedGraphsOfTheOtherSeeds() {
        specification(30, 100);
    }

    private static void specification(long from, long to) {
        try (SimCluster probe = Sim.det(3, 0)) {
            KvStore kv = new KvStore(LocoNode.of(probe.node(1)), "kv", NodeSet.range(1, 3), B, E, V);
            KvStoreSpec spec = new KvStoreSpec("kv", k -> kv.home(k), k -> kv.bucket(k) * kv.bucketWords() + 1);
            // every get that returns a value adds an so edge: at least the last get of each thread
            scenario(3, true).satisfies(3, NicConfig.defaults(), from, to, "kv", spec, 3);
        }
    }
}
