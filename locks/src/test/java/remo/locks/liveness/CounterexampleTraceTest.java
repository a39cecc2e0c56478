package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The counterexamples of locks.md §8.5 say what the table's comments say, in the lock's own words
 * ({@link TracePrinter}): CAS C3's lasso, NAIVE_MIXCAS's double entry, the CAS locks' bypass.
 * NAIVE_SERVING's stale put is in {@link NaiveServingTraceTest}. The tests of rows outside
 * {@link TableCells#FAST} are tagged slow; the default build sees the bypass trace from a run that
 * checks only BoundedBypass (seconds instead of the row's liveness runs).
 */
class CounterexampleTraceTest {

    private static TlcCounterexample cx(Variant v, Configuration c, String property) {
        return RowResults.of(v, c).result(property).orElseThrow().counterexample();
    }

    private static String pc(TlaState s, String t) {
        return LockWords.str(s.get("pc").at(t));
    }

    /**
     * locks.md §8.5 describes the lasso with t1 as the starving thread; t0 and t1 are symmetric but for
     * t0's loopback queue pair, and TLC may return either mirror image, so the victim is found.
     */
    @Test
    void casPutC3LassoOneThreadsRcassKeepFailingWhileTheOtherReacquiresForever() {
        assertStarvationLasso(Variant.CAS_PUT);
    }

    @Test
    @Tag("slow")
    void casRfaaC3LassoOneThreadsRcassKeepFailingWhileTheOtherReacquiresForever() {
        assertStarvationLasso(Variant.CAS_RFAA);
    }

    private static void assertStarvationLasso(Variant v) {
        {
            TlcCounterexample cx = cx(v, Configuration.C3, Property.STARVATION_FREEDOM);
            assertEquals(CounterexampleKind.LASSO, cx.kind());
            assertTrue(cx.loopStart() > 0, "a loop, not a stuttering end");
            List<TlaState> loop = cx.repeating();
            List<String> victims = List.of("t0", "t1").stream()
                    .filter(t -> loop.stream().noneMatch(s -> pc(s, t).equals("cs"))).toList();
            assertEquals(1, victims.size(), v + ": exactly one thread never enters in the loop");
            String victim = victims.get(0);
            String winner = victim.equals("t0") ? "t1" : "t0";
            TlaValue qpKey = new TlaValue.Seq(List.of(new TlaValue.Str(victim), new TlaValue.Int(1)));
            assertTrue(loop.stream().anyMatch(s -> ((TlaValue.Seq) s.get("qp").at(qpKey)).elements().stream()
                    .anyMatch(w -> LockWords.str(w.at("op")).equals("RCAS") && LockWords.str(w.at("st")).equals("A")
                            && w.at("val").asLong() == 1)), v + ": the victim's RCAS executes in the loop and reads L = 1");
            String text = TracePrinter.print(cx);
            String victimAt = victim + "@" + (victim.equals("t0") ? 1 : 2);
            String winnerAt = winner + "@" + (winner.equals("t0") ? 1 : 2);
            assertTrue(text.contains("the loop starts here"), text);
            assertTrue(text.contains("in the loop: ") && text.contains(victimAt + "'s rcas fails")
                    && text.contains(winnerAt + " enters cs"), text);
        }
    }

    @Test
    void naiveMixcasBothThreadsInTheCriticalSection() {
        TlcCounterexample cx = cx(Variant.NAIVE_MIXCAS, Configuration.C1, Property.MUTUAL_EXCLUSION);
        assertEquals(CounterexampleKind.INVARIANT, cx.kind());
        assertEquals("cs", pc(cx.last(), "t0"));
        assertEquals("cs", pc(cx.last(), "t1"));
        String text = TracePrinter.print(cx);
        // the home thread's CPU cas lands between the remote RCAS's atomic read and its write (G12)
        int read = text.indexOf("atomic read of L@1 = 0");
        int cas = text.indexOf("locked cas on L@1 reads 0");
        int write = text.indexOf("remote write L@1 := 1");
        assertTrue(read > 0 && cas > read && write > cas, text);
        assertTrue(text.contains("in the last state: t0@1 in cs; t1@2 in cs"), text);
    }

    /** The bypass trace of each CAS lock in C1, from a TLC run that checks only BoundedBypass. */
    @Test
    void casLocksLetT0EnterTwiceWhileT1Tries() throws InterruptedException {
        LivenessModel model = LivenessModel.bundled();
        LivenessChecker checker = new LivenessChecker(TlcJar.locate(), TlcOptions.defaults());
        for (Variant v : List.of(Variant.CAS_PUT, Variant.CAS_RFAA, Variant.NAIVE_NOGF)) {
            TlcConfig row = model.config(LivenessTable.row(v, Configuration.C1).orElseThrow());
            TlcConfig bypassOnly = model.config(row.name(), row.withChecks(List.of(Property.BOUNDED_BYPASS), List.of(), false));
            assertBypassTwice(v, checker.check(model, bypassOnly, v.lockName() + " C1 bypass")
                    .result(Property.BOUNDED_BYPASS).orElseThrow().counterexample());
        }
    }

    /** The same traces as the C1 rows' own runs (every property, liveness included) find. */
    @Test
    @Tag("slow")
    void casLocksC1RowsLetT0EnterTwiceWhileT1Tries() {
        for (Variant v : List.of(Variant.CAS_PUT, Variant.CAS_RFAA, Variant.NAIVE_NOGF)) {
            assertBypassTwice(v, cx(v, Configuration.C1, Property.BOUNDED_BYPASS));
        }
    }

    private static void assertBypassTwice(Variant v, TlcCounterexample cx) {
        {
            assertEquals(CounterexampleKind.INVARIANT, cx.kind(), v.name());
            assertEquals(2, cx.last().get("byp").at("t1").asLong(), v.name() + ": t1 bypassed twice");
            assertFalse(pc(cx.last(), "t1").equals("cs"), v.name());
            long t0Entries = java.util.stream.IntStream.range(1, cx.states().size())
                    .filter(i -> !pc(cx.states().get(i - 1), "t0").equals("cs") && pc(cx.states().get(i), "t0").equals("cs"))
                    .count();
            assertEquals(2, t0Entries, v.name() + ": t0 enters twice");
            assertTrue(TracePrinter.print(cx).contains("bypasses t1 (t1 bypassed 2 times)"), v.name());
        }
    }

    @Test
    @Tag("slow")
    void casPutC5LostReleaseLeavesTheLockWordAtOneForever() {
        TlcCounterexample cx = cx(Variant.CAS_PUT, Configuration.C5, Property.DEADLOCK_FREEDOM);
        assertEquals(CounterexampleKind.LASSO, cx.kind());
        for (TlaState s : cx.repeating()) {
            assertEquals(1, keyed(s.get("mem"), "L").asLong(), "L = 1 in the loop");
            assertTrue(List.of("t0", "t1").stream().noneMatch(t -> pc(s, t).equals("cs")), "nobody holds the lock");
        }
        assertTrue(TracePrinter.print(cx).contains("fails and writes the old value 1 back"), TracePrinter.print(cx));
    }

    private static TlaValue keyed(TlaValue mem, String kind) {
        return ((TlaValue.Fun) mem).pairs().entrySet().stream().filter(e -> LockWords.str(e.getKey().at("k")).equals(kind))
                .findFirst().orElseThrow().getValue();
    }
}
