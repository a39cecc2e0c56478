package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.models.algebra.Relation;

/** Fixed-graph mode agrees with the enumerator on every candidate it produced. */
class GraphCheckTest {

    @ParameterizedTest
    @ValueSource(strings = {"L01", "C01", "L07", "W1", "W10", "V1", "B5"})
    void everyCandidateIsJudgedAsTheEnumeratorJudgedIt(String id) throws Exception {
        Program p = TestFiles.read(TestFiles.suiteDir().resolve(id + ".litmus"));
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("rdma-tso-rmw"), FlagValues.defaults(),
                CheckOptions.defaults().collecting(CheckOptions.Collect.ALL, 100_000));
        assertFalse(r.executions().isEmpty());
        int forbidden = 0;
        for (Execution x : r.executions()) {
            GraphCheck.Verdict v = GraphCheck.check(x, TestFiles.model("rdma-tso-rmw"));
            assertTrue(v.wellFormed(), () -> v.problems().toString());
            assertEquals(x.consistent(), v.consistent());
            assertEquals(x.failedCheck(), v.failedCheck());
            if (!v.consistent()) {
                forbidden++;
                assertFalse(v.cycle().isEmpty(), "a failing check comes with its cycle or pair");
            }
        }
        if (r.verdict() == Verdict.FORBIDDEN && p.quantifier() == remo.litmus.Quantifier.EXISTS) {
            assertTrue(forbidden > 0);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"L01"})
    void aReadWithoutSourceIsIllFormed(String id) throws Exception {
        Program p = TestFiles.read(TestFiles.suiteDir().resolve(id + ".litmus"));
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(),
                CheckOptions.defaults().collecting(CheckOptions.Collect.ALLOWED, 1));
        Execution x = r.executions().get(0);
        GraphCheck.Verdict v = GraphCheck.check(x.structure(), TestFiles.model("tso"), FlagValues.defaults(), x.values(),
                x.exists(), Relation.empty(x.structure().size()), x.co(), x.rao());
        assertFalse(v.wellFormed());
        assertEquals(2, v.problems().stream().filter(s -> s.contains("rf sources")).count(), v.problems().toString());
        assertEquals(List.of(), v.cycle());
    }
}
