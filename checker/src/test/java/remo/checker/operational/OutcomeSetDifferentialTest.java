package remo.checker.operational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;

/**
 * Comparison 1 and 3 of operational.md §8.2: the final states reachable by the machines equal the
 * outcome sets {@code FS_M(P)} of the axiomatic engine, on the x86 corpus (tso, sc), on every suite
 * test under every model that accepts it, and on the suite under each single flag change under
 * {@code rdma-tso-rmw} (and {@code rdma-sc-rmw}, for the atomic machine); comparison 4 (inclusion);
 * and the |FS| column of {@code examples/suite/expected.tsv}.
 */
class OutcomeSetDifferentialTest {

    static Stream<String> corpus() {
        return Engines.corpusFiles().stream();
    }

    static Stream<Arguments> suiteUnderEveryModel() {
        return Engines.suiteRows().stream().flatMap(r -> Engines.MODELS.stream().map(m -> Arguments.of(r.get("id"), m,
                Engines.accepts(r, m))));
    }

    static Stream<String> suite() {
        return Engines.suiteIds().stream();
    }

    static Stream<Arguments> suiteSizes() {
        return Engines.suiteRows().stream().map(r -> Arguments.of(r.get("id"), r.get("fs_weak"), r.get("fs_sc")));
    }

    private static void assertSameOutcomes(Program p, String model, FlagValues flags) throws Exception {
        CheckResult a = Engines.axiomatic(p, model, flags, CheckOptions.defaults());
        CheckResult o = Engines.operational(p, model, flags, CheckOptions.defaults());
        assertEquals(a.fullStates(), o.fullStates(), () -> p.name() + " under " + model + " with " + flags + ": "
                + Engines.difference(p, a.fullStates(), o.fullStates()));
        assertEquals(a.verdict(), o.verdict(), p.name() + " verdict");
        assertEquals(a.ok(), o.ok(), p.name() + " Ok");
        assertEquals(a.observation(), o.observation(), p.name() + " observation");
        assertEquals(a.states().keySet(), o.states().keySet(), p.name() + " projected states");
        assertEquals(a.warnings(), o.warnings(), p.name() + " warnings");
        assertTrue(!o.partial(), "no limit was set");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void corpusUnderTsoAndSc(String file) throws Exception {
        Program p = Engines.corpus(file);
        assertSameOutcomes(p, "tso", Engines.baseFlags(p));
        assertSameOutcomes(p, "sc", Engines.baseFlags(p));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("suiteUnderEveryModel")
    void suiteUnderEveryModel(String id, String model, boolean accepted) throws Exception {
        Program p = Engines.suite(id);
        if (accepted) {
            assertSameOutcomes(p, model, Engines.baseFlags(p));
        } else {
            LitmusException e = assertThrows(LitmusException.class,
                    () -> Engines.operational(p, model, Engines.baseFlags(p), CheckOptions.defaults()));
            assertEquals("E-UNSUPPORTED", e.diagnostic().code());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void suiteUnderEverySingleFlagChange(String id) throws Exception {
        Program p = Engines.suite(id);
        for (FlagValues flags : Engines.singleFlagSettings(p)) {
            assertSameOutcomes(p, "rdma-tso-rmw", flags);
            assertSameOutcomes(p, "rdma-sc-rmw", flags);
            CheckResult weak = Engines.operational(p, "rdma-tso-rmw", flags, CheckOptions.defaults());
            CheckResult strong = Engines.operational(p, "rdma-sc-rmw", flags, CheckOptions.defaults());
            assertTrue(weak.fullStates().containsAll(strong.fullStates()),
                    () -> id + " with " + flags + ": FS_rdma-sc-rmw ⊆ FS_rdma-tso-rmw");
        }
    }

    @ParameterizedTest(name = "{0}: |FS| {1} / {2}")
    @MethodSource("suiteSizes")
    void outcomeSetSizesOfTheSuiteTable(String id, String fsWeak, String fsSc) throws Exception {
        Program p = Engines.suite(id);
        FlagValues flags = Engines.baseFlags(p);
        Map<String, String> expected = Map.of("rdma-tso-rmw", fsWeak, "rdma-sc-rmw", fsSc);
        for (Map.Entry<String, String> e : expected.entrySet()) {
            assertEquals(Integer.parseInt(e.getValue()),
                    Engines.operational(p, e.getKey(), flags, CheckOptions.defaults()).fullStates().size(),
                    "|FS| " + e.getKey());
        }
    }
}
