package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The runner can fail: the weak ticket lock without the {@code wait} after its RFAA (the ticket is
 * loaded before the RFAA's result lands, locks.md §9 NAIVE-NOWAIT) violates MutualExclusion, which locks.md §8.5
 * expects to hold for WTL in C1.
 */
class BrokenVariantTest {

    static final String WAIT_AFTER_RFAA = "/\\ pc[t] = \"dwait\" /\\ WaitDone(t, \"wa\")";

    @Test
    void wlockWithoutTheWaitAfterTheRfaaViolatesMutualExclusion() throws InterruptedException {
        String spec = LivenessModel.bundled().spec();
        assertTrue(spec.contains(WAIT_AFTER_RFAA), "the model has the wait step this test removes");
        LivenessModel broken = LivenessModel.of(spec.replace(WAIT_AFTER_RFAA, "/\\ pc[t] = \"dwait\""));
        LivenessTable.Row row = LivenessTable.row(Variant.WTL, Configuration.C1).orElseThrow();
        String cfg = LivenessModel.bundled().config(row).text()
                .replace("INVARIANTS MutualExclusion BoundedBypass", "INVARIANTS MutualExclusion")
                .replace("PROPERTIES DeadlockFreedom StarvationFreedom Termination\n", "");
        LivenessResult r = new LivenessChecker(TlcJar.locate(), TlcOptions.defaults())
                .check(broken, broken.config("wlock-C1-nowait.cfg", cfg), "wlock C1 without the wait");
        PropertyResult me = r.result(Property.MUTUAL_EXCLUSION).orElseThrow();
        assertEquals(PropertyResult.Outcome.VIOLATED, me.outcome());
        assertEquals(CounterexampleKind.INVARIANT, me.counterexample().kind());
        assertFalse(row.cell(Property.MUTUAL_EXCLUSION).orElseThrow().matches(me), "section 8.5 expects it to hold");
        TlaState last = me.counterexample().last();
        assertEquals(0, last.get("my").at("t0").asLong(), "both threads hold ticket 0");
        assertEquals(0, last.get("my").at("t1").asLong(), "both threads hold ticket 0");
    }
}
