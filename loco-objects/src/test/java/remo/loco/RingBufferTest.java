package remo.loco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.loco.spec.RingBufferSpec;
import remo.nic.MetricsSnapshot;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.core.rdma.OpKind;
import remo.nic.RunResult;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;

/** RingBuffer (loco.md §4.7): the checklist of loco.md §6 (item 3 is HarnessVerdictTest's RB-*). */
class RingBufferTest {

    static long[] message(int n, int m) {
        long[] msg = new long[m];
        for (int w = 0; w < m; w++) {
            msg[w] = n * 10L + w + 1;
        }
        return msg;
    }

    /** Sender on node 1, receiver on {@code receiver}; {@code count} messages, every third one with tryPush/tryPop. */
    static Scenario scenario(int receiver, int k, int m, int count) {
        return (c, log) -> {
            NodeSet p = NodeSet.of(1, receiver);
            Map<Integer, RingBuffer> rb = Sim.onEach(c, p, (here, n) -> new RingBuffer(here, "rb", 1, receiver, k, m));
            c.spawn(1, "s", raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (int n = 0; n < count; n++) {
                    long[] msg = message(n, m);
                    List<Long> args = java.util.Arrays.stream(msg).boxed().toList();
                    if (n % 3 == 2) {
                        while (!log.call(ep, "rb", "tryPush", args, () -> rb.get(1).tryPush(ep, msg))) {
                            Thread.onSpinWait();
                        }
                    } else {
                        log.run(ep, "rb", "push", args, () -> rb.get(1).push(ep, msg));
                    }
                }
            });
            c.spawn(receiver, "r", raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (int n = 0; n < count; n++) {
                    if (n % 3 == 1) {
                        while (log.call(ep, "rb", "tryPop", List.of(), () -> rb.get(receiver).tryPop(ep)) == null) {
                            Thread.onSpinWait();
                        }
                    } else {
                        log.call(ep, "rb", "pop", List.of(), () -> rb.get(receiver).pop(ep));
                    }
                }
            });
        };
    }

    @Test
    void pushAndPopAreTheirImplSequencesWithTheirCosts() {
        int k = 2;
        int m = 3;
        CallLog log = new CallLog();
        RunResult r = scenario(2, k, m, 6).run(2, NicConfig.defaults(), 5, log);
        RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
        int pushed = 0;
        int popped = 0;
        for (ObjectCall c : log.of("rb")) {
            List<String> ops = OpSequence.of(g, c.thread(), c.firstPo(), c.lastPo());
            boolean success = c.method().equals("push") || c.method().equals("pop") || Boolean.TRUE.equals(c.result())
                    || c.method().equals("tryPop") && c.result() != null;
            if (c.method().contains("ush")) {
                if (!success) {
                    assertEquals(List.of("load rb/hc[0]"), ops, "a failed tryPush is one load");
                    continue;
                }
                int i = pushed % k;
                List<String> tail = new ArrayList<>();
                for (int w = 0; w < m; w++) {
                    tail.add("store rb/stage[" + (i * (m + 1) + w) + "]=" + c.arg(w));
                }
                tail.add("store rb/stage[" + (i * (m + 1) + m) + "]=" + (pushed + 1));
                tail.add("put#wp->2 " + m + "w");
                tail.add("put#wp->2 1w");
                assertEquals(tail, ops.subList(ops.size() - tail.size(), ops.size()), ops.toString());
                for (String spin : ops.subList(0, ops.size() - tail.size())) {
                    assertEquals("load rb/hc[0]", spin, "a blocked push retries P1 only");
                }
                pushed++;
            } else {
                if (!success) {
                    assertEquals(List.of("load rb/tail[0]"), ops, "an empty tryPop is one load");
                    continue;
                }
                int i = popped % k;
                List<String> tail = new ArrayList<>(List.of("load rb/tail[0]"));
                for (int w = 0; w < m; w++) {
                    tail.add("load rb/slots[" + (i * m + w) + "]");
                }
                tail.add("store rb/head[0]=" + (popped + 1));
                tail.add("put#wc->1 1w");
                assertEquals(tail, ops.subList(ops.size() - tail.size(), ops.size()), ops.toString());
                popped++;
            }
        }
        assertEquals(6, pushed);
        assertEquals(6, popped);
        MetricsSnapshot.Scope s = r.metrics().endpoint("s");
        assertEquals(12, s.opsPosted(OpKind.PUT), "2 puts per push");
        assertEquals(6 * 8 * (m + 1), s.payloadBytes(), "8(M+1) bytes per push");
        assertEquals(0, s.roundTrips());
        MetricsSnapshot.Scope rc = r.metrics().endpoint("r");
        assertEquals(6, rc.opsPosted(OpKind.PUT), "1 put per pop");
        assertEquals(6 * 8, rc.payloadBytes());
        assertEquals(0, rc.roundTrips());
    }

    /**
     * FIFO, exactly once over {@code seeds} seeds for K in {1,2,4}, M in {1,3} (loco.md §4.7 "Java checks"),
     * the seeds of one configuration spread over the processors (each run is single-threaded in
     * effect: deterministic mode passes one baton).
     */
    static void fifo(int seeds, int messages, NicConfig config) {
        for (int k : new int[] {1, 2, 4}) {
            for (int m : new int[] {1, 3}) {
                java.util.stream.LongStream.range(0, seeds).parallel().forEach(seed -> {
                    try (SimCluster c = SimCluster.builder().nodes(2).config(config)
                            .deterministic(seed, SchedulerPolicy.swarm()).recordTrace(false).build()) {
                        NodeSet p = NodeSet.of(1, 2);
                        int kk = k;
                        int mm = m;
                        Map<Integer, RingBuffer> rb = Sim.onEach(c, p, (here, n) -> new RingBuffer(here, "rb", 1, 2, kk, mm));
                        List<long[]> got = new java.util.concurrent.CopyOnWriteArrayList<>();
                        c.spawn(1, "s", ep -> {
                            for (int n = 0; n < messages; n++) {
                                rb.get(1).push(ep, message(n, mm));
                            }
                        });
                        c.spawn(2, "r", ep -> {
                            for (int n = 0; n < messages; n++) {
                                got.add(rb.get(2).pop(ep));
                            }
                        });
                        Sim.runOk(c);
                        assertEquals(messages, got.size());
                        for (int n = 0; n < messages; n++) {
                            assertArrayEquals(message(n, m), got.get(n), "K=" + k + " M=" + m + " seed " + seed + " message " + n);
                        }
                    }
                });
            }
        }
    }

    @Test
    void fifoExactlyOnce() {
        fifo(5, 200, NicConfig.defaults());
    }

    /**
     * loco.md §4.7: 1000 seeds of 1000 messages per configuration, 6 000 runs of 200 000 to 600 000 scheduler
     * steps each (mostly spin loads of the waiting side).
     */
    @Tag("slow")
    @Test
    void fifoExactlyOnceOverAThousandSeeds() {
        fifo(1000, 1000, NicConfig.defaults());
    }

    /** loco.md §4.7 in {@code RANDOM} intra-request order (nic.md §4.6), at the same size. */
    @Tag("slow")
    @Test
    void fifoExactlyOnceInRandomIntraRequestOrderOverAThousandSeeds() {
        fifo(1000, 1000, NicConfig.defaults().withIntraRequestOrder(NicConfig.IntraRequestOrder.RANDOM));
    }

    @Test
    void fifoExactlyOnceInRandomIntraRequestOrder() {
        fifo(5, 200, NicConfig.defaults().withIntraRequestOrder(NicConfig.IntraRequestOrder.RANDOM));
    }

    @Test
    void everyRecordedGraphConforms() {
        scenario(2, 2, 1, 3).conforms(2, NicConfig.defaults(), 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheOtherSeedsConforms() {
        scenario(2, 2, 1, 3).conforms(2, NicConfig.defaults(), Seeds.DEFAULT, Seeds.REQUIRED);
    }

    @Test
    void loopbackRingsConform() {
        scenario(1, 1, 2, 3).conforms(1, NicConfig.defaults(), 0, 100);
    }

    /** Seeds 100..299 of the loopback rings. */
    @Tag("slow")
    @Test
    void loopbackRingsOfTheOtherSeedsConform() {
        scenario(1, 1, 2, 3).conforms(1, NicConfig.defaults(), 100, 300);
    }

    @Test
    void theSpecificationHoldsOnRecordedGraphs() {
        // 5 message edges and 5 - K credit edges
        scenario(2, 2, 1, 5).satisfies(2, NicConfig.defaults(), 200, "rb", new RingBufferSpec("rb", 1, 2, 2), 8);
    }

    @Test
    void messageLengthCapacityAndRolesAreChecked() {
        try (SimCluster c = Sim.det(3, 0)) {
            assertThrows(IllegalArgumentException.class, () -> new RingBuffer(LocoNode.of(c.node(1)), "r0", 1, 2, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> new RingBuffer(LocoNode.of(c.node(1)), "r1", 1, 2, 1, 0));
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, RingBuffer> rb = Sim.onEach(c, p, (here, n) -> new RingBuffer(here, "rb", 1, 2, 2, 2));
            List<Throwable> seen = new CopyOnWriteArrayList<>();
            c.spawn(1, "s", ep -> {
                seen.add(assertThrows(IllegalArgumentException.class, () -> rb.get(1).tryPush(ep, new long[] {1})));
                seen.add(assertThrows(RoleViolationException.class, () -> rb.get(1).tryPop(ep)));
                rb.get(1).push(ep, new long[] {1, 2});
            });
            c.spawn(2, "r", ep -> {
                seen.add(assertThrows(RoleViolationException.class, () -> rb.get(2).tryPush(ep, new long[] {1, 2})));
                assertArrayEquals(new long[] {1, 2}, rb.get(2).pop(ep));
            });
            c.spawn(3, "x", ep -> seen.add(assertThrows(NotAParticipantException.class, () -> rb.get(1).tryPop(ep))));
            Sim.runOk(c);
            assertEquals(4, seen.size());
        }
    }
}
