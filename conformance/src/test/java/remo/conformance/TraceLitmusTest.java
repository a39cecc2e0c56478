package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.nic.Access;
import remo.nic.FaultPlan;
import remo.nic.NicConfig;
import remo.nic.Op;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * Conformance of runs of arbitrary Java code (nic.md §6.5): the recorded graph is translated into
 * the straight-line litmus program of its calls ({@link TraceLitmus}) and checked under the
 * conformance model.
 */
class TraceLitmusTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    private static TraceConformance.Verdict check(ExecutionGraph g) {
        return TraceLitmus.check(g, null, NicTestFiles::model);
    }

    /** Every API call of WAIT mode, with loops and Java-computed values, on three nodes. */
    private static void waitModeProgram(SimCluster c) {
        Region a = c.node(1).register("a", 4, ALL, new long[] {1, 2, 3, 4});
        Region res = c.node(1).register("res", 2, ALL);
        Region b = c.node(2).register("b", 4, ALL);
        Region flag = c.node(2).register("flag", 1, ALL);
        Region ctr = c.node(3).register("ctr", 1, ALL);
        c.spawn(1, "P", ep -> {
            WorkId d = ep.newWorkId("d");
            WorkId e = ep.newWorkId("d"); // the same label: work ids are told apart by index
            WorkId unused = ep.newWorkId("u");
            ep.store(a, 0, 10);
            ep.put(d, b, 0, a, 0, 2);
            ep.rfence(2);
            ep.rfence(3); // before any op to node 3: kept, P addresses node 3 later
            Op got = ep.get(e, res, 0, b, 2, 1);
            ep.waitFor(d);
            ep.waitFor(e);
            ep.waitFor(unused); // nothing to wait for: no instruction
            long v = got.value();
            ep.store(a, 2, v + 1);
            ep.mfence();
            ep.cas(a, 3, 4, 40);
            ep.cas(a, 3, 4, 41); // fails
            ep.faa(a, 1, 5);
            ep.swap(a, 2, 7);
            ep.rfaa(d, res, 1, ctr, 0, 3);
            ep.rcas(d, res, 0, ctr, 0, 3, 100);
            ep.rcas(d, res, 0, ctr, 0, 3, 200); // fails unless Q moved ctr
            ep.gf();
            ep.put(null, flag, 0, a, 0, 1);
            ep.gf();
        });
        c.spawn(2, "Q", ep -> {
            int spins = 0;
            while (ep.load(flag, 0) == 0 && spins++ < 50) {
                Thread.onSpinWait();
            }
            ep.store(b, 3, ep.load(b, 0) + 1);
        });
        c.spawn(3, "R", ep -> ep.faa(ctr, 0, 1));
    }

    @Test
    void deterministicRunsOfAnyJavaCodeConform() {
        int checked = 0;
        for (long seed = 0; seed < 200; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(3).deterministic(seed).recordTrace(true).build()) {
                waitModeProgram(c);
                RunResult r = c.run();
                assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
                ExecutionGraph g = r.trace().orElseThrow();
                TraceConformance.Verdict v = check(g);
                assertTrue(v.consistent(), "seed " + seed + ": " + v + "\n" + TraceLitmus.translate(g).text());
                checked++;
            }
        }
        assertEquals(200, checked);
    }

    @Test
    void theTranslationIsTheLitmusProgramOfTheCalls() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(7).recordTrace(true).build()) {
            waitModeProgram(c);
            ExecutionGraph g = c.run().trace().orElseThrow();
            TraceLitmus.Translation tr = TraceLitmus.translate(g);
            String text = tr.text();
            assertEquals("rdma-wait-rmw", tr.model());
            assertTrue(text.contains("put m_b_0@2, m_a_0 #w0"), text);
            assertTrue(text.contains("put m_b_1@2, m_a_1 #w0"), "a two-word put is two one-word puts:\n" + text);
            assertTrue(text.contains("get m_res_0, m_b_2@2 #w1"), text);
            assertTrue(text.contains("wait w0") && text.contains("wait w1") && !text.contains("wait w2"), text);
            assertTrue(text.contains("rfence 3"), text);
            assertTrue(text.contains("= cas(m_a_3, 4, 40)") && text.contains("= cas(m_a_3, 41, 0)"),
                    "a failed compare is reproduced by an expected value one above the value read:\n" + text);
            assertTrue(text.contains("rfaa m_res_1, m_ctr_0@3, 3 #w0"), text);
            assertTrue(text.contains("m_a_0@1 = 1;") && text.contains("m_ctr_0@3 = 0;"), text);
            assertEquals(3, tr.program().threads().size());
        }
    }

    /** A Ctrl-C while the translation is parsed stops the caller's run; it is no fault of the translation (a bug found when a model-checker run was interrupted). */
    @Test
    void aCtrlCDuringTheParseIsACancellationNotAnInvalidTranslation() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(7).recordTrace(true).build()) {
            waitModeProgram(c);
            ExecutionGraph g = c.run().trace().orElseThrow();
            remo.core.Interruption.Token token = new remo.core.Interruption.Token();
            remo.core.Interruption.bind(token);
            try {
                token.request("SIGINT or SIGTERM");
                java.util.concurrent.CancellationException e = org.junit.jupiter.api.Assertions.assertThrows(
                        java.util.concurrent.CancellationException.class, () -> TraceLitmus.translate(g));
                assertEquals("interrupted while translating a recorded trace", e.getMessage());
            } finally {
                remo.core.Interruption.bind(null);
            }
            assertEquals("rdma-wait-rmw", TraceLitmus.translate(g).model(), "unbound again, the same graph translates");
        }
    }

    @Test
    void writesWithoutACheckerEventAreAMappingProblemNotACrash() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(7).recordTrace(true).build()) {
            waitModeProgram(c);
            ExecutionGraph g = c.run().trace().orElseThrow();
            TraceLitmus.Translation tr = TraceLitmus.translate(g);
            TraceConformance conformance = new TraceConformance(tr.program(), NicTestFiles.model(tr.model()), tr.flags());
            // no call has an instruction: every store of the run is unmapped but still ordered by co
            List<List<Integer>> noCalls = tr.callInstructions().stream().map(calls -> List.<Integer>of()).toList();
            TraceConformance.Verdict v = conformance.check(g, noCalls, tr.locationNames(), tr.implied());
            assertFalse(v.consistent());
            assertEquals("mapping", v.failedCheck());
            assertTrue(v.problems().get(0).contains("without an instruction"), v.problems().toString());
        }
    }

    @ParameterizedTest(name = "{0} nodes")
    @ValueSource(ints = {2, 3})
    void pollModeRunsConform(int nodes) {
        NicConfig poll = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
        for (long seed = 0; seed < 100; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(nodes).config(poll).deterministic(seed).recordTrace(true)
                    .build()) {
                Region x = c.node(1).register("x", 2, ALL, new long[] {5, 6});
                Region y = c.node(nodes).register("y", 2, ALL);
                c.spawn(1, "P", ep -> {
                    ep.put(null, y, 0, x, 0, 2);
                    ep.get(null, x, 1, y, 1, 1);
                    ep.poll(nodes);
                    ep.poll(nodes);
                    ep.store(x, 0, ep.load(x, 1) * 2);
                });
                c.spawn(nodes, "Q", ep -> ep.store(y, 1, 9));
                RunResult r = c.run();
                ExecutionGraph g = r.trace().orElseThrow();
                TraceLitmus.Translation tr = TraceLitmus.translate(g);
                assertEquals("rdma-tso-rmw", tr.model());
                assertEquals(3, tr.text().split("poll " + nodes, -1).length - 1,
                        "the poll of the two-word put becomes two polls:\n" + tr.text());
                TraceConformance.Verdict v = check(g);
                assertTrue(v.consistent(), "seed " + seed + ": " + v + "\n" + TraceLitmus.translate(g).text());
            }
        }
    }

    @Test
    void concurrentTracedRunsConform() {
        for (int run = 0; run < 20; run++) {
            try (SimCluster c = SimCluster.builder().nodes(3).concurrent().recordTrace(true).build()) {
                waitModeProgram(c);
                RunResult r = c.run();
                assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
                TraceConformance.Verdict v = check(r.trace().orElseThrow());
                assertTrue(v.consistent(), "run " + run + ": " + v);
            }
        }
    }

    /** The message-passing shape on one node: Q sees the flag; the recorded read of data is then rewired to the initial write. */
    @Test
    void aGraphTheModelForbidsIsRejected() {
        try (SimCluster c = SimCluster.builder().nodes(1).deterministic(3).recordTrace(true).build()) {
            Region data = c.node(1).register("data", 1, ALL);
            Region flag = c.node(1).register("flag", 1, ALL);
            c.spawn(1, "P", ep -> {
                ep.store(data, 0, 1);
                ep.store(flag, 0, 1);
            });
            c.spawn(1, "Q", ep -> {
                while (ep.load(flag, 0) != 1) {
                    Thread.onSpinWait();
                }
                ep.load(data, 0);
            });
            ExecutionGraph g = c.run().trace().orElseThrow();
            assertTrue(check(g).consistent());
            ExecutionGraph.Event dataRead = null;
            for (ExecutionGraph.Event e : g.events()) {
                if (e.label() == EventLabel.R && g.locations().get(e.location()).region().equals("data")) {
                    dataRead = e;
                }
            }
            assertTrue(dataRead != null && dataRead.value() == 1);
            int initialData = -1;
            for (ExecutionGraph.Event e : g.events()) {
                if (e.label() == EventLabel.IW && e.location() == dataRead.location()) {
                    initialData = e.id();
                }
            }
            ExecutionGraph stale = withStaleRead(g, dataRead.id(), initialData);
            TraceConformance.Verdict v = check(stale);
            assertFalse(v.consistent(), "reading data = 0 after flag = 1 is forbidden under tso");
            assertEquals("tso", v.failedCheck());
        }
    }

    /** A copy of {@code g} in which {@code read} reads {@code from} (an initial write of value 0). */
    private static ExecutionGraph withStaleRead(ExecutionGraph g, int read, int from) {
        List<ExecutionGraph.Event> events = new ArrayList<>();
        int[] rf = new int[g.events().size()];
        for (ExecutionGraph.Event e : g.events()) {
            rf[e.id()] = g.rf(e.id());
            events.add(e.id() != read ? e : new ExecutionGraph.Event(e.id(), e.thread(), e.node(), e.po(), e.sub(), e.ii(),
                    e.label(), e.locked(), e.location(), 0, e.op(), e.repeat(), e.arg()));
        }
        rf[read] = from;
        return new ExecutionGraph(g.meta(), g.locations(), g.threads(), g.ops(), events, rf, g.co(), g.rao(), g.wm(),
                g.gfm(), g.pm());
    }

    @Test
    void faultRunsAndRandomOrderAreNotTranslated() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(1).recordTrace(true)
                .faults(FaultPlan.builder().qpError("P", 2, 1).expectUnreported().build()).build()) {
            Region x = c.node(1).register("x", 1, ALL);
            Region y = c.node(2).register("y", 1, ALL);
            c.spawn(1, "P", ep -> ep.put(null, y, 0, x, 0, 1));
            ExecutionGraph g = c.run().trace().orElseThrow();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceLitmus.translate(g));
            assertTrue(e.getMessage().contains("FLUSHED"), e.getMessage());
        }
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(1).recordTrace(true)
                .config(NicConfig.defaults().withIntraRequestOrder(NicConfig.IntraRequestOrder.RANDOM)).build()) {
            Region x = c.node(1).register("x", 2, ALL);
            Region y = c.node(2).register("y", 2, ALL);
            c.spawn(1, "P", ep -> {
                ep.put(null, y, 0, x, 0, 2);
                ep.gf();
            });
            ExecutionGraph g = c.run().trace().orElseThrow();
            assertThrows(IllegalArgumentException.class, () -> TraceLitmus.translate(g));
        }
    }
}
