package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.loco.lin.History;
import remo.loco.spec.BarrierSpec;
import remo.loco.spec.CallLog;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.loco.spec.SpecReport;
import remo.core.graph.ExecutionGraph;
import remo.nic.MetricsSnapshot;
import remo.nic.NodeSet;
import remo.core.rdma.OpKind;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.conformance.TraceConformance;

/** Barrier (loco.md §4.6): the checklist of loco.md §6 (items 1, 2, 4, 5; item 3 is HarnessVerdictTest's BAR-*). */
class BarrierTest {

    /** Runs {@code rounds} barrier calls on every node of {@code 1..nodes}; call {@code k} is strong if {@code strong[k]}. */
    static RunResult run(SimCluster c, int nodes, boolean[] strong, CallLog log, History<Integer> history) {
        NodeSet p = NodeSet.range(1, nodes);
        Map<Integer, Barrier> bar = Sim.onEach(c, p, (here, n) -> new Barrier(here, "bar", p));
        for (int n : p) {
            if (history != null) {
                bar.get(n).recordHistory(history);
            }
            c.spawn(n, "b" + n, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (boolean s : strong) {
                    log.run(ep, "bar", s ? "awaitStrong" : "await", List.of(), () -> {
                        if (s) {
                            bar.get(n).awaitStrong(ep);
                        } else {
                            bar.get(n).await(ep);
                        }
                    });
                }
            });
        }
        return Sim.runOk(c);
    }

    @Test
    void oneWeakCallIsOneStoreOnePutPerPeerAndSpinLoads() {
        try (SimCluster c = Sim.det(3, 1)) {
            CallLog log = new CallLog();
            RunResult r = run(c, 3, new boolean[] {false}, log, null);
            RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
            for (ObjectCall call : log.of("bar")) {
                List<String> ops = OpSequence.of(g, call.thread(), call.firstPo(), call.lastPo());
                int i = call.node();
                List<Integer> peers = new ArrayList<>(NodeSet.range(1, 3).minus(i).size());
                NodeSet.range(1, 3).minus(i).forEach(peers::add);
                assertEquals("store bar/src[1]=1", ops.get(0), ops.toString());
                assertEquals("put#wb->" + peers.get(0) + " 1w", ops.get(1), ops.toString());
                assertEquals("put#wb->" + peers.get(1) + " 1w", ops.get(2), ops.toString());
                List<String> spin = ops.subList(3, ops.size());
                assertFalse(spin.isEmpty());
                for (int k = 0; k < spin.size(); k++) {
                    assertEquals("load bar/epoch[" + (peers.get(k % 2) - 1) + "]", spin.get(k), ops.toString());
                }
                MetricsSnapshot.Scope m = r.metrics().endpoint(call.thread());
                assertEquals(2, m.opsPosted(OpKind.PUT));
                assertEquals(2, m.opsPosted());
                assertEquals(16, m.payloadBytes());
                assertEquals(0, m.roundTrips());
                assertEquals(0, m.get("loopbackRoundTrips"));
            }
        }
    }

    @Test
    void theStrongBarrierAddsAGfThatCostsARoundTripOnceItCoversAPut() {
        try (SimCluster c = Sim.det(2, 2)) {
            CallLog log = new CallLog();
            RunResult r = run(c, 2, new boolean[] {true, true}, log, null);
            RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
            for (ObjectCall call : log.of("bar")) {
                List<String> ops = OpSequence.of(g, call.thread(), call.firstPo(), call.lastPo());
                assertEquals("gf", ops.get(0));
                assertTrue(ops.get(1).startsWith("store bar/src["), ops.toString());
                assertTrue(ops.get(2).startsWith("put#wb->"), ops.toString());
            }
            for (String t : List.of("b1", "b2")) {
                MetricsSnapshot.Scope m = r.metrics().endpoint(t);
                assertEquals(2, m.opsPosted(OpKind.PUT));
                assertEquals(1, m.roundTrips(), "the first gf covers nothing, the second the first put");
                assertEquals(2, m.get("gfs"));
            }
        }
    }

    /** Checklist item 4: seeds {@code from .. to-1}; every recorded graph is consistent under rdma-wait-rmw. */
    static void conformance(int nodes, long from, long to) {
        for (long seed = from; seed < to; seed++) {
            try (SimCluster c = Sim.det(nodes, seed)) {
                RunResult r = run(c, nodes, new boolean[] {false, true, false}, new CallLog(), null);
                ExecutionGraph g = r.trace().orElseThrow();
                TraceConformance.Verdict v = Scenario.recorded(g).conformance();
                assertTrue(v.consistent(), "seed " + seed + ": " + v);
            }
        }
    }

    /** Checklist item 5: the Mowgli specification (so ⊆ hb, exactness, BAR1) and the scheduler-time check. */
    static void specification(int nodes, int seeds) {
        int rounds = 3;
        int calls = nodes * rounds;
        int edgesPerRun = rounds * nodes * (nodes - 1);
        for (long seed = 0; seed < seeds; seed++) {
            try (SimCluster c = Sim.det(nodes, seed)) {
                CallLog log = new CallLog();
                History<Integer> h = History.of(c);
                RunResult r = run(c, nodes, new boolean[] {false, true, false}, log, h);
                ExecutionGraph eg = r.trace().orElseThrow();
                SpecReport rep = new BarrierSpec("bar", NodeSet.range(1, nodes)).check(log.of("bar"), RecordedGraph.of(eg),
                        Scenario.recorded(eg).hbOnEvents());
                assertTrue(rep.holds(), "seed " + seed + ": " + rep);
                assertEquals(calls, rep.calls());
                assertEquals(edgesPerRun, rep.soEdges(), "one edge per round and ordered pair of nodes");
                assertEquals(List.of(), BarrierSpec.checkReturns(h.calls()), "seed " + seed);
                assertEquals(calls, h.calls().size());
            }
        }
    }

    @Test
    void everyRecordedGraphOfTwoParticipantsConforms() {
        conformance(2, 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTwoParticipantsOverTheOtherSeedsConforms() {
        conformance(2, Seeds.DEFAULT, Seeds.REQUIRED);
    }

    @Tag("slow")
    @Test
    void everyRecordedGraphOfThreeParticipantsConforms() {
        conformance(3, 0, Seeds.REQUIRED);
    }

    @Test
    void theSpecificationHoldsOnRecordedGraphsOfTwoParticipants() {
        specification(2, 200);
    }

    @Tag("slow")
    @Test
    void theSpecificationHoldsOnRecordedGraphsOfThreeParticipants() {
        specification(3, 100);
    }

    @Test
    void theSpecificationCheckFindsMismatchedRounds() {
        try (SimCluster c = Sim.det(2, 3)) {
            CallLog log = new CallLog();
            RunResult r = run(c, 2, new boolean[] {false, false}, log, null);
            ExecutionGraph eg = r.trace().orElseThrow();
            List<ObjectCall> calls = new ArrayList<>(log.of("bar"));
            // pretend node 2's rounds came in the other order: round 2 of node 1 is then matched with
            // round 1 of node 2, whose exit cannot be hb-after round 2's put
            ObjectCall a = calls.get(2);
            calls.set(2, calls.get(3));
            calls.set(3, a);
            SpecReport rep = new BarrierSpec("bar", NodeSet.range(1, 2)).check(calls, RecordedGraph.of(eg), Scenario.recorded(eg).hbOnEvents());
            assertFalse(rep.holds());
            assertTrue(rep.violations().stream().anyMatch(v -> v.startsWith("V4: so edge")), rep.toString());
        }
    }

    @Test
    void aSecondEndpointOnANodeViolatesTheBarrierRole() {
        try (SimCluster c = Sim.det(2, 0)) {
            NodeSet p = NodeSet.range(1, 2);
            Map<Integer, Barrier> bar = Sim.onEach(c, p, (here, n) -> new Barrier(here, "bar", p));
            List<Throwable> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            c.spawn(1, "a", ep -> bar.get(1).await(ep));
            c.spawn(2, "b", ep -> bar.get(2).await(ep));
            c.spawn(1, "intruder", ep -> {
                try {
                    for (int i = 0; i < 50; i++) {
                        ep.mfence(); // let "a" bind the role first
                    }
                    bar.get(1).await(ep);
                } catch (RoleViolationException e) {
                    seen.add(e);
                }
            });
            Sim.runOk(c);
            assertEquals(1, seen.size());
            assertTrue(seen.get(0).getMessage().contains("bound to endpoint a"), seen.get(0).getMessage());
        }
    }

    @Test
    void aClosedBarrierRefusesCalls() {
        try (SimCluster c = Sim.det(1, 0)) {
            Barrier b = new Barrier(LocoNode.of(c.node(1)), "bar", NodeSet.of(1));
            b.close();
            assertEquals(ObjectState.CLOSED, b.state());
            List<Throwable> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            c.spawn(1, "a", ep -> seen.add(assertThrows(ObjectClosedException.class, () -> b.await(ep))));
            Sim.runOk(c);
            assertEquals(1, seen.size());
        }
    }
}
