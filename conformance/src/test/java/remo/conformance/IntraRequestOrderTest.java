package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.graph.ExecutionGraph;
import remo.litmus.Program;
import remo.nic.Access;
import remo.nic.NicConfig;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/**
 * Multi-word WRs in {@code RANDOM} intra-request order (nic.md §4.6): the words of one WR are
 * guard-free among themselves, the WR stays ordered against other WRs as a whole, and its graphs
 * are not submitted for conformance.
 */
class IntraRequestOrderTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);
    private static final int SEEDS = 400;

    private static NicConfig config(NicConfig.IntraRequestOrder order) {
        return NicConfig.defaults().withIntraRequestOrder(order);
    }

    /**
     * P puts two words {1, 1} to node 2, then a one-word flag on the same QP. On node 2, Q waits for
     * word 1 and then reads word 0; R waits for the flag and then reads both words (TSO keeps each
     * thread's loads in order). Returns {Q's word 0, R's word 0, R's word 1}.
     */
    private static long[] run(NicConfig cfg, long seed) {
        long[] seen = new long[3];
        try (SimCluster c = SimCluster.builder().nodes(2).config(cfg).deterministic(seed).build()) {
            Region src = c.node(1).register("src", 2, ALL, new long[] {1, 1});
            Region dst = c.node(2).register("dst", 2, ALL);
            Region flag = c.node(2).register("flag", 1, ALL);
            c.spawn(1, "P", ep -> {
                ep.put(null, dst, 0, src, 0, 2);
                ep.put(null, flag, 0, src, 0, 1);
                ep.gf();
            });
            c.spawn(2, "Q", ep -> {
                while (ep.load(dst, 1) != 1) {
                    Thread.onSpinWait();
                }
                seen[0] = ep.load(dst, 0);
            });
            c.spawn(2, "R", ep -> {
                while (ep.load(flag, 0) != 1) {
                    Thread.onSpinWait();
                }
                seen[1] = ep.load(dst, 0);
                seen[2] = ep.load(dst, 1);
            });
            RunResult r = c.run();
            assertTrue(r.completed() && r.threadFailures().isEmpty(), "seed " + seed + ": " + r.threadFailures());
            assertEquals(1, c.peek(2, "dst", 0));
            assertEquals(1, c.peek(2, "dst", 1));
        }
        return seen;
    }

    @Test
    void randomOrderLetsALaterWordLandFirstAndKeepsWrsOrderedAsAWhole() {
        int laterWordFirst = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            long[] s = run(config(NicConfig.IntraRequestOrder.RANDOM), seed);
            assertTrue(s[1] == 1 && s[2] == 1, "seed " + seed + ": the flag's put landed before a word of the "
                    + "earlier two-word put (a later WR waits for all words of an earlier one)");
            if (s[0] == 0) {
                laterWordFirst++;
            }
        }
        System.out.printf("RANDOM intra-request order: word 1 seen before word 0 in %d of %d seeds%n", laterWordFirst, SEEDS);
        assertTrue(laterWordFirst > 0, "word 1 of a RANDOM-order put is seen before word 0 in some of " + SEEDS + " seeds");
    }

    @Test
    void ascendingOrderNeverLetsALaterWordLandFirst() {
        for (long seed = 0; seed < SEEDS; seed++) {
            long[] s = run(NicConfig.defaults(), seed);
            assertEquals(1, s[0], "seed " + seed + ": ASCENDING writes word 0 before word 1");
            assertTrue(s[1] == 1 && s[2] == 1, "seed " + seed);
        }
    }

    @Test
    void concurrentRandomOrderWritesEveryWord() {
        try (SimCluster c = SimCluster.builder().nodes(2).config(config(NicConfig.IntraRequestOrder.RANDOM))
                .concurrent().build()) {
            long[] init = new long[8];
            for (int i = 0; i < 8; i++) {
                init[i] = i + 1;
            }
            Region src = c.node(1).register("src", 8, ALL, init);
            Region dst = c.node(2).register("dst", 8, ALL);
            Region back = c.node(1).register("back", 8, ALL);
            c.spawn(1, "P", ep -> {
                for (int round = 0; round < 100; round++) {
                    ep.put(null, dst, 0, src, 0, 8);
                    ep.get(null, back, 0, dst, 0, 8);
                }
                ep.gf();
            });
            RunResult r = c.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            for (int i = 0; i < 8; i++) {
                assertEquals(i + 1, c.peek(2, "dst", i));
                assertEquals(i + 1, c.peek(1, "back", i), "a get after a put on the same QP reads every word it wrote");
            }
        }
    }

    @Test
    void graphsRecordedInRandomOrderAreNotCheckedForConformance() {
        try (SimCluster c = SimCluster.builder().nodes(2).config(config(NicConfig.IntraRequestOrder.RANDOM))
                .deterministic(1).recordTrace(true).build()) {
            Region src = c.node(1).register("src", 2, ALL, new long[] {1, 2});
            Region dst = c.node(2).register("dst", 2, ALL);
            c.spawn(1, "P", ep -> {
                ep.put(null, dst, 0, src, 0, 2);
                ep.gf();
            });
            RunResult r = c.run();
            ExecutionGraph g = r.trace().orElseThrow();
            assertEquals("RANDOM", g.meta().get("intraRequestOrder"));
            Program p = NicTestFiles.suite("L01");
            TraceConformance conformance = new TraceConformance(p,
                    NicTestFiles.model(LitmusRunner.conformanceModel(p)), NicTestFiles.flags(p));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> conformance.check(g, List.of()));
            assertTrue(e.getMessage().contains("RANDOM"), e.getMessage());
        }
    }
}
