package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.loco.lin.HistoryCall;
import remo.loco.lin.LinResult;
import remo.loco.lin.MapOp;
import remo.loco.lin.LinearizabilityVerdict;
import remo.loco.runs.AtomicVarRun;
import remo.loco.runs.KvStoreRun;
import remo.loco.runs.RunOutcome;
import remo.loco.runs.RunSummary;
import remo.nic.NicConfig;

/**
 * The required linearizability runs of loco.md §4.10 for KvStore and AtomicVar, and the two
 * negative controls. The full deterministic runs (500 seeds) and 17 of the 20 concurrent runs
 * are tagged slow; the default build runs the first 50 seeds and the first 3 concurrent runs.
 */
class RequiredRunsTest {

    private static void allLinearizable(RunSummary s, long runs) {
        assertEquals(runs, s.runs());
        assertEquals(runs, s.linearizable(), () -> s.line() + (s.firstFailure() == null ? ""
                : "\n" + s.firstFailure().report().firstFailure()));
    }

    /** Seeds past 64 bits used to wrap (S..S+N-1 became S..MIN_VALUE) and run nothing: 0/0 reported as a pass. */
    @Test
    void aSeriesPastSixtyFourBitsIsRefusedNotRunEmpty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunSummary.of("AtomicVar", AtomicVarRun.deterministic()::run, Long.MAX_VALUE, 2, false));
        assertTrue(e.getMessage().endsWith("the largest seed for 2 runs is 9223372036854775806"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> RunSummary.of("AtomicVar", AtomicVarRun.deterministic()::run, 0, 0, false));
    }

    @Test
    void theTopSeedsOfTheRangeAreAllRun() {
        List<Long> seen = new java.util.ArrayList<>();
        AtomicVarRun cfg = AtomicVarRun.deterministic();
        RunSummary s = RunSummary.of("AtomicVar", seed -> {
            seen.add(seed);
            return cfg.run(seed);
        }, Long.MAX_VALUE - 1, 2, false);
        assertEquals(List.of(Long.MAX_VALUE - 1, Long.MAX_VALUE), seen);
        allLinearizable(s, 2);
        assertTrue(s.passed());
    }

    @Test
    void aSeriesThatCheckedNothingOrNotAllHasNotPassed() {
        assertFalse(new RunSummary("AtomicVar", 0, 0, 0, 0, null, 0, 0).passed());
        assertFalse(new RunSummary("AtomicVar", 3, 2, 1, 0, null, 0, 0).passed());
        assertTrue(new RunSummary("AtomicVar", 3, 3, 0, 0, null, 0, 0).passed());
    }

    @Test
    void kvStoreDeterministicFirstFiftySeeds() {
        KvStoreRun cfg = KvStoreRun.deterministic();
        RunSummary s = RunSummary.of("KvStore", cfg::run, 0, 50, false);
        allLinearizable(s, 50);
        assertEquals("KvStore: 50/50 histories linearizable", s.line());
    }

    @Tag("slow")
    @Test
    void kvStoreDeterministicRequiredRun() {
        allLinearizable(RunSummary.of("KvStore", KvStoreRun.deterministic()::run, 0, 500, false), 500);
    }

    /** The first 3 of the 20 concurrent runs (4 nodes × 4 threads × 1000 calls); the slow profile runs the other 17. */
    @Test
    void kvStoreConcurrentFirstRuns() {
        KvStoreRun cfg = KvStoreRun.concurrent();
        allLinearizable(RunSummary.of("KvStore", cfg::run, 0, 3, false), 3);
    }

    @Tag("slow")
    @Test
    void kvStoreConcurrentRequiredRunOtherRuns() {
        KvStoreRun cfg = KvStoreRun.concurrent();
        allLinearizable(RunSummary.of("KvStore", cfg::run, 3, 17, false), 17);
    }

    @Test
    void kvStoreOnTheOtherFlagsAndRandomIntraRequestOrder() {
        for (NicConfig config : List.of(NicConfig.defaults().with("GG_REMOTE_ORDER", "OFF"),
                NicConfig.defaults().with("FAILED_RCAS_WRITES", "YES"),
                NicConfig.defaults().withIntraRequestOrder(NicConfig.IntraRequestOrder.RANDOM))) {
            KvStoreRun cfg = KvStoreRun.deterministic().with(config);
            allLinearizable(RunSummary.of("KvStore", cfg::run, 0, 20, false), 20);
        }
    }

    @Test
    void atomicVarDeterministicFirstFiftySeeds() {
        allLinearizable(RunSummary.of("AtomicVar", AtomicVarRun.deterministic()::run, 0, 50, false), 50);
    }

    @Tag("slow")
    @Test
    void atomicVarDeterministicRequiredRun() {
        allLinearizable(RunSummary.of("AtomicVar", AtomicVarRun.deterministic()::run, 0, 500, false), 500);
    }

    @Test
    void atomicVarConcurrentFirstRuns() {
        allLinearizable(RunSummary.of("AtomicVar", AtomicVarRun.concurrent()::run, 0, 3, false), 3);
    }

    @Tag("slow")
    @Test
    void atomicVarConcurrentRequiredRunOtherRuns() {
        allLinearizable(RunSummary.of("AtomicVar", AtomicVarRun.concurrent()::run, 3, 17, false), 17);
    }

    /** Seeds until the control's first non-linearizable history, at most 10 000 (loco.md §4.10). */
    private static RunOutcome<Long, MapOp> control(KvStore.Testing hooks) {
        KvStoreRun cfg = KvStoreRun.deterministic().with(hooks);
        RunSummary s = RunSummary.of("KvStore", cfg::run, 0, 10_000, true);
        assertEquals(1, s.failures(), hooks + ": no violation within 10 000 seeds");
        @SuppressWarnings("unchecked")
        RunOutcome<Long, MapOp> o = (RunOutcome<Long, MapOp>) s.firstFailure();
        System.out.println("control " + hooks + ": first non-linearizable history at seed " + o.seed() + " (after "
                + s.runs() + " seeds)");
        return o;
    }

    @Test
    void withoutTheVersionCheckAGetReturnsATornValue() {
        RunOutcome<Long, MapOp> o = control(KvStore.Testing.disableVersionCheck());
        Map.Entry<Long, LinResult<MapOp>> f = o.report().firstFailure();
        assertNotNull(f);
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, f.getValue().verdict());
        assertTrue(f.getValue().reason().startsWith("torn read") || f.getValue().reason().startsWith("no linearization"),
                f.getValue().reason());
    }

    @Test
    void withoutTheLockTwoWritersLoseAnUpdate() {
        RunOutcome<Long, MapOp> o = control(KvStore.Testing.disableLock());
        Map.Entry<Long, LinResult<MapOp>> f = o.report().firstFailure();
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, f.getValue().verdict());
        KvStoreRun cfg = KvStoreRun.deterministic();
        List<HistoryCall<MapOp>> small = cfg.shrink(f.getValue().calls());
        assertTrue(small.size() < f.getValue().calls().size(), "shrunk from " + f.getValue().calls().size());
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, cfg.check().check(small).verdict());
        System.out.println("control disableLock, seed " + o.seed() + ", shrunk from " + f.getValue().calls().size()
                + " to " + small.size() + " calls:\n" + KvStoreRun.table(small));
    }
}
