package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.litmus.Program;

/**
 * The x86 corpus (suite.md §5, language.md §10.6): every verdict of EXPECTED.tsv under tso and the
 * RDMA^TSO family; sc and rdma-sc-rmw give the same outcome sets on these CPU-only programs, and so
 * do tso and rdma-tso-rmw (models.md §6.3, fact 3).
 */
class X86CorpusVerdictTest {

    static Stream<Arguments> corpus() {
        List<Map<String, String>> rows = TestFiles.tsv(TestFiles.corpusDir().resolve("EXPECTED.tsv"));
        return rows.stream().map(r -> Arguments.of(r.get("file"), r.get("verdict")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void verdictUnderTsoAndRdmaTso(String file, String verdict) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        assertEquals(verdict, TestFiles.check(p, "tso").verdict().word(), "tso");
        assertEquals(verdict, TestFiles.check(p, "rdma-tso").verdict().word(), "rdma-tso");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void cpuOnlyModelsCoincide(String file, String verdict) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        CheckResult tso = TestFiles.check(p, "tso");
        assertEquals(tso.fullStates(), TestFiles.check(p, "rdma-tso-rmw").fullStates(), "rdma-tso-rmw = tso");
        assertEquals(tso.fullStates(), TestFiles.check(p, "rdma-wait-rmw").fullStates(), "rdma-wait-rmw = tso");
        CheckResult sc = TestFiles.check(p, "sc");
        assertEquals(sc.fullStates(), TestFiles.check(p, "rdma-sc-rmw").fullStates(), "rdma-sc-rmw = sc");
        assertEquals(true, tso.fullStates().containsAll(sc.fullStates()), "sc ⊆ tso");
    }

    @Test
    void a011HasTheTwoStatesHerd7Prints() throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve("herdtools7-x86_64/A011.litmus"));
        CheckResult r = TestFiles.check(p, "tso");
        assertEquals(List.of("1:rax=0; [y]=1;", "1:rax=1; [y]=2;"),
                r.states().keySet().stream().map(s -> s.format(p)).toList());
        assertEquals(2, r.printedPositive());
        assertEquals(0, r.printedNegative());
    }
}
