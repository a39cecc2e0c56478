package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.graph.ExecutionGraph;
import remo.core.graph.ExecutionGraph.Event;
import remo.core.rdma.EventLabel;
import remo.models.CatModel;
import remo.nic.Access;
import remo.nic.Region;
import remo.nic.SimCluster;

/**
 * {@link SpinReads}: which reads a spin over several words leaves out, and that the check of the
 * graph without them gives the full graph's verdict under every bundled model, on recorded
 * CPU-only runs and on stale-read mutants of them (many refuted).
 */
class SpinReadsTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);
    private static final String[] MODELS = {"sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw"};

    /** P stores x = 1, then y = 1; Q reads x and y in {@code rounds} rounds; everything on node 1. */
    private static ExecutionGraph run(long seed, int rounds, boolean writer) {
        try (SimCluster c = SimCluster.builder().nodes(1).deterministic(seed).build()) {
            Region x = c.node(1).register("x", 1, ALL);
            Region y = c.node(1).register("y", 1, ALL);
            if (writer) {
                c.spawn(1, "P", ep -> {
                    ep.store(x, 0, 1);
                    ep.store(y, 0, 1);
                });
            }
            c.spawn(1, "Q", ep -> {
                for (int r = 0; r < rounds; r++) {
                    ep.load(x, 0);
                    ep.load(y, 0);
                }
            });
            return c.run().trace().orElseThrow();
        }
    }

    private static int thread(ExecutionGraph g, String name) {
        return g.threads().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow().index();
    }

    @Test
    void roundsKeepTheFirstAndLastReadOfEachWordAndSource() {
        ExecutionGraph g = run(0, 4, false);
        int q = thread(g, "Q");
        // reads at po 0..7 alternate x, y, all from the initial writes: po 0 and 6 (x), 1 and 7 (y) stay
        assertEquals(Set.of(2L, 3L, 4L, 5L), SpinReads.leftOut(g).get(q));
    }

    @Test
    void aStaleReadAfterANewerOneIsStillRefuted() {
        // Q reads x = 0, y = 1 three times, with P's x = 1 po-before its y = 1: a TSO violation (MP). The
        // middle round is left out; the first y = 1 before the last x = 0 still closes the cycle, so the
        // verdict stands (keeping one read per word and source would lose it)
        ExecutionGraph g = null;
        for (long seed = 0; g == null; seed++) {
            ExecutionGraph r = run(seed, 3, true);
            if (qReads(r).stream().allMatch(e -> e.value() == 0)) {
                g = r;
            }
        }
        int wy = -1;
        for (Event e : g.events()) {
            if (e.label() == EventLabel.W && g.locations().get(e.location()).region().equals("y")) {
                wy = e.id();
            }
        }
        List<Event> reads = qReads(g);
        int[] rf = rfOf(g);
        List<Event> events = new ArrayList<>(g.events());
        for (Event r : reads) {
            if (g.locations().get(r.location()).region().equals("y")) {
                rf[r.id()] = wy;
                events.set(r.id(), withValue(r, 1));
            }
        }
        ExecutionGraph mp = copy(g, events, rf);
        assertEquals(Set.of(2L, 3L), SpinReads.leftOut(mp).get(thread(mp, "Q")));
        for (String m : new String[] {"tso", "rdma-wait-rmw", "sc"}) {
            assertFalse(verdict(mp, m, false).consistent(), m);
            assertEquals(verdict(mp, m, false).failedCheck(), verdict(mp, m, true).failedCheck(), m);
        }
    }

    @Test
    void reducedAndFullVerdictsAgreeOnRunsAndStaleReadMutants() {
        Random rnd = new Random(11);
        int refuted = 0;
        int reduced = 0;
        for (long seed = 0; seed < 40; seed++) {
            ExecutionGraph g = run(seed, 4, true);
            List<ExecutionGraph> graphs = new ArrayList<>(List.of(g));
            for (int k = 0; k < 4; k++) {
                graphs.add(staleRead(g, rnd));
            }
            for (ExecutionGraph x : graphs) {
                if (!SpinReads.leftOut(x).get(thread(x, "Q")).isEmpty()) {
                    reduced++;
                }
                for (String m : MODELS) {
                    TraceConformance.Verdict full = verdict(x, m, false);
                    TraceConformance.Verdict less = verdict(x, m, true);
                    assertEquals(full.consistent(), less.consistent(), "seed " + seed + " under " + m);
                    assertEquals(full.failedCheck(), less.failedCheck(), "seed " + seed + " under " + m);
                    if (x != g && !full.consistent()) {
                        refuted++;
                    }
                }
            }
        }
        assertTrue(refuted > 0 && reduced > 0, refuted + " refuted, " + reduced + " reduced");
    }

    private static List<Event> qReads(ExecutionGraph g) {
        int q = thread(g, "Q");
        return g.events().stream().filter(e -> e.thread() == q && e.label() == EventLabel.R).toList();
    }

    private static TraceConformance.Verdict verdict(ExecutionGraph g, String model, boolean leaveOut) {
        TraceLitmus.Translation tr = TraceLitmus.translate(g, leaveOut);
        CatModel m = NicTestFiles.model(model);
        return new TraceConformance(tr.program(), m, tr.flags()).check(g, tr.callInstructions(), tr.locationNames(), tr.implied());
    }

    /** One plain read of Q moved to another write of its location (a NIC or store-buffer bug). */
    private static ExecutionGraph staleRead(ExecutionGraph g, Random rnd) {
        List<Event> reads = qReads(g);
        Event r = reads.get(rnd.nextInt(reads.size()));
        List<Integer> writes = g.co().get(r.location());
        int w = writes.get(rnd.nextInt(writes.size()));
        int[] rf = rfOf(g);
        rf[r.id()] = w;
        List<Event> events = new ArrayList<>(g.events());
        events.set(r.id(), withValue(r, g.event(w).value()));
        return copy(g, events, rf);
    }

    private static int[] rfOf(ExecutionGraph g) {
        int[] rf = new int[g.events().size()];
        for (Event e : g.events()) {
            rf[e.id()] = g.rf(e.id());
        }
        return rf;
    }

    private static Event withValue(Event r, long value) {
        return new Event(r.id(), r.thread(), r.node(), r.po(), r.sub(), r.ii(), r.label(), r.locked(), r.location(), value, r.op(),
                r.repeat(), r.arg(), r.exists());
    }

    private static ExecutionGraph copy(ExecutionGraph g, List<Event> events, int[] rf) {
        return new ExecutionGraph(g.meta(), g.locations(), g.threads(), g.ops(), events, rf, g.co(), g.rao(), g.wm(), g.gfm(),
                g.pm());
    }
}
