package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import remo.nic.error.SimulationDeadlockException;

/** {@link SimCluster#result()}: the last run's result for a harness that did not call {@code run()} itself. */
class ClusterResultTest {

    @Test
    void emptyBeforeTheRunThenTheReturnedResult() {
        try (SimCluster c = SimCluster.builder().nodes(1).deterministic(4).build()) {
            Region a = c.node(1).register("a", 1, EnumSet.allOf(Access.class));
            c.spawn(1, "T", ep -> ep.store(a, 0, 3));
            assertTrue(c.result().isEmpty());
            RunResult r = c.run();
            assertSame(r, c.result().orElseThrow());
            assertEquals(3, c.peek(1, "a", 0));
        }
    }

    @Test
    void afterADeadlockThePartialResultOfTheException() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).build()) {
            c.spawn(1, "T", ep -> ep.cluster().node(1).lookup(2, "never"));
            SimulationDeadlockException e = assertThrows(SimulationDeadlockException.class, c::run);
            assertSame(e.partial(), c.result().orElseThrow());
            assertEquals(e.partial().schedule(), c.result().orElseThrow().schedule());
        }
    }
}
