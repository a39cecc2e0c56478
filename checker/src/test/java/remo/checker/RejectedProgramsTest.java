package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.models.ModelLibrary;

/**
 * The rejected programs of suite.md §4 ({@code examples/errors}): each gives exactly the expected
 * diagnostic line, through the whole pipeline (parse, validate, model support).
 */
class RejectedProgramsTest {

    static Stream<Arguments> diagnostics() {
        return TestFiles.tsv(TestFiles.errorsDir().resolve("expected.tsv")).stream()
                .filter(r -> !r.get("kind").equals("runs"))
                .map(r -> Arguments.of(r.get("file"), r.get("model"), r.get("kind"), r.get("expected")));
    }

    private static TestOutcome run(String file, String model) {
        TestRunner runner = new TestRunner(new ModelLibrary(), model.equals("*") ? null : model, Map.of(),
                CheckOptions.defaults(), AxiomaticChecker::check);
        Path p = TestFiles.errorsDir().resolve(file);
        return runner.run(p, file);
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("diagnostics")
    void exactDiagnostic(String file, String model, String kind, String expected) {
        TestOutcome o = run(file, model);
        if (kind.equals("error")) {
            assertNotNull(o.error(), "expected an error");
            assertEquals(expected, o.error().format());
            assertFalse(o.ran());
        } else {
            assertTrue(o.warnings().stream().anyMatch(w -> w.format().equals(expected)), () -> "warnings: " + o.warnings());
        }
    }

    @Test
    void x16RunsUnderRdmaTsoRmwAndIsAlwaysTrue() {
        TestOutcome o = run("X16.litmus", "rdma-tso-rmw");
        assertTrue(o.ran());
        assertEquals(Verdict.ALLOWED, o.result().verdict());
        assertEquals(Observation.ALWAYS, o.result().observation());
    }

    @Test
    void x17BlocksEveryExecution() {
        TestOutcome o = run("X17.litmus", "rdma-tso-rmw");
        assertTrue(o.ran());
        assertEquals(0, o.result().states().size());
        assertFalse(o.result().ok());
        assertEquals(Verdict.FORBIDDEN, o.result().verdict());
        assertTrue(o.result().noCompleteExecution());
        assertTrue(o.result().blocked() > 0);
    }

    @Test
    void v3WarnsAboutTheVacuousWait() {
        TestRunner runner = new TestRunner(new ModelLibrary(), null, Map.of(), CheckOptions.defaults(), AxiomaticChecker::check);
        TestOutcome o = runner.run(TestFiles.suiteDir().resolve("V3.litmus"), "V3.litmus");
        assertEquals("V3.litmus:6:2: warning[W-WAIT-VACUOUS]: wait d of P0 covers no earlier operation and returns at once",
                o.warnings().get(0).format());
    }
}
