package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.litmus.Program;
import remo.models.CatModel;

/**
 * herd7's own {@code x86tso.cat} and {@code x86tso-mixed.cat} and Dartagnan's {@code tso.cat},
 * loaded unchanged from {@code testdata/cat/} (with their own includes and standard
 * libraries), give every verdict of EXPECTED.tsv and exactly the final states of the bundled
 * {@code tso}; herd7's {@code sc.cat} gives those of the bundled {@code sc}.
 */
class HerdModelsCorpusTest {

    static Stream<Arguments> corpus() {
        List<Map<String, String>> rows = TestFiles.tsv(TestFiles.corpusDir().resolve("EXPECTED.tsv"));
        return rows.stream().map(r -> Arguments.of(r.get("file"), r.get("verdict")));
    }

    private static String catFile(String relative) {
        return TestFiles.corpusDir().resolve("../cat").resolve(relative).normalize().toString();
    }

    private static CheckResult check(Program p, String model) throws Exception {
        CatModel m = TestFiles.model(catFile(model));
        assertEquals(CatModel.Vocabulary.HERD, m.vocabulary(), model);
        return AxiomaticChecker.check(p, m, remo.core.FlagValues.defaults(), CheckOptions.defaults());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void herdAndDartagnanTsoModelsAgreeWithTheBundledTso(String file, String verdict) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        CheckResult tso = TestFiles.check(p, "tso");
        for (String model : List.of("herdtools7/x86tso.cat", "herdtools7/x86tso-mixed.cat", "dat3m/tso.cat")) {
            CheckResult r = check(p, model);
            assertEquals(verdict, r.verdict().word(), model);
            assertEquals(tso.fullStates(), r.fullStates(), model + " = tso");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void herdScAgreesWithTheBundledSc(String file, String verdict) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        assertEquals(TestFiles.check(p, "sc").fullStates(), check(p, "herdtools7/sc.cat").fullStates());
    }
}
