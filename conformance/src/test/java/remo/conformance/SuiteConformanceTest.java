package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.Program;

/**
 * Conformance on the regression suite (nic.md §10 T2–T4, T8; operational.md §8.4): in deterministic
 * mode with fixed seeds, every observed final state is in the outcome set of the test's model, every
 * recorded graph is consistent under it, every weak outcome the suite marks Allowed is observed and
 * no Forbidden one is. 1000 runs per test (10,000 with {@code -Dremo.nic.full=true}, Maven profile
 * {@code nic-full}); every single-flag flip of suite.md is run as well.
 */
class SuiteConformanceTest {
    private static final int RUNS = NicTestFiles.full() ? 10_000 : 1000;
    private static final int FLIP_RUNS = 1000;
    /** An outcome a flip allows is looked for in chunks of FLIP_RUNS seeds, up to this many runs. */
    private static final int FLIP_MAX_RUNS = 20_000;
    private static final Map<String, int[]> COVERAGE = new ConcurrentHashMap<>();

    static Stream<String> suite() {
        return NicTestFiles.suiteFiles().stream();
    }

    /** The expected verdicts (expected.tsv) under the model a test's traces are checked against. */
    private static String expectedVerdict(String id, String model) {
        for (Map<String, String> row : NicTestFiles.tsv(NicTestFiles.suiteDir().resolve("expected.tsv"))) {
            if (row.get("id").equals(id)) {
                return row.get(model);
            }
        }
        throw new IllegalStateException("no expected.tsv row for " + id);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void observedStatesAreAllowedAndTracesConsistent(String file) throws Exception {
        Program p = NicTestFiles.suite(file);
        FlagValues flags = NicTestFiles.flags(p);
        String model = LitmusRunner.conformanceModel(p);
        SimulationReport r = LitmusSimulator.simulate(p, flags, NicTestFiles.model(model), NicTestFiles.model(model),
                LitmusSimulator.Options.deterministic(RUNS, 0));
        assertTrue(r.ok(), r.format());
        assertEquals(RUNS, r.tracesChecked() + r.discarded() + r.stuck(), "every completed run's trace is checked");
        assertEquals(0, r.stuck(), r.format());
        assertTrue(r.completed() > 0, "some run completes: " + r.format());
        String id = file.replace(".litmus", "");
        String verdict = expectedVerdict(id, model.equals("tso") ? "tso" : model);
        if (verdict.equals("Allowed")) {
            assertTrue(r.conditionHolds() > 0, "the Allowed outcome of " + id + " is observed (T3):\n" + r.format());
        } else {
            assertEquals("Forbidden", verdict);
            assertEquals(0, r.conditionHolds(), "the Forbidden outcome of " + id + " is never observed (T4)");
        }
        COVERAGE.put(id, new int[] {r.coveredStates(), r.allowedStates().size()});
        System.out.printf(Locale.ROOT, "%s: %d/%d allowed states observed, %d completed, %d discarded, %d distinct graphs%n",
                id, r.coveredStates(), r.allowedStates().size(), r.completed(), r.discarded(), r.distinctGraphs());
    }

    static Stream<Arguments> flagFlips() {
        List<Arguments> out = new ArrayList<>();
        for (Map<String, String> row : NicTestFiles.tsv(NicTestFiles.suiteDir().resolve("expected.tsv"))) {
            String flips = row.get("flag_flips");
            if (flips == null || flips.equals("-") || flips.isBlank()) {
                continue;
            }
            for (String flip : flips.split(",")) {
                String[] fv = flip.trim().split("[=:]");
                out.add(Arguments.of(row.get("id"), fv[0], fv[1], fv[2]));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} with {1}={2}")
    @MethodSource("flagFlips")
    void flagFlipsAreRespected(String id, String flag, String value, String verdict) throws Exception {
        Program p = NicTestFiles.suite(id);
        FlagValues flags = NicTestFiles.flags(p).with(Flag.byName(flag).orElseThrow(), value);
        String model = LitmusRunner.conformanceModel(p);
        long observed = 0;
        int runs = 0;
        SimulationReport r;
        do {
            r = LitmusSimulator.simulate(p, flags, NicTestFiles.model(model), NicTestFiles.model(model),
                    LitmusSimulator.Options.deterministic(FLIP_RUNS, runs));
            assertTrue(r.ok(), r.format());
            assertEquals(verdict, r.allowed().verdict().word(), "the checker's verdict under the flip (suite.md)");
            observed += r.conditionHolds();
            runs += FLIP_RUNS;
        } while (verdict.equals("Allowed") && observed == 0 && runs < FLIP_MAX_RUNS);
        if (verdict.equals("Allowed")) {
            assertTrue(observed > 0, "the outcome Allowed by the flip is observed within " + runs + " runs (T8):\n"
                    + r.format());
        } else {
            assertEquals(0, observed, "the outcome Forbidden by the flip is never observed (T8)");
        }
        System.out.printf(Locale.ROOT, "%s with %s=%s: %s outcome observed %d times in %d runs%n", id, flag, value, verdict,
                observed, runs);
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
        System.out.printf(Locale.ROOT, "suite coverage: %d/%d allowed states observed (%.1f%%); %d/%d tests fully covered%n",
                covered, allowed, allowed == 0 ? 0 : 100.0 * covered / allowed, complete, COVERAGE.size());
    }
}
