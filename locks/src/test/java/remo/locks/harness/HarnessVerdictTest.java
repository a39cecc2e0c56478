package remo.locks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckResult;
import remo.checker.Verdict;

/**
 * Every verdict of locks.md §7.4 and §9 (rdma-wait-rmw and rdma-sc-rmw, default flags unless the
 * harness's flag line says otherwise) as a test of the checker on the generated harness. A
 * Forbidden verdict must come from complete executions that miss the condition, not from the
 * absence of complete executions (locks.md §7.4 Corrections): the test asserts at least one. The harnesses
 * the checker cannot decide within the default budget under a model are, for that model, in {@link SlowHarnessVerdictTest} (tag {@code slow}).
 */
class HarnessVerdictTest {

    static Stream<Arguments> defaultCases() {
        return cases(false);
    }

    static Stream<Arguments> slowCases() {
        return cases(true);
    }

    private static Stream<Arguments> cases(boolean slow) {
        return HarnessResults.cases(slow).map(c -> Arguments.of(c.get(0), c.get(1)));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("defaultCases")
    void verdictAsSpecified(String id, String model) {
        check(id, model);
    }

    static void check(String id, String model) {
        check(id, model, null);
    }

    /** Checks the verdict of {@code id} under {@code model}; a run stopped by {@code limit} (null: none) fails. */
    static void check(String id, String model, java.time.Duration limit) {
        Harness h = HarnessResults.harness(id);
        CheckResult r = HarnessResults.result(h, model, limit);
        Verdict expected = model.equals("rdma-sc-rmw") ? h.expected().scRmw() : h.expected().waitRmw();
        assertFalse(r.partial(), id + " under " + model + " stopped early: " + r.partialReason());
        assertEquals(expected, r.verdict(), id + " under " + model + ": states " + r.states().keySet());
        assertTrue(r.positive() + r.negative() > 0, id + " under " + model + " has no complete execution: a vacuous verdict");
        if (expected == Verdict.ALLOWED) {
            assertEquals(1, r.executions().size(), id + ": the checker keeps one witness execution");
            assertTrue(r.executions().get(0).consistent() && !r.executions().get(0).blocked(), id);
        }
    }
}
