package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * NAIVE_SERVING in C4 (locks.md §8.5): the trace shows a stale put of value 1 to node 3
 * overwriting value 2, with t2 (ticket 2, on node 3) waiting forever.
 */
class NaiveServingTraceTest {

    /** The C4 constants with only TLC's deadlock check: one short run, the same BFS as the row's. */
    static final String DEADLOCK_ONLY = """
            CONSTANTS
              Nodes = {1, 2, 3}
              Threads = {"t0", "t1", "t2"}
              NodeOf <- ThreeNodes
              Home = 1
              MaxAcq = 1
              Variant = "NAIVE_SERVING"
              FailedRcasWrites = FALSE
            SPECIFICATION Spec
            CHECK_DEADLOCK TRUE
            """;

    @Test
    void theDeadlockIsAStalePutOfOneToNode3WhileT2WaitsForTwo() throws InterruptedException {
        LivenessModel model = LivenessModel.bundled();
        LivenessResult r = new LivenessChecker(TlcJar.locate(), TlcOptions.defaults())
                .check(model, model.config("naive-serving-deadlock.cfg", DEADLOCK_ONLY), "naive-serving C4 deadlock");
        assertNotNull(r.deadlock(), "TLC reaches a deadlock");
        assertStalePut(r.deadlock());
    }

    @Test
    @Tag("slow")
    void theRowsCounterexamplesShowTheStalePut() {
        LivenessResult r = RowResults.of(Variant.NAIVE_SERVING, Configuration.C4);
        for (String p : List.of(Property.DEADLOCK_FREEDOM, Property.STARVATION_FREEDOM, Property.TERMINATION)) {
            assertStalePut(r.result(p).orElseThrow().counterexample());
        }
    }

    static void assertStalePut(TlcCounterexample cx) {
        TlaState last = cx.last();
        assertEquals("spin", LockWords.str(last.get("pc").at("t2")), "t2 spins at the end");
        assertEquals(2, last.get("my").at("t2").asLong(), "t2 holds ticket 2");
        assertEquals(1, srv(last, 3), "node 3 ends with the stale 1");
        assertEquals("done", LockWords.str(last.get("pc").at("t0")));
        assertEquals("done", LockWords.str(last.get("pc").at("t1")));
        // some step wrote 2 to srv@3 and a later one overwrote it with 1 by a put of t0's queue pair to node 3
        int two = -1;
        int stale = -1;
        for (int i = 1; i < cx.states().size(); i++) {
            long before = srv(cx.states().get(i - 1), 3);
            long after = srv(cx.states().get(i), 3);
            if (before != 2 && after == 2) {
                two = i;
            }
            if (before == 2 && after == 1) {
                stale = i;
            }
        }
        assertTrue(two > 0 && stale > two, "srv@3 becomes 2, then 1");
        String text = TracePrinter.print(cx);
        assertTrue(text.contains("put srv@3 := srv@1 (wb): remote write of 1 (complete)   [srv@3: 2 → 1, stale: overwrites 2 with 1]"),
                text);
        assertTrue(text.contains("t2@3 in spin with ticket 2, waiting for a value >= 2 but sees srv@3 = 1"), text);
        if (cx.kind() == CounterexampleKind.DEADLOCK) {
            assertTrue(text.contains("no step is possible; waiting forever"), text);
        }
    }

    private static long srv(TlaState s, int node) {
        return ((TlaValue.Fun) s.get("mem")).pairs().entrySet().stream()
                .filter(e -> LockWords.str(e.getKey().at("k")).equals("srv") && e.getKey().at("n").asLong() == node)
                .findFirst().orElseThrow().getValue().asLong();
    }
}
