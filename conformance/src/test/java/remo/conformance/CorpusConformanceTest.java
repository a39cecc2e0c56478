package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.litmus.Program;

/**
 * Conformance on the 161 herd7 x86 corpus tests (CPU only: they exercise the store buffers and the
 * scheduler, nic.md §6.6): every observed state is in the {@code tso} outcome set and every recorded
 * graph is {@code tso}-consistent. 1000 seeds per test by default; 10,000 with
 * {@code -Dremo.nic.full=true} (Maven profile {@code nic-full}).
 */
class CorpusConformanceTest {
    private static final int RUNS = NicTestFiles.full() ? 10_000 : 1000;
    private static final Map<String, int[]> COVERAGE = new ConcurrentHashMap<>();

    static Stream<String> corpus() {
        return NicTestFiles.corpusFiles().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void observedStatesAreAllowedAndTracesConsistent(String file) throws Exception {
        Program p = NicTestFiles.read(NicTestFiles.corpusDir().resolve(file));
        String model = LitmusRunner.conformanceModel(p);
        assertEquals("tso", model, "corpus tests are CPU-only");
        SimulationReport r = LitmusSimulator.simulate(p, NicTestFiles.flags(p), NicTestFiles.model(model),
                NicTestFiles.model(model), LitmusSimulator.Options.deterministic(RUNS, 0));
        assertTrue(r.ok(), r.format());
        assertEquals(RUNS, r.completed(), "every run of a CPU-only test completes");
        assertEquals(RUNS, r.tracesChecked());
        COVERAGE.put(file, new int[] {r.coveredStates(), r.allowedStates().size()});
    }

    @AfterAll
    static void coverageSummary() {
        int covered = 0;
        int allowed = 0;
        int complete = 0;
        for (int[] c : COVERAGE.values()) {
            covered += c[0];
            allowed += c[1];
            complete += c[0] == c[1] ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "corpus coverage (%d runs per test): %d/%d allowed states observed; %d/%d tests fully "
                + "covered%n", RUNS, covered, allowed, complete, COVERAGE.size());
    }
}
