package remo.checker.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * Robustness labels of every suite test and the repairs of suite.md §3 (examples/suite/robustness.tsv
 * and repairs.tsv), under rdma-tso-rmw (and rdma-wait-rmw for the repair table).
 */
class RobustnessSuiteTest {
    private static final ModelLibrary LIBRARY = new ModelLibrary();

    private static Path root() {
        return Path.of(System.getProperty("remo.root"));
    }

    private static List<Map<String, String>> tsv(String name) throws Exception {
        List<String> lines = Files.readAllLines(root().resolve("examples/suite").resolve(name), StandardCharsets.UTF_8);
        String[] header = lines.get(0).split("\t");
        List<Map<String, String>> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            if (l.isBlank()) {
                continue;
            }
            String[] c = l.split("\t", -1);
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                m.put(header[i], c[i]);
            }
            rows.add(m);
        }
        return rows;
    }

    static Stream<Arguments> labels() throws Exception {
        return tsv("robustness.tsv").stream().map(r -> Arguments.of(r.get("id"), r.get("state_robust"), r.get("trace_robust")));
    }

    static Stream<Arguments> repairs() throws Exception {
        return tsv("repairs.tsv").stream().map(r -> Arguments.of(r.get("row"), r.get("program"), r.get("notion"),
                r.get("model"), r.get("repair")));
    }

    private static Program program(String id) throws Exception {
        Path p = root().resolve("examples/suite").resolve(id + ".litmus");
        return LitmusParser.read(p, id + ".litmus");
    }

    private static Robustness robustness(String weak) throws Exception {
        CatModel w = LIBRARY.load(weak);
        CatModel s = LIBRARY.load(Robustness.strongCounterpart(weak));
        return new Robustness(w, s, FlagValues.defaults(), CheckOptions.defaults());
    }

    @ParameterizedTest(name = "{0}: state {1}, trace {2}")
    @MethodSource("labels")
    void robustnessLabel(String id, String state, String trace) throws Exception {
        RobustnessReport r = robustness("rdma-tso-rmw").analyse(program(id));
        assertEquals(state.equals("yes"), r.stateRobust(), "state-robust");
        assertEquals(trace.equals("yes"), r.traceRobust(), "trace-robust");
        if (!r.traceRobust()) {
            assertTrue(r.traceViolation() != null && !r.traceCycle().isEmpty(), "a violating execution with its cycle");
        }
    }

    @ParameterizedTest(name = "{0} {1} {2} under {3}")
    @MethodSource("repairs")
    void theRepairOfSuiteSection3(String row, String id, String notion, String model, String expected) throws Exception {
        Program p = program(id);
        Robustness rob = robustness(model);
        if (expected.equals("unsupported")) {
            LitmusException e = assertThrows(LitmusException.class,
                    () -> AxiomaticChecker.check(p, rob.weak(), rob.flags(), CheckOptions.defaults()));
            assertEquals("E-UNSUPPORTED", e.diagnostic().code());
            return;
        }
        List<Notion> notions = notion.equals("both") ? List.of(Notion.STATE, Notion.TRACE)
                : List.of(notion.equals("state") ? Notion.STATE : Notion.TRACE);
        for (Notion n : notions) {
            RepairResult r = new Repair(rob).find(p, n, 3, false);
            assertEquals(expected, r.describe(), n.word());
            if (r.found()) {
                RobustnessReport after = rob.analyse(r.repaired());
                assertTrue(after.robust(n), "the repaired program is robust");
                assertEquals(rob.strongStates(p), rob.strongStates(r.repaired()), "same strong outcome set");
            }
        }
    }
}
