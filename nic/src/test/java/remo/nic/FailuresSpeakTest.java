package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.SimulationFailedException;

/**
 * A simulated thread that throws makes {@link SimCluster#run()} throw {@link SimulationFailedException}
 * naming every failed thread (nic.md §3); the opt-outs return the result; the result is always
 * available after the run; a deadlock that follows a failure names the failed thread.
 */
class FailuresSpeakTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    private static void twoFailingOneGood(SimCluster c) {
        Region a = c.node(1).register("a", 1, ALL);
        Region b = c.node(2).register("b", 1, ALL);
        c.spawn(1, "bad", ep -> {
            ep.store(a, 0, 1);
            throw new IllegalStateException("boom");
        });
        c.spawn(2, "good", ep -> ep.store(b, 0, 7));
        c.spawn(2, "worse", ep -> {
            throw new UnsupportedOperationException("bang");
        });
    }

    @Test
    void runNamesEveryFailedThreadWithItsNodeAndException() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(5).build()) {
            twoFailingOneGood(c);
            SimulationFailedException e = assertThrows(SimulationFailedException.class, c::run);
            String m = e.getMessage();
            assertTrue(m.startsWith("2 of 3 simulated threads failed (deterministic mode, seed 5):"), m);
            assertTrue(m.contains("thread 'bad' on node 1: java.lang.IllegalStateException: boom"), m);
            assertTrue(m.contains("thread 'worse' on node 2: java.lang.UnsupportedOperationException: bang"), m);
            assertTrue(m.contains("runAllowingFailures()"), m);
            assertInstanceOf(IllegalStateException.class, e.getCause(), "the first failure is the cause");
            assertEquals(1, e.getSuppressed().length, "the others are suppressed");
            assertInstanceOf(UnsupportedOperationException.class, e.getSuppressed()[0]);
            assertSame(e.result(), c.result().orElseThrow(), "the result stays available");
            assertEquals(2, e.failures().size());
            assertTrue(e.result().completed());
            assertEquals(7, c.peek(2, "b", 0), "the run completed");
        }
    }

    @Test
    void concurrentModeThrowsToo() {
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().build()) {
            twoFailingOneGood(c);
            SimulationFailedException e = assertThrows(SimulationFailedException.class, c::run);
            assertTrue(e.getMessage().startsWith("2 of 3 simulated threads failed (concurrent mode):"), e.getMessage());
        }
    }

    @Test
    void theOptOutsReturnTheResult() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(5).build()) {
            twoFailingOneGood(c);
            RunResult r = c.runAllowingFailures();
            assertEquals(Set.of("bad", "worse"), r.threadFailures().keySet());
            assertSame(r, c.result().orElseThrow());
            // the printed result names its accessors (a new user looked for failures() and found none)
            assertTrue(r.toString().contains("threadFailures=[bad, worse], unreportedFailures=0"), r.toString());
        }
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(5).allowThreadFailures(true).build()) {
            twoFailingOneGood(c);
            assertEquals(Set.of("bad", "worse"), c.run().threadFailures().keySet());
        }
    }

    @Test
    void aRunWithoutFailuresReturnsAsBefore() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(5).build()) {
            Region b = c.node(2).register("b", 1, ALL);
            c.spawn(2, "good", ep -> ep.store(b, 0, 7));
            assertTrue(c.run().threadFailures().isEmpty());
        }
    }

    @Test
    void aDeadlockAfterAFailureNamesTheFailedThread() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).build()) {
            Region flag = c.node(2).register("flag", 1, ALL);
            c.spawn(1, "setter", ep -> {
                throw new IllegalStateException("died before setting the flag");
            });
            c.spawn(2, "waiter", ep -> {
                while (ep.load(flag, 0) == 0) {
                    Thread.onSpinWait();
                }
            });
            SimulationDeadlockException e = assertThrows(SimulationDeadlockException.class, c::run);
            assertTrue(e.getMessage().contains("setter@1: failed: java.lang.IllegalStateException: died before setting the flag"),
                    e.getMessage());
            assertTrue(c.result().isPresent(), "the partial result stays available");
        }
    }
}
