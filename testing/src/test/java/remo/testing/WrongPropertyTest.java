package remo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import remo.litmus.LitmusParser;
import remo.litmus.ProgramPrinter;
import remo.litmus.Program;
import remo.litmus.gen.ProgramNormalizer;
import remo.testing.fixtures.EveryProgramIsRobust;

/**
 * Issue 18, done-when 2: the deliberately wrong property "every program is robust"
 * ({@link EveryProgramIsRobust}) fails with a shrunk program of a handful of instructions, its seed
 * and a {@code ./remo check} line; re-running with the printed seed fails the same way.
 */
class WrongPropertyTest {
    static final String SHRUNK = """
            RDMA gen-7-0
            "Random program 0 of seed 7"
            {
              x1@1 = 0; y3@1 = 0;
            }
             P0@1         ;
             put x1@1, y3 ;
             y3 = 1       ;
            locations [x1; y3]
            exists (true)
            """;

    static EngineExecutionResults run(Class<?> fixture, Map<String, String> parameters) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).configurationParameters(parameters)
                .execute();
    }

    static Throwable onlyFailure(EngineExecutionResults results) {
        List<Event> failed = results.testEvents().failed().list();
        assertEquals(1, failed.size(), "exactly one failing try");
        return failed.get(0).getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    }

    @Test
    void theWrongPropertyFailsWithAShrunkProgramAndReproducesFromItsSeed() throws Exception {
        EngineExecutionResults first = run(EveryProgramIsRobust.class, Map.of());
        PropertyFailedError e = assertInstanceOf(PropertyFailedError.class, onlyFailure(first));
        System.out.println(e.getMessage());
        assertEquals(7, e.seed());
        assertEquals(0, e.index(), "draw 0 of seed 7 already falsifies it");
        // the shrunk program: a put that reads y3 late, after the store to it (x1 = 1 under
        // rdma-tso-rmw, not under rdma-sc-rmw)
        assertEquals(SHRUNK, ProgramPrinter.print(e.shrunk()));
        assertEquals(2, e.shrunk().instructionCount());
        assertEquals(5, e.original().instructionCount());
        assertEquals(7, e.shrinkSteps());
        assertEquals(21, e.shrinkRuns());
        String text = e.getMessage();
        assertTrue(text.contains("seed 7"), text);
        assertTrue(text.contains("Shrunk in 7 steps (21 re-runs of the property) from 2 threads and 5 instructions to "
                + "1 thread and 2 instructions."), text);
        assertTrue(text.contains("not state-robust: 2 final states under rdma-tso-rmw, 1 under rdma-sc-rmw"), text);
        assertTrue(text.contains(e.checkCommand()), text);
        assertTrue(e.checkCommand().startsWith("./remo check --model rdma-tso-rmw /"), e.checkCommand());
        assertTrue(e.checkCommand().endsWith(e.failureFile().toString()));
        Program written = LitmusParser.read(e.failureFile(), e.failureFile().toString());
        assertTrue(ProgramNormalizer.equalIgnoringSource(e.shrunk(), written), "the file holds the shrunk program");
        // the file alone reproduces the failure: not state-robust, 2 final states against 1
        var fromFile = Checker.of("rdma-tso-rmw").robustness(written);
        assertFalse(fromFile.stateRobust());
        assertEquals(2, fromFile.weakStates().size());
        assertEquals(1, fromFile.strongStates().size());
        // "Check it" shows those states: the written file lists every location (it printed empty
        // state lines when the shrunk condition was exists (true))
        var printed = Checker.of("rdma-tso-rmw").check(written).outcome().states().keySet();
        assertEquals("[x1=0; y3=1;, x1=1; y3=1;]", printed.stream().map(Object::toString).sorted().toList().toString());
        assertTrue(text.contains(e.rerunCommand()) && e.rerunCommand().endsWith("-Dremo.seed=7"), e.rerunCommand());
        // no further tries after the failure
        assertEquals(e.index() + 1, first.testEvents().started().count());
        assertEquals(e.index(), first.testEvents().succeeded().count() + first.testEvents().aborted().count());

        String file = Files.readString(e.failureFile(), StandardCharsets.UTF_8);
        PropertyFailedError again = assertInstanceOf(PropertyFailedError.class,
                onlyFailure(run(EveryProgramIsRobust.class, Map.of("remo.seed", Long.toString(e.seed())))));
        assertEquals(e.getMessage(), again.getMessage(), "the same report, byte for byte");
        assertEquals(e.index(), again.index());
        assertEquals(file, Files.readString(again.failureFile(), StandardCharsets.UTF_8));
        assertEquals(SHRUNK, file);
    }
}
