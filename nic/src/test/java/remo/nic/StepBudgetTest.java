package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import remo.nic.error.StepLimitExceededException;
import remo.nic.explore.ExecutionCheck;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.ExplorationTarget;
import remo.nic.explore.Explorer;

/**
 * Issue 28 and item 4 of issue 26: a run that stops making progress ends at its step budget with the
 * diagnosis (each waiting thread and the words it spins on) and its trace cut to the last
 * {@link TraceCut#KEPT_STEPS} steps, with the exact count of the steps left out; memory stays bounded
 * whatever the run's length (nic.md §5.1).
 */
class StepBudgetTest {

    /** A thread spinning on a word nobody writes, the spin reduction off: the budget stops it. */
    @Test
    void aSpinOnAWordNobodyWritesStopsAtTheBudgetWithItsLastSteps() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(7).reduceSpins(false).stepLimit(5_000).build()) {
            Region flag = c.node(2).register("flag", 1, EnumSet.allOf(Access.class));
            c.spawn(2, "waiter", ep -> {
                while (ep.load(flag, 0) == 0) {
                    // the hand-over never comes
                }
            });
            StepLimitExceededException e = assertThrows(StepLimitExceededException.class, c::run);
            assertTrue(e.getMessage().contains("\n  waiter@2: pending Load[region=flag@2, offset=0]"), e.getMessage());
            TraceCut cut = e.partial().traceCut().orElseThrow();
            assertEquals(TraceCut.KEPT_STEPS, cut.lastSteps().size(), "the ring holds its bound, no more");
            assertEquals(5_000 - TraceCut.KEPT_STEPS, cut.cutSteps(), "every step before the kept ones is counted");
            assertEquals(e.partial().schedule().size(), cut.totalSteps(), "the steps taken");
            assertEquals("step 4999: CPU(waiter@2: Load[region=flag@2, offset=0]) → 0", last(cut), "the last step taken");
            assertTrue(e.getMessage().contains("\ntrace cut: the last 50 of 5000 scheduler steps are kept, 4950 earlier steps "
                    + "left out (not checked: trace cut)\n  step 4950: "), e.getMessage());
            assertTrue(e.partial().trace().isEmpty(), "no graph: a cut run is not a whole execution");
        }
    }

    /**
     * A livelock that keeps writing (so the spin reduction cannot block it): the waiter's spin is
     * blocked and named with its word, the writer runs on until the budget stops it.
     */
    @Test
    void aLivelockThatKeepsWritingStopsAtTheBudgetNamingTheSpunOnWord() {
        long budget = 100_000;
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).stepLimit(budget).build()) {
            storeLivelock(c);
            StepLimitExceededException e = assertThrows(StepLimitExceededException.class, c::run);
            String m = e.getMessage();
            assertTrue(m.startsWith("step limit of 100000 scheduler steps exceeded"), m);
            assertTrue(m.contains("\n  waiter@2: pending Load[region=flag@2, offset=0] — spins at "), m);
            assertTrue(m.contains("reading flag@2 = 0; no enabled step writes them"), m);
            assertTrue(m.contains("\n  writer@1: pending Store[region=busy@1, offset=0, value="), m);
            TraceCut cut = e.partial().traceCut().orElseThrow();
            assertEquals(TraceCut.KEPT_STEPS, cut.lastSteps().size());
            assertEquals(budget - TraceCut.KEPT_STEPS, cut.cutSteps());
            assertTrue(last(cut).startsWith("step 99999: "), last(cut));
            // the waiter is blocked: its last part is the writer's
            assertTrue(cut.lastSteps().stream().allMatch(s -> s.contains("writer@1")), cut.lastSteps().toString());
        }
    }

    /** A run ten times longer keeps exactly as many steps: the ring is bounded, not the run. */
    @Test
    void theKeptStepsDoNotGrowWithTheRun() {
        for (long budget : new long[] {60, 600_000}) {
            try (SimCluster c = SimCluster.builder().nodes(1).deterministic(1).reduceSpins(false).recordTrace(false)
                    .stepLimit(budget).build()) {
                Region x = c.node(1).register("x", 1, EnumSet.allOf(Access.class));
                c.spawn(1, "spinner", ep -> {
                    while (ep.load(x, 0) == 0) {
                        // spins
                    }
                });
                TraceCut cut = assertThrows(StepLimitExceededException.class, c::run).partial().traceCut().orElseThrow();
                assertEquals(TraceCut.KEPT_STEPS, cut.lastSteps().size());
                assertEquals(budget, cut.totalSteps());
            }
        }
    }

    /**
     * A livelock that fills its store buffer, at the default budget of 50 million steps, in a JVM of
     * 96 MiB: stopped by the heap bound with the diagnosis and the cut trace, never an
     * OutOfMemoryError ({@link StoreLivelock}).
     */
    @Test
    void aLivelockInATinyHeapStopsBeforeItExhaustsIt() throws IOException, InterruptedException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx96m",
                "-cp", System.getProperty("java.class.path"), StoreLivelock.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ended");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith("stopped: the heap's "), out);
        assertTrue(out.contains("the run is stopped before it exhausts the heap (seed 3)"), out);
        assertTrue(out.contains("\n  writer@1: pending Store[region=busy@1"), out);
        assertTrue(out.contains("… and "), "the store buffer is listed in part: " + out);
        assertTrue(out.contains("\ntrace cut: the last 50 of "), out);
        assertTrue(!out.contains("OutOfMemoryError"), out);
    }

    /** The model checker's report of a run cut at its step bound shows the diagnosis and the trace cut. */
    @Test
    void theExplorerReportsItsFirstCutRunWithItsLastSteps() {
        ExplorationTarget target = ExplorationTarget.of(1, c -> {
            Region x = c.node(1).register("x", 1, EnumSet.allOf(Access.class));
            c.spawn(1, "counter", ep -> {
                for (long i = 1; ; i++) {
                    ep.store(x, 0, i);
                }
            });
        });
        Exploration e = Explorer.explore(target, ExplorationOptions.defaults().withMaxStepsPerRun(200).withMaxExecutions(3),
                ExecutionCheck.NONE);
        assertTrue(e.cut() >= 1 && !e.complete(), e.summary());
        String r = e.report();
        assertTrue(r.contains("\nthe first run cut at the step bound (not checked: trace cut):\n  step limit of 200 scheduler "
                + "steps exceeded"), r);
        assertTrue(r.contains("\n    counter@1: pending Store[region=x@1, offset=0, value="), r);
        assertTrue(r.contains("\n  trace cut: the last 50 of 200 scheduler steps are kept, 150 earlier steps left out "
                + "(not checked: trace cut)\n    step 150: "), r);
        assertTrue(r.contains("\n    step 199: "), r);
    }

    /** A run longer than {@link Schedule#KEPT_ACTIONS} steps drops its schedule (memory), not its last steps. */
    @Test
    void aRunPastTheKeptScheduleDropsItAndKeepsItsLastSteps() {
        long budget = Schedule.KEPT_ACTIONS + 1_000L;
        try (SimCluster c = SimCluster.builder().nodes(1).deterministic(1).reduceSpins(false).recordTrace(false)
                .stepLimit(budget).build()) {
            Region x = c.node(1).register("x", 1, EnumSet.allOf(Access.class));
            c.spawn(1, "spinner", ep -> {
                while (ep.load(x, 0) == 0) {
                    // spins
                }
            });
            RunResult partial = assertThrows(StepLimitExceededException.class, c::run).partial();
            assertEquals(0, partial.schedule().size(), "the schedule is dropped past its bound");
            assertEquals(budget, partial.traceCut().orElseThrow().totalSteps());
            assertEquals("step " + (budget - 1) + ": CPU(spinner@1: Load[region=x@1, offset=0]) → 0",
                    last(partial.traceCut().orElseThrow()));
        }
    }

    /** A waiter on node 2 spinning on {@code flag}, which a writer on node 1 that stores to {@code busy} forever never sets. */
    static void storeLivelock(SimCluster c) {
        Region flag = c.node(2).register("flag", 1, EnumSet.allOf(Access.class));
        Region busy = c.node(1).register("busy", 1, EnumSet.allOf(Access.class));
        c.spawn(2, "waiter", ep -> {
            while (ep.load(flag, 0) == 0) {
                // the writer never sets the flag
            }
        });
        c.spawn(1, "writer", ep -> {
            for (long i = 1; ; i++) {
                ep.store(busy, 0, i);
            }
        });
    }

    private static String last(TraceCut cut) {
        return cut.lastSteps().get(cut.lastSteps().size() - 1);
    }

    /** The child JVM of {@link #aLivelockInATinyHeapStopsBeforeItExhaustsIt}: prints how its run stopped. */
    public static final class StoreLivelock {
        /** Runs a writer that stores forever beside a waiter that spins; prints the stop's message (exit 0) or what else ended it. */
        public static void main(String[] args) {
            try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).recordTrace(true).build()) {
                storeLivelock(c);
                c.run();
                System.out.println("completed?");
                System.exit(1);
            } catch (StepLimitExceededException e) {
                System.out.println("stopped: " + e.getMessage());
            }
        }
    }
}
