package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLC's distributed mode (a TLCServer and local TLCWorker JVMs on loopback) gives the same
 * invariant results as one TLC, and reports temporal properties as not checked because it ignores
 * them.
 */
class DistributedTest {
    private static final TlcOptions TWO_WORKERS = TlcOptions.defaults().withWorkers(2)
            .withTimeout(Duration.ofSeconds(300)).withDistributed("127.0.0.1", 0);
    /** The default build's run: a server and one worker (two JVMs per TLC run instead of three). */
    private static final TlcOptions ONE_WORKER = TWO_WORKERS.withWorkers(1);

    @Test
    void naiveMixcasViolatesMutualExclusionAsInOneTlc() throws InterruptedException {
        LivenessResult r = sameInvariantResults(Variant.NAIVE_MIXCAS, ONE_WORKER);
        TlcCounterexample cx = r.result(Property.MUTUAL_EXCLUSION).orElseThrow().counterexample();
        assertFalse(cx.fromStart(), "the server prints only the last steps");
        assertEquals("cs", LockWords.str(cx.last().get("pc").at("t0")));
        assertEquals("cs", LockWords.str(cx.last().get("pc").at("t1")));
        assertTrue(TracePrinter.print(cx).contains("TLC's distributed mode printed only the last"));
        assertNull(r.deadlock(), "no deadlock");
    }

    @Test
    @Tag("slow")
    void casPutC1AsInOneTlc() throws InterruptedException {
        sameInvariantResults(Variant.CAS_PUT, TWO_WORKERS);
    }

    private static LivenessResult sameInvariantResults(Variant v, TlcOptions options) throws InterruptedException {
        LivenessTable.Row row = LivenessTable.row(v, Configuration.C1).orElseThrow();
        LivenessResult distributed = new LivenessChecker(TlcJar.locate(), options).check(row);
        LivenessResult local = RowResults.of(v, Configuration.C1);
        for (PropertyResult p : distributed.results()) {
            if (p.temporal()) {
                assertEquals(PropertyResult.Outcome.NOT_CHECKED, p.outcome(), row.name() + " " + p.property());
            } else {
                PropertyResult l = local.result(p.property()).orElseThrow();
                assertEquals(l.outcome(), p.outcome(), row.name() + " " + p.property());
                if (p.counterexample() != null) {
                    assertEquals(l.counterexample().kind(), p.counterexample().kind());
                }
            }
        }
        return distributed;
    }

    /** The evidence for docs/liveness.md's "temporal properties: not checked" (a server run and a liveness row: slow). */
    @Test
    @Tag("slow")
    void tlcsServerIgnoresATemporalPropertyThatOneTlcRefutes(@TempDir Path dir) throws Exception {
        LivenessTable.Row row = LivenessTable.row(Variant.CAS_PUT, Configuration.C3).orElseThrow();
        TlcConfig c = LivenessModel.bundled().config(row);
        Files.writeString(dir.resolve(LivenessModel.MODULE + ".tla"), LivenessModel.bundled().spec());
        Files.writeString(dir.resolve("sf.cfg"), c.withChecks(List.of(), List.of(Property.STARVATION_FREEDOM), true));
        TlcReport server = DistributedTlc.run(TlcJar.locate(), dir, "sf.cfg", "sf.cfg", true, TWO_WORKERS,
                Deadline.after(Duration.ofSeconds(300)), "clock-put C3 StarvationFreedom", CounterexampleKind.LASSO);
        assertEquals(TlcReport.Verdict.NO_ERROR, server.verdict(), "the server says no error although the property is violated");
        assertEquals(PropertyResult.Outcome.VIOLATED,
                RowResults.of(Variant.CAS_PUT, Configuration.C3).result(Property.STARVATION_FREEDOM).orElseThrow().outcome());
        assertEquals(RowResults.of(Variant.CAS_PUT, Configuration.C3).distinctStates(), server.statistics().distinct(),
                "the same state space");
    }
}
