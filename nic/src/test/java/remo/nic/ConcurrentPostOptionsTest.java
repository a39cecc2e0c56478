package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.rdma.OpStatus;
import remo.nic.error.SimulationDeadlockException;

/**
 * {@link PostOptions} in concurrent mode (nic.md §4.2, §5.2): an inline put's source is read by the
 * posting thread, so a store right after the post never reaches the target, even when the NIC runs
 * the put late; an unsignalled put is consumed by no poll, and the poll of a later signalled put of
 * its queue pair returns only once both are complete ({@code PollMatching}, models.md §3.1). The
 * programs whose outcome is fixed give the same outcome in both modes.
 */
class ConcurrentPostOptionsTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);
    private static final NicConfig POLL = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
    private static final int ITERATIONS = 300;

    /** Every NIC step of every QP sleeps {@code micros} µs first: the thread's next store precedes the NIC's source read. */
    private static FaultPlan slowNic(int micros) {
        return FaultPlan.builder().delayNic(QpSelector.all(), 1.0, micros).build();
    }

    /**
     * P0 loops {@code x := i; put z, x (options); x := -1; wait} on a slow NIC; returns how many
     * iterations delivered something other than {@code i}.
     */
    private static int lateReads(PostOptions options, int iterations, int delayMicros) {
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().faults(slowNic(delayMicros)).build()) {
            Region x = c.node(1).register("X", 2, ALL);
            Region z = c.node(2).register("Z", 2, ALL);
            Region copy = c.node(1).register("C", 2, ALL);
            int[] late = new int[1];
            c.spawn(1, "P0", ep -> {
                WorkId d = ep.newWorkId("d");
                for (int i = 1; i <= iterations; i++) {
                    ep.store(x, 0, i);
                    ep.store(x, 1, i);
                    ep.put(d, z, 0, x, 0, 2, options);
                    ep.store(x, 0, -1);
                    ep.store(x, 1, -1);
                    ep.waitFor(d);
                    ep.get(d, copy, 0, z, 0, 2);
                    ep.waitFor(d);
                    late[0] += ep.load(copy, 0) != i || ep.load(copy, 1) != i ? 1 : 0;
                }
            });
            c.run();
            return late[0];
        }
    }

    @Test
    void anInlinePutSendsTheValueAtPostingHoweverLateTheNicRunsIt() {
        assertEquals(0, lateReads(PostOptions.inline(), ITERATIONS, 200), "an inline put never sends the later store");
        assertEquals(0, lateReads(PostOptions.inline().andUnsignaled(), ITERATIONS / 3, 200), "inline and unsignalled");
        // the contrast: the same program with a plain put, whose NIC reads the source after the store
        // of -1 (the worker sleeps 1 ms first), reads late, so the assertion above could fail
        int plain = lateReads(PostOptions.plain(), 20, 1000);
        assertTrue(plain > 0, "a plain put on a slow NIC reads the later store in some iteration: " + plain + "/20");
    }

    @Test
    void anInlinePutWithoutWaitingStillSendsTheValueAtPosting() {
        // many inline puts in flight, each followed by a store to its source; one gf at the end
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().faults(slowNic(5)).build()) {
            Region x = c.node(1).register("X", 1, ALL);
            Region z = c.node(2).register("Z", ITERATIONS, ALL);
            c.spawn(1, "P0", ep -> {
                for (int i = 0; i < ITERATIONS; i++) {
                    ep.store(x, 0, i + 1);
                    ep.put(null, z, i, x, 0, 1, PostOptions.inline());
                    ep.store(x, 0, 0);
                }
                ep.gf();
            });
            c.run();
            for (int i = 0; i < ITERATIONS; i++) {
                assertEquals(i + 1, c.peek(2, "Z", i), "put " + i);
            }
        }
    }

    /** P0: {@code x = 7; put.unsignaled z[0]; put.unsignaled.inline z[1]; put z[2]; poll 2}; the statuses when the poll returned. */
    private static List<OpStatus> pollAfterABatch(SimCluster.Builder b) {
        try (SimCluster c = b.config(POLL).build()) {
            Region x = c.node(1).register("X", 1, ALL);
            Region z = c.node(2).register("Z", 3, ALL);
            List<OpStatus> atPoll = new ArrayList<>();
            c.spawn(1, "P0", ep -> {
                ep.store(x, 0, 7);
                Op a = ep.put(null, z, 0, x, 0, 1, PostOptions.unsignaled());
                Op i = ep.put(null, z, 1, x, 0, 1, PostOptions.unsignaled().andInline());
                Op s = ep.put(null, z, 2, x, 0, 1);
                ep.poll(2);
                atPoll.add(a.status());
                atPoll.add(i.status());
                atPoll.add(s.status());
            });
            c.run();
            for (int k = 0; k < 3; k++) {
                assertEquals(7, c.peek(2, "Z", k), "z[" + k + "]");
            }
            return atPoll;
        }
    }

    @Test
    void aPollOfTheSignalledPutReturnsOnlyOnceTheUnsignalledOnesBeforeItAreComplete() {
        List<OpStatus> done = List.of(OpStatus.COMPLETED, OpStatus.COMPLETED, OpStatus.COMPLETED);
        for (int run = 0; run < 50; run++) {
            assertEquals(done, pollAfterABatch(SimCluster.builder().nodes(2).concurrent().faults(slowNic(50))), "run " + run);
        }
        for (long seed = 0; seed < 50; seed++) {
            assertEquals(done, pollAfterABatch(SimCluster.builder().nodes(2).deterministic(seed, SchedulerPolicy.swarm())),
                    "the deterministic engine, seed " + seed);
        }
    }

    /** A cluster in POLL mode whose P0 posts {@code unsignalled} unsignalled puts and {@code signalled} signalled ones, then polls {@code polls} times. */
    private static RunResult polls(SimCluster.Builder b, int unsignalled, int signalled, int polls) {
        try (SimCluster c = b.config(POLL).build()) {
            Region x = c.node(1).register("X", 1, ALL);
            Region z = c.node(2).register("Z", 1, ALL);
            c.spawn(1, "P0", ep -> {
                for (int k = 0; k < unsignalled; k++) {
                    ep.put(null, z, 0, x, 0, 1, PostOptions.unsignaled());
                }
                for (int k = 0; k < signalled; k++) {
                    ep.put(null, z, 0, x, 0, 1);
                }
                for (int k = 0; k < polls; k++) {
                    ep.poll(2);
                }
            });
            return c.run();
        }
    }

    @Test
    void aPollWithOnlyUnsignalledPutsBeforeItCanNeverReturnInEitherMode() {
        for (int[] p : new int[][] {{2, 0, 1}, {1, 1, 2}}) {
            String what = p[0] + " unsignalled, " + p[1] + " signalled, " + p[2] + " polls";
            SimulationDeadlockException det = assertThrows(SimulationDeadlockException.class,
                    () -> polls(SimCluster.builder().nodes(2).deterministic(3), p[0], p[1], p[2]), what);
            assertTrue(det.getMessage().contains("no op left to poll"), det.getMessage());
            RuntimeException conc = assertThrows(RuntimeException.class,
                    () -> polls(SimCluster.builder().nodes(2).concurrent(), p[0], p[1], p[2]), what);
            assertTrue(conc.toString().contains("no op left to poll"), conc.toString());
        }
        // one signalled put per poll: both modes return
        polls(SimCluster.builder().nodes(2).deterministic(3), 3, 2, 2);
        polls(SimCluster.builder().nodes(2).concurrent(), 3, 2, 2);
    }

    /**
     * A program mixing the options whose final state is fixed (each source store precedes the post
     * that reads it, an inline put reads before the next store): the same in both modes.
     */
    private static List<Long> mixed(SimCluster.Builder b) {
        try (SimCluster c = b.config(POLL).build()) {
            Region x = c.node(1).register("X", 1, ALL);
            Region z = c.node(2).register("Z", 4, ALL);
            c.spawn(1, "P0", ep -> {
                ep.store(x, 0, 1);
                ep.put(null, z, 0, x, 0, 1, PostOptions.inline().andUnsignaled());
                ep.store(x, 0, 2);
                ep.put(null, z, 1, x, 0, 1, PostOptions.unsignaled());
                ep.put(null, z, 2, x, 0, 1, PostOptions.inline());
                ep.put(null, z, 3, x, 0, 1);
                ep.poll(2);
                ep.poll(2);
                Registers.capture(ep, "r0", ep.load(x, 0));
            });
            c.run();
            List<Long> out = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                out.add(c.peek(2, "Z", k));
            }
            return out;
        }
    }

    @Test
    void programsWithAFixedOutcomeGiveTheSameOutcomeInBothModes() {
        List<Long> expected = List.of(1L, 2L, 2L, 2L);
        for (long seed = 0; seed < 30; seed++) {
            assertEquals(expected, mixed(SimCluster.builder().nodes(2).deterministic(seed, SchedulerPolicy.swarm())), "seed " + seed);
        }
        for (int run = 0; run < 30; run++) {
            assertEquals(expected, mixed(SimCluster.builder().nodes(2).concurrent().faults(slowNic(20))), "run " + run);
            assertEquals(expected, mixed(SimCluster.builder().nodes(2).concurrent()), "run " + run);
        }
    }
}
