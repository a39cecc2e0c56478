package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Endpoint#put(WorkId, Region, int, Region, int, int, PostOptions)} with
 * {@link PostOptions#inline()} (nic.md §2.4; language.md §4.2): the source words are read by the
 * posting thread, through its store buffer, so a later store never reaches the target and an earlier
 * one always does, whatever the schedule (the concurrent engine: ConcurrentPostOptionsTest).
 */
class InlinePutTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    /** Z after P0 runs {@code [x = 1;] put.inline z, x (two words); [x = 2]} with seed {@code seed}. */
    private static long[] run(long seed, boolean storeFirst, PostOptions options) {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(seed, SchedulerPolicy.swarm()).build()) {
            Region x = c.node(1).register("X", 2, ALL);
            Region z = c.node(2).register("Z", 2, ALL);
            c.spawn(1, "P0", ep -> {
                WorkId d = ep.newWorkId("d");
                if (storeFirst) {
                    ep.store(x, 0, 1);
                    ep.store(x, 1, 1);
                }
                ep.put(d, z, 0, x, 0, 2, options);
                ep.store(x, 0, 2);
                ep.store(x, 1, 2);
                ep.waitFor(d);
            });
            c.run();
            return new long[] {c.peek(2, "Z", 0), c.peek(2, "Z", 1)};
        }
    }

    @Test
    void anInlinePutSendsTheValueAtPostingWhateverTheSchedule() {
        int late = 0;
        for (long seed = 0; seed < 200; seed++) {
            long[] inline = run(seed, true, PostOptions.inline());
            assertEquals(1, inline[0], "the earlier (possibly still buffered) store is sent, seed " + seed);
            assertEquals(1, inline[1], "seed " + seed);
            long[] fromZero = run(seed, false, PostOptions.inline());
            assertEquals(0, fromZero[0], "no later store reaches the target, seed " + seed);
            assertEquals(0, fromZero[1], "seed " + seed);
            long[] plain = run(seed, false, PostOptions.plain());
            late += plain[0] == 2 || plain[1] == 2 ? 1 : 0;
        }
        assertTrue(late > 0, "a plain put does read late under some seed (the contrast): " + late + "/200");
    }

    /**
     * One poll for a batch (PostOptions.unsignaled()): the poll consumes the signalled put and returns
     * only once the unsignalled puts posted before it on the queue pair are complete too.
     */
    @Test
    void aPollOfTheSignalledPutRetiresTheUnsignalledOnesBeforeIt() {
        NicConfig poll = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
        int unsignalledIncompleteBeforeTheLast = 0;
        for (long seed = 0; seed < 100; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(2).config(poll).deterministic(seed, SchedulerPolicy.swarm()).build()) {
                Region x = c.node(1).register("X", 1, ALL);
                Region z = c.node(2).register("Z", 3, ALL);
                remo.core.rdma.OpStatus[] atPoll = new remo.core.rdma.OpStatus[3];
                remo.core.rdma.OpStatus[] beforePoll = new remo.core.rdma.OpStatus[1];
                c.spawn(1, "P0", ep -> {
                    ep.store(x, 0, 7);
                    Op a = ep.put(null, z, 0, x, 0, 1, PostOptions.unsignaled());
                    Op b = ep.put(null, z, 1, x, 0, 1, PostOptions.unsignaled().andInline());
                    Op s = ep.put(null, z, 2, x, 0, 1);
                    beforePoll[0] = a.status();
                    ep.poll(2);
                    atPoll[0] = a.status();
                    atPoll[1] = b.status();
                    atPoll[2] = s.status();
                });
                c.run();
                unsignalledIncompleteBeforeTheLast += beforePoll[0] != remo.core.rdma.OpStatus.COMPLETED ? 1 : 0;
                for (int k = 0; k < 3; k++) {
                    assertEquals(remo.core.rdma.OpStatus.COMPLETED, atPoll[k], "op " + k + " when the poll returned, seed " + seed);
                    assertEquals(7, c.peek(2, "Z", k), "seed " + seed);
                }
            }
        }
        assertTrue(unsignalledIncompleteBeforeTheLast > 0, "the first put was still incomplete before the poll in some run");
    }

    @Test
    void optionsPrintTheirName() {
        assertEquals("unsignaled", PostOptions.unsignaled().toString());
        assertEquals("inline, unsignaled", PostOptions.inline().andUnsignaled().toString());
        assertEquals(PostOptions.unsignaled().andInline(), PostOptions.inline().andUnsignaled());
        assertEquals("inline", PostOptions.inline().toString());
        assertEquals("plain", PostOptions.plain().toString());
        assertTrue(PostOptions.inline().isInline());
        assertTrue(!PostOptions.plain().isInline());
    }
}
