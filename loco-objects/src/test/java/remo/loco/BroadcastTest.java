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
import remo.loco.spec.BroadcastSpec;
import remo.loco.spec.CallLog;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.nic.MetricsSnapshot;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.core.rdma.OpKind;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/** Broadcast (loco.md §4.8): the checklist of loco.md §6 (item 3 is HarnessVerdictTest's BC-*). */
class BroadcastTest {
    static final NodeSet RECEIVERS = NodeSet.of(2, 3);

    /** Node 1 sends {@code count} messages (every other one with trySend until it succeeds); nodes 2 and 3 receive them. */
    static Scenario scenario(int k, int count) {
        return (c, log) -> {
            NodeSet p = NodeSet.range(1, 3);
            Map<Integer, Broadcast> bc = Sim.onEach(c, p, (here, n) -> new Broadcast(here, "bc", 1, RECEIVERS, k, 1));
            c.spawn(1, "s", raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (long n = 1; n <= count; n++) {
                    long[] msg = {n};
                    if (n % 2 == 0) {
                        while (!log.call(ep, "bc", "trySend", List.of(n), () -> bc.get(1).trySend(ep, msg))) {
                            Thread.onSpinWait();
                        }
                    } else {
                        log.run(ep, "bc", "send", List.of(n), () -> bc.get(1).send(ep, msg));
                    }
                }
            });
            for (int r : RECEIVERS) {
                c.spawn(r, "r" + r, raw -> {
                    CountingEndpoint ep = CountingEndpoint.wrap(raw);
                    for (int n = 0; n < count; n++) {
                        log.call(ep, "bc", "receive", List.of(), () -> bc.get(r).receive(ep));
                    }
                });
            }
        };
    }

    @Test
    void aSendIsOnePushPerReceiverInAscendingOrder() {
        CallLog log = new CallLog();
        RunResult r = scenario(2, 3).run(3, NicConfig.defaults(), 1, log);
        RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
        for (ObjectCall c : log.of("bc")) {
            List<String> ops = OpSequence.of(g, c.thread(), c.firstPo(), c.lastPo());
            if (c.method().equals("send")) {
                List<String> puts = ops.stream().filter(o -> o.startsWith("put")).toList();
                assertEquals(List.of("put#wp->2 1w", "put#wp->2 1w", "put#wp->3 1w", "put#wp->3 1w"), puts, ops.toString());
            }
            if (c.method().equals("receive")) {
                assertEquals("put#wc->1 1w", ops.get(ops.size() - 1));
            }
        }
        MetricsSnapshot.Scope s = r.metrics().endpoint("s");
        assertEquals(3 * 2 * RECEIVERS.size(), s.opsPosted(OpKind.PUT), "2#R puts per send");
        assertEquals(0, s.roundTrips());
        assertEquals(3, r.metrics().endpoint("r2").opsPosted(OpKind.PUT), "one pop per receive");
    }

    @Test
    void everyReceiverGetsTheMessagesInOrder() {
        for (long seed = 0; seed < 200; seed++) {
            CallLog log = new CallLog();
            scenario(2, 6).run(3, NicConfig.defaults(), seed, log);
            for (int r : RECEIVERS) {
                List<Long> got = new ArrayList<>();
                for (ObjectCall c : log.of("bc")) {
                    if (c.node() == r) {
                        got.add(((long[]) c.result())[0]);
                    }
                }
                assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), got, "seed " + seed + " receiver " + r);
            }
        }
    }

    @Test
    void trySendIsAllOrNothing() {
        try (SimCluster c = Sim.det(3, 0)) {
            NodeSet p = NodeSet.range(1, 3);
            Map<Integer, Broadcast> bc = Sim.onEach(c, p, (here, n) -> new Broadcast(here, "bc", 1, RECEIVERS, 1, 1));
            List<Boolean> results = new CopyOnWriteArrayList<>();
            c.spawn(1, "s", ep -> {
                results.add(bc.get(1).trySend(ep, new long[] {1}));
                results.add(bc.get(1).trySend(ep, new long[] {2}));
            });
            c.spawn(2, "r2", ep -> {
                assertArrayEquals(new long[] {1}, bc.get(2).receive(ep));
            });
            Sim.runOk(c);
            assertEquals(List.of(true, false), results, "K = 1 and node 3 never pops: the second send finds ring 3 full");
            assertEquals(1, c.peek(2, "bc/to2/tail", 0), "and pushed to no ring, not even ring 2 that had room");
            assertEquals(1, c.peek(3, "bc/to3/tail", 0));
        }
    }

    @Test
    void everyRecordedGraphConforms() {
        scenario(2, 3).conforms(3, NicConfig.defaults(), 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheOtherSeedsConforms() {
        scenario(2, 3).conforms(3, NicConfig.defaults(), Seeds.DEFAULT, Seeds.REQUIRED);
    }

    @Test
    void theSpecificationHoldsOnRecordedGraphs() {
        scenario(2, 3).satisfies(3, NicConfig.defaults(), 200, "bc", new BroadcastSpec("bc", 1, RECEIVERS), 6);
    }

    @Test
    void theSenderIsNoReceiverAndRolesAreChecked() {
        try (SimCluster c = Sim.det(3, 0)) {
            assertThrows(IllegalArgumentException.class,
                    () -> new Broadcast(LocoNode.of(c.node(1)), "b0", 1, NodeSet.of(1, 2), 1, 1));
            NodeSet p = NodeSet.range(1, 3);
            Map<Integer, Broadcast> bc = Sim.onEach(c, p, (here, n) -> new Broadcast(here, "bc", 1, RECEIVERS, 2, 1));
            List<Throwable> seen = new CopyOnWriteArrayList<>();
            c.spawn(1, "s", ep -> {
                seen.add(assertThrows(RoleViolationException.class, () -> bc.get(1).receive(ep)));
                assertNull(null);
            });
            c.spawn(2, "r2", ep -> {
                seen.add(assertThrows(RoleViolationException.class, () -> bc.get(2).send(ep, new long[] {1})));
                assertNull(bc.get(2).tryReceive(ep));
            });
            c.spawn(2, "second", ep -> {
                for (int i = 0; i < 40; i++) {
                    ep.mfence();
                }
                seen.add(assertThrows(RoleViolationException.class, () -> bc.get(2).tryReceive(ep)));
            });
            Sim.runOk(c);
            assertEquals(3, seen.size());
            bc.get(1).close();
            assertEquals(ObjectState.CLOSED, bc.get(1).state());
            assertFalse(bc.get(2).state() == ObjectState.CLOSED, "close is local");
            assertTrue(true);
        }
    }
}
