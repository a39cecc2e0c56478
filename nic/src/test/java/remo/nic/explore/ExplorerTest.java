package remo.nic.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.Region;
import remo.nic.Registers;
import remo.nic.Schedule;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * The model checker on small programs whose outcome sets are known: every outcome the NIC can
 * produce is reached, the reduction runs fewer executions than the full enumeration with the same
 * outcomes, spins wait instead of looping, a lost wake-up is a deadlock that names the word, and a
 * counterexample replays.
 */
class ExplorerTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    /** BF-LATE: a put may read its source after a later store of its own thread (locks.md §1.5). */
    private static ExplorationTarget lateSource() {
        return ExplorationTarget.of(2, ExplorerTest::spawnPutThenStore);
    }

    /** P0@1 puts X into Y@2 (not waited) and then stores 1 to X; returns Y. */
    private static Region spawnPutThenStore(remo.nic.SimCluster c) {
        Region x = c.node(1).register("X", 1, ALL);
        Region y = c.node(2).register("Y", 1, ALL);
        c.spawn(1, "P0", ep -> {
            WorkId d = ep.newWorkId("d");
            ep.put(d, y, 0, x, 0, 1);
            ep.store(x, 0, 1);
        });
        return y;
    }

    /** Message passing with two puts on one queue pair and a reader that spins on the flag. */
    private static ExplorationTarget messagePassing(boolean sameQp) {
        return ExplorationTarget.of(3, c -> {
            Region data = c.node(2).register("D", 1, ALL);
            Region flag = c.node(sameQp ? 2 : 3).register("F", 1, ALL);
            Region one = c.node(1).register("ONE", 1, ALL, new long[] {1});
            Region local = c.node(sameQp ? 2 : 3).register("L", 1, ALL);
            c.spawn(1, "writer", ep -> {
                WorkId d = ep.newWorkId("d");
                ep.put(d, data, 0, one, 0, 1);
                ep.put(d, flag, 0, one, 0, 1);
            });
            c.spawn(sameQp ? 2 : 3, "reader", ep -> {
                if (sameQp) {
                    while (ep.load(flag, 0) == 0) {
                        // spin: the explorer blocks this loop until F changes
                    }
                    Registers.capture(ep, "d", ep.load(data, 0));
                } else {
                    WorkId g = ep.newWorkId("g");
                    while (ep.load(flag, 0) == 0) {
                        // spin
                    }
                    ep.get(g, local, 0, data, 0, 1);
                    ep.waitFor(g);
                    Registers.capture(ep, "d", ep.load(local, 0));
                }
            });
        });
    }

    private static Set<String> outcomes(ExplorationTarget t, ExplorationOptions o, Set<String> into, Exploration[] result) {
        result[0] = Explorer.explore(t, o, run -> {
            StringBuilder sb = new StringBuilder();
            run.result().registers().forEach((thread, regs) -> regs.forEach((r, v) -> sb.append(thread).append(':')
                    .append(r).append('=').append(v).append(' ')));
            for (String region : List.of("X", "Y")) {
                try {
                    long v = run.cluster().peek(region.equals("X") ? 1 : 2, region, 0);
                    sb.append(region).append('=').append(v).append(' ');
                } catch (RuntimeException e) {
                    // not a region of this program
                }
            }
            into.add(sb.toString().strip());
            return List.of();
        });
        return into;
    }

    @Test
    void aPutThatReadsItsSourceLateIsReached() {
        Exploration[] r = new Exploration[1];
        Set<String> seen = outcomes(lateSource(), ExplorationOptions.defaults(), new TreeSet<>(), r);
        assertEquals(Set.of("X=1 Y=0", "X=1 Y=1"), seen, r[0].summary());
        assertTrue(r[0].complete(), r[0].summary());
        assertTrue(r[0].passed());
    }

    @Test
    void theReductionRunsFewerExecutionsWithTheSameOutcomes() {
        for (boolean sameQp : new boolean[] {true, false}) {
            Exploration[] full = new Exploration[1];
            Exploration[] dpor = new Exploration[1];
            Set<String> a = outcomes(messagePassing(sameQp),
                    ExplorationOptions.defaults().withReduction(ExplorationOptions.Reduction.NONE), new TreeSet<>(), full);
            Set<String> b = outcomes(messagePassing(sameQp), ExplorationOptions.defaults(), new TreeSet<>(), dpor);
            assertEquals(a, b, "same outcomes (same QP: " + sameQp + ")");
            assertTrue(full[0].complete() && dpor[0].complete());
            assertTrue(dpor[0].executions() < full[0].executions(), dpor[0].summary() + " against " + full[0].summary());
            System.out.println("MP (same QP " + sameQp + "): " + b + "; full: " + full[0].summary() + "; DPOR: "
                    + dpor[0].summary());
            if (sameQp) {
                assertEquals(Set.of("reader:d=1"), b, "two puts on one QP land in order (models.md §5.3)");
            } else {
                assertEquals(Set.of("reader:d=0", "reader:d=1"), b, "no order across queue pairs");
            }
        }
    }

    @Test
    void aLostWakeUpIsADeadlockThatNamesTheWord() {
        ExplorationTarget t = ExplorationTarget.of(2, c -> {
            Region flag = c.node(2).register("FLAG", 1, ALL);
            c.spawn(2, "waiter", ep -> {
                while (ep.load(flag, 0) == 0) {
                    // nobody ever sets the flag
                }
            });
            c.spawn(1, "other", ep -> ep.newWorkId("unused"));
        });
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults(), ExecutionCheck.NONE);
        assertFalse(r.passed());
        Counterexample cx = r.counterexamples().get(0);
        assertEquals(Violation.Kind.LIVENESS, cx.violation().kind());
        assertTrue(cx.violation().message().contains("waiter@2"), cx.violation().message());
        assertTrue(cx.violation().message().contains("spins at ExplorerTest.lambda"), cx.violation().message());
        assertTrue(cx.violation().message().contains("FLAG@2 = 0; no enabled step writes them"), cx.violation().message());
        // the schedule replays to the same violation
        Schedule again = Schedule.parse(cx.schedule().toString());
        assertEquals(cx.schedule(), again);
        List<Violation> replayed = Explorer.replay(t, again, ExecutionCheck.NONE);
        assertEquals(List.of(cx.violation()), replayed);
    }

    @Test
    void anAssertionInABodyIsAViolationWithItsSchedule() {
        ExplorationTarget t = putThenStore(v -> {
            if (v == 1) {
                throw new AssertionError("P1 saw the later store through the put");
            }
        });
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults(), ExecutionCheck.NONE);
        assertEquals(1, r.counterexamples().size(), r.summary());
        Counterexample cx = r.counterexamples().get(0);
        assertEquals(Violation.Kind.ASSERTION, cx.violation().kind());
        assertEquals("thread P1 threw java.lang.AssertionError: P1 saw the later store through the put",
                cx.violation().message());
        assertEquals(List.of(cx.violation()), Explorer.replay(t, cx.schedule(), ExecutionCheck.NONE));
    }

    /** A check that sees the user's Ctrl-C (it throws CancellationException) stops the exploration as cancelled, keeping the runs before it. */
    @Test
    void aCancelledCheckStopsTheExplorationWithTheRunsBefore() {
        ExplorationTarget t = putThenStore(v -> { });
        int[] checks = {0};
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults(), run -> {
            if (++checks[0] == 3) {
                throw new java.util.concurrent.CancellationException("interrupted");
            }
            return List.of();
        });
        assertEquals(2, r.executions(), r.summary());
        assertEquals("no violation found (partial: cancelled)", r.summary().substring(0, r.summary().indexOf(';')));
    }

    /**
     * The time limit ends a run that never ends (a counter that a thread increments forever, which
     * no spin detection can block) instead of waiting for the run's step bound: without the check
     * during the run this bound of 50 M steps would hold the exploration for hours (steps cost in
     * proportion to the run's length).
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void theTimeLimitEndsARunThatNeverEnds() {
        ExplorationTarget t = ExplorationTarget.of(2, c -> {
            Region counter = c.node(2).register("COUNTER", 1, ALL);
            c.spawn(2, "counting", ep -> {
                for (long k = 1; ; k++) {
                    ep.store(counter, 0, k);
                }
            });
            c.spawn(1, "other", ep -> ep.newWorkId("unused"));
        });
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults().withTimeLimit(java.time.Duration.ofSeconds(1))
                .withMaxStepsPerRun(50_000_000), ExecutionCheck.NONE);
        assertEquals(0, r.executions() + r.cut(), r.summary());
        assertFalse(r.complete(), r.summary());
        assertEquals("no violation found (partial: the time limit of 1 s)", r.summary().substring(0, r.summary().indexOf(';')));
    }

    /** P0@1 puts X into Y@2 (not waited) and then stores 1 to X; P1@2 loads Y and hands the value to {@code reader}. */
    private static ExplorationTarget putThenStore(java.util.function.LongConsumer reader) {
        return ExplorationTarget.of(2, c -> {
            Region y = spawnPutThenStore(c);
            c.spawn(2, "P1", ep -> reader.accept(ep.load(y, 0)));
        });
    }
}
