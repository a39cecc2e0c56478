package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.core.FlagValues;
import remo.litmus.Program;

/**
 * Early pruning (issue 2: "a partial candidate that already violates an acyclicity or emptiness
 * check is abandoned before its remaining choices are enumerated") changes no result, and on tests
 * with many coherence orders it explores fewer candidates than generating every order and
 * filtering.
 */
class PruningTest {

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({
        "dat3m-x86/pso.litmus, tso",
        "dat3m-x86/pso.litmus, sc",
        "dat3m-x86/iwp2.6.litmus, tso",
        "dat3m-x86/n4.litmus, tso",
        "dat3m-x86/pso.litmus, rdma-tso",
        "dat3m-x86/iwp2.6.litmus, sc",
    })
    void pruningKeepsResultsAndSavesWork(String file, String model) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        CheckResult pruned = AxiomaticChecker.check(p, TestFiles.model(model), FlagValues.defaults(), CheckOptions.defaults());
        CheckResult full = AxiomaticChecker.check(p, TestFiles.model(model), FlagValues.defaults(),
                CheckOptions.defaults().withPrune(false));
        assertEquals(full.states(), pruned.states());
        assertEquals(full.fullStates(), pruned.fullStates());
        assertEquals(full.positive(), pruned.positive());
        assertEquals(full.negative(), pruned.negative());
        assertTrue(pruned.explored() < full.explored(),
                "pruning explored " + pruned.explored() + " candidates, exhaustive enumeration " + full.explored());
    }
}
