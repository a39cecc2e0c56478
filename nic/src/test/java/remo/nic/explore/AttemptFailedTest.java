package remo.nic.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.Region;
import remo.nic.Registers;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * {@link Endpoint#attemptFailed()} in the model checker (nic.md §5.3 "Failed attempts"): a remote
 * seqlock whose reader declares its failed attempts is decided with the same outcomes as without
 * the declaration, in far fewer executions; a writer that leaves the version odd is a livelock named
 * by the words the attempt read; an attempt that changed a shared word cannot be declared failed; a
 * seeded run ignores the call.
 */
class AttemptFailedTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    /**
     * A writer on node 1 writes {@code [v, 7, 7]} to the record on node 3 as a seqlock (version odd,
     * the two words, version even unless {@code leaveOdd}); a reader on node 2 reads version, words,
     * version with waited gets until the versions are equal and even, declaring each failed attempt
     * when {@code declare}, and captures the two words.
     */
    private static ExplorationTarget seqlock(boolean declare, boolean leaveOdd) {
        return ExplorationTarget.of(3, c -> {
            Region rec = c.node(3).register("rec", 3, ALL);
            Region src = c.node(1).register("src", 2, ALL, new long[] {7, 7});
            Region res = c.node(1).register("res", 1, EnumSet.of(Access.LOCAL_WRITE));
            Region buf = c.node(2).register("buf", 4, EnumSet.of(Access.LOCAL_WRITE));
            c.spawn(1, "writer", ep -> {
                WorkId w = ep.newWorkId("w");
                ep.rfaa(w, res, 0, rec, 0, 1);
                ep.waitFor(w);
                ep.put(w, rec, 1, src, 0, 2);
                ep.waitFor(w);
                if (!leaveOdd) {
                    ep.rfaa(w, res, 0, rec, 0, 1);
                    ep.waitFor(w);
                }
            });
            c.spawn(2, "reader", ep -> {
                WorkId r = ep.newWorkId("r");
                while (true) {
                    ep.get(r, buf, 0, rec, 0, 1);
                    ep.rfence(3);
                    ep.get(r, buf, 1, rec, 1, 2);
                    ep.rfence(3);
                    ep.get(r, buf, 3, rec, 0, 1);
                    ep.waitFor(r);
                    long v1 = ep.load(buf, 0);
                    long v2 = ep.load(buf, 3);
                    if (v1 == v2 && (v1 & 1) == 0) {
                        break;
                    }
                    if (declare) {
                        ep.attemptFailed();
                    }
                }
                Registers.capture(ep, "a", ep.load(buf, 1));
                Registers.capture(ep, "b", ep.load(buf, 2));
            });
        });
    }

    private static Set<String> outcomes(ExplorationTarget t, Exploration[] result) {
        Set<String> out = new TreeSet<>();
        result[0] = Explorer.explore(t, ExplorationOptions.defaults(), run -> {
            Map<String, Long> regs = run.result().registers().get("reader");
            out.add(regs.get("a") + "," + regs.get("b"));
            return List.of();
        });
        return out;
    }

    @Test
    void declaredAttemptsGiveTheSameOutcomesInFewerExecutions() {
        Exploration[] with = new Exploration[1];
        Exploration[] without = new Exploration[1];
        Set<String> declared = outcomes(seqlock(true, false), with);
        Set<String> plain = outcomes(seqlock(false, false), without);
        System.out.println("declared: " + with[0].summary() + "\nplain: " + without[0].summary());
        assertTrue(with[0].complete() && with[0].passed(), with[0].summary());
        assertTrue(without[0].complete() && without[0].passed(), without[0].summary());
        assertEquals(Set.of("0,0", "7,7"), plain, "a seqlock read is never torn");
        assertEquals(plain, declared);
        assertTrue(with[0].discarded() > 0, with[0].summary());
        assertTrue(with[0].executions() < without[0].executions(), with[0].summary() + " / " + without[0].summary());
    }

    @Test
    void aVersionLeftOddIsALivelockNamingTheWordsTheAttemptRead() {
        Exploration r = Explorer.explore(seqlock(true, true), ExplorationOptions.defaults(), ExecutionCheck.NONE);
        assertFalse(r.passed(), r.summary());
        Violation v = r.counterexamples().get(0).violation();
        assertEquals(Violation.Kind.LIVENESS, v.kind(), v.toString());
        assertTrue(v.message().contains("reader@2: pending Get"), v.message());
        assertTrue(v.message().contains("its attempt at AttemptFailedTest.lambda"), v.message());
        assertTrue(v.message().contains("rec@3[0] = 1"), v.message());
        assertTrue(v.message().contains("no step changes them, so every retry fails the same way"), v.message());
    }

    /** An attempt that increments a shared counter is not discarded: the declaration is refused, as the body's exception. */
    @Test
    void anAttemptThatChangedASharedWordCannotBeDeclaredFailed() {
        ExplorationTarget t = ExplorationTarget.of(2, c -> {
            Region counter = c.node(2).register("counter", 1, ALL);
            Region flag = c.node(2).register("flag", 1, ALL);
            Region res = c.node(1).register("res", 2, EnumSet.of(Access.LOCAL_WRITE));
            c.spawn(1, "retrier", ep -> {
                WorkId w = ep.newWorkId("w");
                while (true) {
                    ep.rfaa(w, res, 0, counter, 0, 1);
                    ep.get(w, res, 1, flag, 0, 1);
                    ep.waitFor(w);
                    if (ep.load(res, 1) == 1) {
                        break;
                    }
                    ep.attemptFailed();
                }
            });
            c.spawn(2, "setter", ep -> ep.store(flag, 0, 1));
        });
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults(), ExecutionCheck.NONE);
        assertFalse(r.passed(), r.summary());
        Violation v = r.counterexamples().get(0).violation();
        assertEquals(Violation.Kind.ASSERTION, v.kind(), v.toString());
        assertTrue(v.message().contains("attemptFailed() after an attempt that changed counter@2"), v.message());
    }

    /**
     * An attempt whose get wrote into a region of its own node that another thread of the node then
     * loads: the run cannot be discarded (the other thread saw the failed attempt's write); the
     * declaration is reported, not a pass.
     */
    @Test
    void anAttemptWhoseResultAnotherThreadReadsIsReported() {
        ExplorationTarget t = ExplorationTarget.of(2, c -> {
            Region x = c.node(2).register("x", 1, ALL, new long[] {5});
            Region buf = c.node(1).register("buf", 1, EnumSet.of(Access.LOCAL_WRITE));
            c.spawn(1, "retrier", ep -> {
                WorkId w = ep.newWorkId("w");
                while (true) {
                    ep.get(w, buf, 0, x, 0, 1);
                    ep.waitFor(w);
                    if (ep.load(buf, 0) == 1) {
                        break;
                    }
                    ep.attemptFailed();
                }
            });
            c.spawn(1, "observer", ep -> {
                if (ep.load(buf, 0) == 5) {
                    throw new AssertionError("observer saw the failed attempt's 5");
                }
            });
            c.spawn(2, "setter", ep -> ep.store(x, 0, 1));
        });
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults(), ExecutionCheck.NONE);
        assertFalse(r.passed(), r.summary());
        assertTrue(r.counterexamples().stream().anyMatch(cx -> cx.violation().message().contains("observer saw")
                || cx.violation().message().contains("attempt that changed buf@1")), r.summary());
    }

    /** A CPU store of any value, Long.MIN_VALUE included, to a word other threads see refuses the declaration. */
    @Test
    void aCpuStoreOfAnyValueRefusesTheDeclaration() {
        ExplorationTarget t = ExplorationTarget.of(2, c -> {
            Region flag = c.node(1).register("flag", 1, ALL);
            Region mark = c.node(1).register("mark", 1, ALL);
            c.spawn(1, "retrier", ep -> {
                while (ep.load(flag, 0) == 0) {
                    ep.store(mark, 0, Long.MIN_VALUE);
                    ep.attemptFailed();
                }
            });
            c.spawn(1, "setter", ep -> ep.store(flag, 0, 1));
        });
        Exploration r = Explorer.explore(t, ExplorationOptions.defaults(), ExecutionCheck.NONE);
        assertFalse(r.passed(), r.summary());
        assertTrue(r.counterexamples().get(0).violation().message().contains("attempt that changed mark@1"), r.summary());
    }

    @Test
    void aSeededRunIgnoresTheDeclaration() {
        ExplorationTarget t = seqlock(true, false);
        for (long seed = 0; seed < 20; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(t.nodes()).config(t.config()).deterministic(seed).build()) {
                t.setup().accept(c);
                Map<String, Long> regs = c.run().registers().get("reader");
                assertEquals(regs.get("a"), regs.get("b"), "seed " + seed);
            }
        }
    }
}
