package remo.nic;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import remo.nic.error.StepLimitExceededException;

/**
 * Issue 28: a simulator run that stops making progress ends at its step budget with a diagnosis,
 * the deadlock report's (each thread's pending call, what it waits for), not only a count.
 */
class StepLimitDiagnosisTest {

    @Test
    void theStepLimitNamesEachThreadsPendingCall() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(7).reduceSpins(false).stepLimit(5_000).build()) {
            Region flag = c.node(2).register("flag", 1, EnumSet.allOf(Access.class));
            c.spawn(2, "waiter", ep -> {
                while (ep.load(flag, 0) == 0) {
                    // the hand-over never comes
                }
            });
            c.spawn(1, "other", ep -> ep.newWorkId("unused"));
            StepLimitExceededException e = assertThrows(StepLimitExceededException.class, c::run);
            String m = e.getMessage();
            assertTrue(m.startsWith("step limit of 5000 scheduler steps exceeded (livelock or unbounded spin?) (seed 7); "
                    + "the threads then:\n"), m);
            assertTrue(m.contains("\n  waiter@2: pending Load[region=flag@2, offset=0]"), m);
            assertTrue(m.contains("\n  other@1: finished"), m);
            assertTrue(e.partial().traceCut().isPresent(), "the last part of the run is kept");
            assertTrue(e.partial().trace().isEmpty(), "a cut run's graph is not built: it is not a whole execution");
        }
    }
}
