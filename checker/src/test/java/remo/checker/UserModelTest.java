package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * A user's model loaded by path (examples/models/x86tso-herd-style.cat, herd7's x86tso structure
 * within the cat subset) gives the corpus verdicts and the same outcome sets as the bundled tso.
 */
class UserModelTest {
    private static CatModel herdStyle;

    @BeforeAll
    static void load() throws Exception {
        herdStyle = new ModelLibrary().load(TestFiles.root().resolve("examples/models/x86tso-herd-style.cat").toString());
    }

    static Stream<Arguments> corpus() {
        return TestFiles.tsv(TestFiles.corpusDir().resolve("EXPECTED.tsv")).stream()
                .map(r -> Arguments.of(r.get("file"), r.get("verdict")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void herdStyleModelAgreesWithTso(String file, String verdict) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        CheckResult r = AxiomaticChecker.check(p, herdStyle, FlagValues.defaults(), CheckOptions.defaults());
        assertEquals(verdict, r.verdict().word());
        assertEquals(TestFiles.check(p, "tso").fullStates(), r.fullStates());
    }
}
