package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.gen.StoreSequence;

/**
 * The benchmarks of issue 13 are decided exactly and output-sensitively: the lock harnesses of
 * locks.md §7.4/§7.5 (the generated files of {@code examples/locks} and {@code examples/locks-bench},
 * read by path: module {@code locks} generates them, the checker does not depend on it) are Forbidden under {@code rdma-wait-rmw} and
 * {@code rdma-sc-rmw} with complete executions (locks.md §7.4 Corrections), checking at most 4 complete
 * candidates per consistent one; a thread of stores is one execution and one candidate.
 */
class PerfHarnessTest {

    /** The generated harness file {@code harness}: a locks.md §7.5 benchmark harness (3T2A) or a locks.md §7.4 one. */
    static java.nio.file.Path harnessFile(String harness) {
        return TestFiles.root().resolve((harness.contains("3T2A") ? "examples/locks-bench/" : "examples/locks/") + harness + ".litmus");
    }

    private static CheckResult check(String harness, String model, long maxBlocked) throws Exception {
        Program p = TestFiles.read(harnessFile(harness));
        return AxiomaticChecker.check(p, TestFiles.model(model), FlagValues.defaults().withAll(p.flags()),
                CheckOptions.defaults().withMaxBlocked(maxBlocked));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({
        "C-ME-2ACQ, rdma-wait-rmw", "S-ME-2ACQ, rdma-wait-rmw", "W-ME-2ACQ, rdma-wait-rmw", "Wgf-ME-2ACQ, rdma-wait-rmw",
        "C-ME-2ACQ, rdma-sc-rmw", "S-ME-2ACQ, rdma-sc-rmw", "W-ME-2ACQ, rdma-sc-rmw", "Wgf-ME-2ACQ, rdma-sc-rmw",
    })
    void lockHarnessesAreForbiddenWithCompleteExecutions(String harness, String model) throws Exception {
        assertForbiddenWithCompleteExecutions(harness, model);
    }

    /**
     * The locks.md §7.5 benchmark harnesses: 10–30 s each on a quiet machine under {@code rdma-wait-rmw} with
     * the default blocked limit, a few seconds under {@code rdma-sc-rmw}; their verdicts under both
     * models are default tests of module {@code locks} ({@code HarnessVerdictTest}), so here they stay
     * in the slow profile.
     */
    @Tag("slow")
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({
        "C-ME-3T2A, rdma-wait-rmw", "S-ME-3T2A, rdma-wait-rmw", "C-ME-3T2A, rdma-sc-rmw", "S-ME-3T2A, rdma-sc-rmw",
    })
    void benchmarkHarnessesAreForbiddenWithCompleteExecutions(String harness, String model) throws Exception {
        assertForbiddenWithCompleteExecutions(harness, model);
    }

    private static void assertForbiddenWithCompleteExecutions(String harness, String model) throws Exception {
        CheckResult r = check(harness, model, 2000);
        assertEquals(null, r.partialReason());
        assertEquals(Verdict.FORBIDDEN, r.verdict());
        assertEquals(0, r.positive());
        assertTrue(r.negative() > 0, "no complete execution");
        assertTrue(r.statistics().complete() <= 4 * r.statistics().consistent(), r.statistics().toString());
        for (FinalState s : r.states().keySet()) {
            assertEquals(harness.contains("3T2A") ? "C=6;" : "C=4;", s.format(r.program()));
        }
    }

    @ParameterizedTest(name = "{0} stores")
    @ValueSource(ints = {400})
    void aThreadOfStoresIsOneCandidate(int n) throws Exception {
        assertOneCandidate(n);
    }

    /** 2000 stores: a few seconds. */
    @Tag("slow")
    @ParameterizedTest(name = "{0} stores")
    @ValueSource(ints = {2000})
    void aLongThreadOfStoresIsOneCandidate(int n) throws Exception {
        assertOneCandidate(n);
    }

    private static void assertOneCandidate(int n) throws Exception {
        for (String model : new String[] {"tso", "sc"}) {
            CheckResult r = AxiomaticChecker.check(StoreSequence.program(n), TestFiles.model(model), FlagValues.defaults(),
                    CheckOptions.defaults());
            assertEquals(1, r.positive());
            assertEquals(0, r.negative());
            assertEquals(1, r.statistics().complete());
            assertEquals(0, r.statistics().pruned());
            assertEquals("[x]=" + n + ";", r.states().keySet().iterator().next().format(r.program()));
        }
    }

    @org.junit.jupiter.api.Test
    void theBlockedCountStopsAtItsLimitWithEveryState() throws Exception {
        CheckResult all = check("C-ME-2ACQ", "rdma-wait-rmw", 0);
        CheckResult cut = check("C-ME-2ACQ", "rdma-wait-rmw", 100);
        assertNull(all.statistics().blockedLimit());
        assertEquals(892, all.blocked(), "the plain enumeration's count (ExplorationDifferentialSlowTest)");
        assertNotNull(cut.statistics().blockedLimit());
        assertEquals(100, cut.blocked());
        assertEquals(all.states(), cut.states());
        assertEquals(all.positive(), cut.positive());
        assertEquals(all.negative(), cut.negative());
        assertNull(cut.partialReason(), "every state was found");
        // a limit on explored candidates that strikes while blocked candidates are counted is reported likewise
        CheckResult limited = AxiomaticChecker.check(all.program(), TestFiles.model("rdma-wait-rmw"), FlagValues.defaults(),
                CheckOptions.defaults().withMaxExecutions(all.explored() - 10));
        assertNull(limited.partialReason());
        assertTrue(limited.statistics().blockedLimit().contains("--max-executions"), limited.statistics().blockedLimit());
        assertEquals(all.states(), limited.states());
    }
}
