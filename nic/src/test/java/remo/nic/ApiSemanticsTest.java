package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import remo.core.rdma.OpKind;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.StepLimitExceededException;
import remo.nic.trace.TraceJson;

/**
 * The fabric API on small hand-written programs: the base facts of locks.md §1.5 that are about
 * single runs (late source read, issue order, weak atomicity, remote RMW atomicity), metrics of
 * nic.md §9 and locks.md §1.6, multi-word requests, diagnostics, and the JSON trace format.
 */
class ApiSemanticsTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    private static long bfLate(long seed, boolean storeFirst) {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(seed).build()) {
            Region x = c.node(1).register("X", 1, ALL);
            Region y = c.node(2).register("Y", 1, ALL);
            c.spawn(1, "P0", ep -> {
                WorkId d = ep.newWorkId("d");
                if (storeFirst) {
                    ep.store(x, 0, 1);
                    ep.put(d, y, 0, x, 0, 1);
                } else {
                    ep.put(d, y, 0, x, 0, 1);
                    ep.store(x, 0, 1);
                }
            });
            c.run();
            return c.peek(2, "Y", 0);
        }
    }

    @Test
    void aPutMayReadItsSourceAfterALaterStoreButNeverBeforeAnEarlierOne() {
        int late = 0;
        for (long seed = 0; seed < 200; seed++) {
            late += bfLate(seed, false) == 1 ? 1 : 0;
            assertEquals(1, bfLate(seed, true), "BF-WP: a store before the put is always sent (seed " + seed + ")");
        }
        assertTrue(late > 0 && late < 200, "BF-LATE: the later store is sometimes sent (" + late + "/200)");
    }

    @Test
    void remoteRmwsAreAtomicAmongThemselvesButNotAgainstCpuStores() {
        int lost = 0;
        for (long seed = 0; seed < 300; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(2).deterministic(seed, SchedulerPolicy.swarm()).build()) {
                Region z = c.node(1).register("Z", 1, ALL);
                Region x = c.node(2).register("X", 1, ALL);
                c.spawn(1, "P0", ep -> {
                    WorkId d = ep.newWorkId("d");
                    Op op = ep.rcas(d, z, 0, x, 0, 0, 1);
                    ep.waitFor(d);
                    Registers.capture(ep, "r", op.value());
                });
                c.spawn(2, "P1", ep -> ep.store(x, 0, 2));
                RunResult r = c.run();
                if (r.registers().get("P0").get("r") == 0 && c.peek(2, "X", 0) == 1) {
                    lost++;
                }
            }
        }
        assertTrue(lost > 0, "BF-WEAKW: a CPU store falls inside a remote CAS in some run");
        for (long seed = 0; seed < 100; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(3).deterministic(seed).build()) {
                Region x = c.node(3).register("X", 1, ALL);
                for (int n = 1; n <= 3; n++) {
                    Region slot = c.node(n).register("Z", 1, ALL);
                    c.spawn(n, "P" + n, ep -> {
                        WorkId d = ep.newWorkId("d");
                        ep.rfaa(d, slot, 0, x, 0, 1);
                        ep.waitFor(d);
                    });
                }
                c.run();
                assertEquals(3, c.peek(3, "X", 0), "BF-RAO: three remote fetch-and-adds never lose an update");
            }
        }
    }

    @Test
    void metricsCountOpsBytesRoundTripsAndQueueDepth() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(5).build()) {
            Region src = c.node(1).register("src", 4, ALL, new long[] {1, 2, 3, 4});
            Region res = c.node(1).register("res", 2, ALL);
            Region dst = c.node(2).register("dst", 4, ALL);
            Region grp1 = c.node(1).register("grp", 4, ALL);
            c.node(3).register("grp", 4, ALL);
            c.spawn(1, "T", ep -> {
                WorkId d = ep.newWorkId("d");
                ep.put(d, dst, 0, src, 0, 4);
                ep.rfaa(d, res, 0, dst, 0, 5);
                ep.rcas(d, res, 1, dst, 1, 2, 9);
                ep.waitFor(d);
                ep.waitFor(d);
                ep.put(d, grp1, 0, src, 0, 1);
                ep.waitFor(d);
                RegionGroup g = ep.cluster().node(1).lookupGroup("grp", NodeSet.of(1, 3));
                List<Op> ops = ep.bcast(null, g, 0, src, 0, 2, NodeSet.of(1, 3));
                assertEquals(2, ops.size());
                ep.gf();
                ep.get(d, res, 0, dst, 2, 2);
                ep.gf();
            });
            RunResult r = c.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            MetricsSnapshot.Scope m = r.metrics().endpoint("T");
            assertEquals(4, m.opsPosted(OpKind.PUT), "puts: 1 remote + 1 loopback + a bcast to 2 nodes");
            assertEquals(1, m.opsPosted(OpKind.GET));
            assertEquals(1, m.opsPosted(OpKind.RFAA));
            assertEquals(1, m.opsPosted(OpKind.RCAS));
            assertEquals(2, m.loopbackOps(), "the put to node 1 and the bcast's own-node put");
            assertEquals(8 * 4 + 16 + 24 + 8 * 2 + 8 * 2, m.payloadBytes(), "locks.md §1.6 bytes, network only");
            assertEquals(8 + 8 * 2, m.get("loopbackBytes"));
            assertEquals(3, m.roundTrips(), "first wait, the gf covering the remote bcast put, the last gf");
            assertEquals(1, m.get("loopbackRoundTrips"), "the wait covering only the loopback put");
            assertEquals(3, m.get("waits"));
            assertEquals(2, m.get("gfs"));
            assertEquals(m.opsPosted(), m.get("opsCompleted"));
            assertTrue(m.maxQpDepth() >= 1 && m.maxQpDepth() <= 3, "max QP depth " + m.maxQpDepth());
            assertEquals(1 + 5, c.peek(2, "dst", 0), "4-word put then rfaa +5 on word 0");
            assertEquals(9, c.peek(2, "dst", 1), "rcas(2 -> 9) on word 1 succeeds");
            assertEquals(3, c.peek(1, "res", 0), "2-word get of dst[2..3]");
            assertEquals(4, c.peek(1, "res", 1));
            assertEquals(1, c.peek(3, "grp", 0));
            assertEquals(2, c.peek(3, "grp", 1));
            MetricsSnapshot.Scope cl = r.metrics().cluster();
            assertEquals(cl.get("schedulerSteps"), cl.get("actions.CPU") + cl.get("actions.DRAIN") + cl.get("actions.NIC"));
            assertTrue(r.metrics().queuePairs().containsKey("T->2"));
        }
    }

    @Test
    void qpCapacityBoundsTheQueueDepth() {
        try (SimCluster c = SimCluster.builder().nodes(2).config(NicConfig.defaults().withQpCapacity(2)).deterministic(9).build()) {
            Region src = c.node(1).register("src", 1, ALL);
            Region dst = c.node(2).register("dst", 1, ALL);
            c.spawn(1, "T", ep -> {
                for (int i = 0; i < 10; i++) {
                    ep.put(null, dst, 0, src, 0, 1);
                }
                ep.gf();
            });
            RunResult r = c.run();
            assertEquals(2, r.metrics().endpoint("T").maxQpDepth());
            assertTrue(r.metrics().endpoint("T").get("blockedSteps") > 0);
        }
    }

    @Test
    void pollMatchesTheOldestUnpolledOpOfItsQp() {
        NicConfig poll = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
        for (long seed = 0; seed < 50; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(3).config(poll).deterministic(seed, SchedulerPolicy.swarm()).build()) {
                Region a = c.node(1).register("a", 1, ALL);
                Region one = c.node(1).register("one", 1, ALL, new long[] {1});
                Region x = c.node(2).register("x", 1, ALL);
                Region y = c.node(3).register("y", 1, ALL, new long[] {1});
                c.spawn(1, "P0", ep -> {
                    ep.put(null, x, 0, one, 0, 1);
                    ep.get(null, a, 0, y, 0, 1);
                    ep.poll(3);
                    Registers.capture(ep, "r0", ep.load(a, 0));
                });
                RunResult r = c.run();
                assertEquals(1L, r.registers().get("P0").get("r0"), "L19: poll 3 waits for the get to node 3");
                assertEquals(1, r.trace().orElseThrow().pm().size());
            }
        }
        try (SimCluster c = SimCluster.builder().nodes(2).config(poll).deterministic(1).build()) {
            c.spawn(1, "P0", ep -> ep.poll(2));
            SimulationDeadlockException e = assertThrows(SimulationDeadlockException.class, c::run);
            assertTrue(e.getMessage().contains("no op left to poll"), e.getMessage());
            assertTrue(e.getMessage().contains("P0@1"), e.getMessage());
        }
    }

    @Test
    void anUnboundedSpinHitsTheStepLimit() {
        try (SimCluster c = SimCluster.builder().nodes(1).deterministic(1).stepLimit(1000).build()) {
            Region flag = c.node(1).register("flag", 1, ALL);
            AtomicInteger loops = new AtomicInteger();
            c.spawn(1, "spinner", ep -> {
                while (ep.load(flag, 0) == 0) {
                    loops.incrementAndGet();
                }
            });
            StepLimitExceededException e = assertThrows(StepLimitExceededException.class, c::run);
            assertTrue(e.getMessage().contains("1000"));
            assertEquals(1000, e.partial().traceCut().orElseThrow().totalSteps(), "the last part of the run is attached");
            assertTrue(loops.get() >= 999);
        }
    }

    @Test
    void aSpinNothingEndsIsADeadlockThatNamesTheThreadAndTheWord() {
        // seeded runs look for spin loops once a thread has made 10 000 calls in a row that changed
        // nothing: the lost wake-up is then a deadlock at once, not 50 million steps
        long t0 = System.nanoTime();
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(1).build()) {
            Region flag = c.node(2).register("flag", 1, ALL);
            c.spawn(2, "waiter", ep -> {
                while (ep.load(flag, 0) == 0) {
                    // the writer below never sets it
                }
            });
            c.spawn(1, "writer", ep -> ep.newWorkId("unused"));
            SimulationDeadlockException e = assertThrows(SimulationDeadlockException.class, c::run);
            assertTrue(e.getMessage().contains("waiter@2: pending Load[region=flag@2, offset=0] — spins at "
                    + "ApiSemanticsTest.lambda"), e.getMessage());
            assertTrue(e.getMessage().contains("reading flag@2 = 0; no enabled step writes them"), e.getMessage());
            assertTrue(e.partial().schedule().size() < 11_000, "found after " + e.partial().schedule().size() + " steps");
        }
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "in under 10 s");
        // without the reduction the same spin runs to the step limit
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(1).reduceSpins(false).stepLimit(20_000).build()) {
            Region flag = c.node(2).register("flag", 1, ALL);
            c.spawn(2, "waiter", ep -> {
                while (ep.load(flag, 0) == 0) {
                    // spins
                }
            });
            assertThrows(StepLimitExceededException.class, c::run);
        }
    }

    @Test
    void aLivelockStopsWhenItsTraceIsFullNotWhenTheHeapIs() {
        // every store changes memory, so this is no spin: it would run to the 50-million-step limit,
        // recording a trace that the heap cannot hold; the recorder's bound stops it first
        try (SimCluster c = SimCluster.builder().nodes(1).deterministic(1).build()) {
            Region x = c.node(1).register("x", 1, ALL);
            c.spawn(1, "counter", ep -> {
                for (long i = 1; ; i++) {
                    ep.store(x, 0, i);
                }
            });
            StepLimitExceededException e = assertThrows(StepLimitExceededException.class, c::run);
            assertTrue(e.getMessage().startsWith("the recorded trace reached 2000000 events after "), e.getMessage());
            assertTrue(e.partial().traceCut().isPresent(), "the last part of the run is attached");
            assertTrue(e.partial().trace().isEmpty(), "the graph of 2 000 000 events is not built");
        }
    }

    @Test
    void aFailingThreadIsRecordedAndTheOthersContinue() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(2).build()) {
            Region a = c.node(1).register("a", 1, ALL);
            Region b = c.node(2).register("b", 1, ALL);
            c.spawn(1, "bad", ep -> {
                ep.store(a, 0, 1);
                throw new IllegalStateException("boom");
            });
            c.spawn(2, "good", ep -> ep.store(b, 0, 7));
            RunResult r = c.runAllowingFailures();
            assertInstanceOf(IllegalStateException.class, r.threadFailures().get("bad"));
            assertEquals(1, r.threadFailures().size());
            assertEquals(1, c.peek(1, "a", 0), "the failed thread's buffered store still drains");
            assertEquals(7, c.peek(2, "b", 0));
        }
    }

    @Test
    void theTraceIsRdmaEgraphJson() throws Exception {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(4).build()) {
            Region z = c.node(1).register("z", 1, ALL);
            Region x = c.node(2).register("x", 1, ALL, new long[] {5});
            c.spawn(1, "P0", ep -> {
                WorkId d = ep.newWorkId("d");
                ep.rfaa(d, z, 0, x, 0, 2);
                ep.waitFor(d);
                ep.load(z, 0);
                ep.load(z, 0);
            });
            RunResult r = c.run();
            JsonNode j = new ObjectMapper().readTree(TraceJson.write(r.trace().orElseThrow()));
            assertEquals("rdma-egraph/1", j.get("format").asText());
            assertEquals("4", j.get("meta").get("seed").asText());
            for (String f : List.of("locations", "threads", "ops", "events", "rf", "co", "rao", "wm", "gfm", "pm", "annotations")) {
                assertTrue(j.has(f), "field " + f);
            }
            assertEquals(1, j.get("ops").size());
            assertEquals(3, j.get("ops").get(0).get("events").size(), "NAR, NRW, NLW");
            assertEquals(1, j.get("rao").get("n2").size());
            assertEquals(0, j.get("rao").get("n2").get(0).asInt(), "rao lists op ids");
            assertEquals(1, j.get("wm").size());
            JsonNode last = j.get("events").get(j.get("events").size() - 1);
            assertEquals("R", last.get("label").asText());
            assertEquals(2, last.get("repeat").asInt(), "two identical reads are compressed (nic.md §6.3)");
            assertEquals(5, last.get("val").asInt());
        }
    }
}
