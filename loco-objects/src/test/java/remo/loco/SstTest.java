package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.loco.spec.CallLog;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.loco.spec.SstSpec;
import remo.nic.MetricsSnapshot;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.core.rdma.OpKind;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/** Sst (loco.md §4.5): the checklist of loco.md §6 (item 3 is HarnessVerdictTest's SST-*). */
class SstTest {
    static final int F = 2;

    /** Each node's row owner sets its fields, pushes, sets field 0 again, pushes it, flushes, and reads the other rows. */
    static Scenario scenario(int nodes, int readRounds) {
        return (c, log) -> {
            NodeSet p = NodeSet.range(1, nodes);
            Map<Integer, Sst> sst = Sim.onEach(c, p, (here, n) -> new Sst(here, "sst", p, F));
            for (int n : p) {
                c.spawn(n, "row" + n, raw -> {
                    CountingEndpoint ep = CountingEndpoint.wrap(raw);
                    Sst s = sst.get(n);
                    long v = n * 100L;
                    log.run(ep, "sst", "set", List.of(0L, v + 1), () -> s.set(ep, 0, v + 1));
                    log.run(ep, "sst", "set", List.of(1L, v + 2), () -> s.set(ep, 1, v + 2));
                    log.run(ep, "sst", "push", List.of(), () -> s.push(ep));
                    log.run(ep, "sst", "set", List.of(0L, v + 3), () -> s.set(ep, 0, v + 3));
                    log.run(ep, "sst", "pushField", List.of(0L), () -> s.pushField(ep, 0));
                    log.run(ep, "sst", "flush", List.of(), () -> s.flush(ep));
                    for (int round = 0; round < readRounds; round++) {
                        for (int k : p.minus(n)) {
                            for (long f = 0; f < F; f++) {
                                long ff = f;
                                log.call(ep, "sst", "get", List.of((long) k, f), () -> s.get(ep, k, (int) ff));
                            }
                        }
                    }
                });
            }
        };
    }

    @Test
    void eachMethodIsItsImplSequenceWithItsCost() {
        CallLog log = new CallLog();
        RunResult r = scenario(3, 1).run(3, NicConfig.defaults(), 2, log);
        RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
        for (ObjectCall c : log.of("sst")) {
            List<String> ops = OpSequence.of(g, c.thread(), c.firstPo(), c.lastPo());
            int row = (c.node() - 1) * F;
            List<Integer> peers = NodeSet.range(1, 3).minus(c.node()).size() == 2
                    ? java.util.stream.StreamSupport.stream(NodeSet.range(1, 3).minus(c.node()).spliterator(), false).toList()
                    : List.of();
            switch (c.method()) {
                case "set":
                    assertEquals(List.of("store sst/tab[" + (row + c.arg(0)) + "]=" + c.arg(1)), ops);
                    break;
                case "push":
                    assertEquals(List.of("put#ws->" + peers.get(0) + " 2w", "put#ws->" + peers.get(1) + " 2w"), ops);
                    break;
                case "pushField":
                    assertEquals(List.of("put#ws->" + peers.get(0) + " 1w", "put#ws->" + peers.get(1) + " 1w"), ops);
                    break;
                case "flush":
                    assertEquals(List.of("wait"), ops);
                    break;
                default:
                    assertEquals(List.of("load sst/tab[" + ((c.arg(0) - 1) * F + c.arg(1)) + "]"), ops);
            }
        }
        MetricsSnapshot.Scope m = r.metrics().endpoint("row1");
        assertEquals(4, m.opsPosted(OpKind.PUT), "push and pushField: #P-1 puts each");
        assertEquals(8 * F * 2 + 8 * 2, m.payloadBytes(), "push 8F(#P-1) bytes, pushField 8(#P-1)");
        assertEquals(1, m.roundTrips(), "the flush");
    }

    @Test
    void everyRecordedGraphConforms() {
        scenario(2, 2).conforms(2, NicConfig.defaults(), 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheOtherSeedsConforms() {
        scenario(2, 2).conforms(2, NicConfig.defaults(), Seeds.DEFAULT, Seeds.REQUIRED);
    }

    @Test
    void theSpecificationHoldsOnRecordedGraphs() {
        scenario(3, 2).satisfies(3, NicConfig.defaults(), 200, "sst", new SstSpec("sst", NodeSet.range(1, 3), F), 0);
    }

    @Test
    void afterQuiescenceEveryReplicaHoldsTheLastPushedRow() {
        for (long seed = 0; seed < 20; seed++) {
            try (SimCluster c = Sim.det(3, seed)) {
                scenario(3, 0).setup(c, new CallLog());
                Sim.runOk(c);
                for (int k = 1; k <= 3; k++) {
                    for (int i = 1; i <= 3; i++) {
                        assertEquals(i * 100 + 3, c.peek(k, "sst/tab", (i - 1) * F));
                        assertEquals(i * 100 + 2, c.peek(k, "sst/tab", (i - 1) * F + 1));
                    }
                }
            }
        }
    }

    @Test
    void fieldsNodesAndTheRowOwnerRoleAreChecked() {
        try (SimCluster c = Sim.det(3, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, Sst> sst = Sim.onEach(c, p, (here, n) -> new Sst(here, "sst", p, F));
            List<Throwable> seen = new CopyOnWriteArrayList<>();
            c.spawn(1, "owner", ep -> sst.get(1).set(ep, 0, 5));
            c.spawn(1, "other", ep -> {
                for (int i = 0; i < 40; i++) {
                    ep.mfence();
                }
                seen.add(assertThrows(IndexOutOfBoundsException.class, () -> sst.get(1).get(ep, 2, F)));
                seen.add(assertThrows(NotAParticipantException.class, () -> sst.get(1).get(ep, 3, 0)));
                seen.add(assertThrows(RoleViolationException.class, () -> sst.get(1).set(ep, 1, 1)));
                assertEquals(5, sst.get(1).get(ep, 1, 0), "any endpoint reads");
            });
            Sim.runOk(c);
            assertEquals(3, seen.size());
            assertThrows(IllegalArgumentException.class, () -> new Sst(LocoNode.of(c.node(3)), "s0", NodeSet.of(3), 0));
        }
    }
}
