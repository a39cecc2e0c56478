package remo.testing;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.nic.error.StepLimitExceededException;
import remo.testing.fixtures.NeverHandedOver;

/**
 * Issue 28: a simulation property whose run stops making progress fails at its step budget with the
 * diagnosis (the waiting thread and the word it spins on) and the run's trace cut to its last steps,
 * with the count left out; a cut run is not translated to a litmus program.
 */
class StepBudgetFailureTest {

    @Test
    void aHandOverThatNeverComesFailsWithTheDiagnosisAndTheTraceCut() {
        SimulationFailedError e = assertInstanceOf(SimulationFailedError.class,
                WrongPropertyTest.onlyFailure(WrongPropertyTest.run(NeverHandedOver.class, Map.of())));
        assertInstanceOf(StepLimitExceededException.class, e.getCause());
        String m = e.getMessage();
        assertTrue(m.contains("Failure:\n  remo.nic.error.StepLimitExceededException: step limit of 50000 scheduler steps "
                + "exceeded"), m);
        assertTrue(m.contains("\n    waiter@2: pending Load[region=flag@2, offset=0] — spins at "), m);
        assertTrue(m.contains("reading flag@2 = 0; no enabled step writes them"), m);
        assertTrue(m.contains("\n  trace cut: the last 50 of 50000 scheduler steps are kept, 49950 earlier steps left out "
                + "(not checked: trace cut)\n    step 49950: "), m);
        assertTrue(m.contains("\n    step 49999: CPU(writer@1: ") || m.contains("\n    step 49999: DRAIN(writer@1: "), m);
        assertTrue(m.contains("The run's trace cut: the last 50 of 50000 scheduler steps are kept, 49950 earlier steps left "
                + "out (not checked: trace cut) (the steps are under Failure); no litmus program of a cut run\n"), m);
        assertNull(e.runLitmus(), "a cut run is no whole execution to translate");
    }
}
