package remo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import remo.testing.fixtures.EveryCheckHasAState;

/** A true property: its tries are invocations named by seed and index; remo.seed and remo.tries override. */
class LitmusPropertyTest {

    /** The display names of the first {@code n} tries of seed 5. */
    private static List<String> expected(int n) {
        return java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> "seed 5, try " + i + ": " + EveryCheckHasAState.TWO_THREADS.program(5, i).name()).toList();
    }

    private static List<String> names(EngineExecutionResults r) {
        return r.testEvents().started().list().stream().map(ev -> ev.getTestDescriptor().getDisplayName()).toList();
    }

    @Test
    void aTruePropertyPassesEveryTry() {
        EngineExecutionResults r = WrongPropertyTest.run(EveryCheckHasAState.class, Map.of());
        assertEquals(20, r.testEvents().succeeded().count());
        assertEquals(0, r.testEvents().failed().count());
        assertEquals(expected(20), names(r));
    }

    @Test
    void seedAndTriesAreOverridden() {
        EngineExecutionResults r = WrongPropertyTest.run(EveryCheckHasAState.class,
                Map.of("remo.seed", "5", "remo.tries", "3"));
        assertEquals(expected(3), names(r));
        assertEquals(3, r.testEvents().succeeded().count());
        EngineExecutionResults other = WrongPropertyTest.run(EveryCheckHasAState.class, Map.of("remo.tries", "1"));
        assertEquals(expected(1), names(other));
    }

    @Test
    void aBadOverrideFailsThePropertyWithAMessage() {
        EngineExecutionResults r = WrongPropertyTest.run(EveryCheckHasAState.class, Map.of("remo.tries", "many"));
        assertEquals(0, r.testEvents().started().count());
        Throwable t = r.containerEvents().failed().list().get(0)
                .getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow();
        assertEquals(IllegalArgumentException.class, t.getClass());
        assertEquals("remo.tries must be a number, found 'many'", t.getMessage());
    }

    @Test
    void aRandomSeedIsNamedInEveryInvocation() {
        EngineExecutionResults r = WrongPropertyTest.run(EveryCheckHasAState.class,
                Map.of("remo.seed", "random", "remo.tries", "1"));
        String name = names(r).get(0);
        assertTrue(name.matches("seed -?[0-9]+, try 0: gen-.*"), name);
        assertEquals(1, r.testEvents().succeeded().count());
    }

    @Test
    void aStatisticsLineSumsUpTheRun() {
        PropertyStatistics s = new PropertyStatistics("P.q", 9, "programs", System.out);
        s.started("a", 2);
        s.passed();
        s.started("a", 0);
        s.aborted(true);
        s.started("b", 1);
        s.passed();
        String line = s.line();
        assertEquals("[remo] P.q (seed 9): OK, passed 2 of 3 tries; 1 discarded (1 by limits); 3 programs rejected "
                + "by filters on the way; 2 distinct programs; ", line.substring(0, line.lastIndexOf(';') + 2));
    }
}
