package remo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import remo.nic.Registers;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.Counterexample;
import remo.nic.explore.Exploration;
import remo.nic.explore.Violation;
import remo.testing.seqlock.RemoteSeqlock;

/**
 * The model checker for users' code: a sequence lock of the user's own over RDMA is verified (no
 * torn read in any schedule within the bounds, under rdma-wait-rmw and rdma-sc-rmw), and the variant
 * that skips the second version check is caught with a shrunk counterexample that replays.
 */
class ModelCheckTest {

    /** The set-up: a writer on node 1 publishes once, a reader on node 2 (the home) reads once. */
    static void seqlock(SimCluster c, ModelChecker.After after, boolean checkTwice) {
        RemoteSeqlock lock = new RemoteSeqlock(c, 2, 1, checkTwice);
        c.spawn(1, "writer", ep -> {
            WorkId w = ep.newWorkId("w");
            lock.write(ep, w, 1, 7);
        });
        c.spawn(2, "reader", ep -> {
            long[] r = lock.read(ep);
            Registers.capture(ep, "a0", r[0]);
            Registers.capture(ep, "b0", r[1]);
        });
        after.check(r -> {
            var regs = r.registers().get("reader");
            assertEquals(regs.get("a0"), regs.get("b0"), "the read is torn: " + regs);
        });
    }

    @ModelCheck(nodes = 2)
    void theSeqlockNeverReturnsATornRecord(SimCluster cluster, ModelChecker.After after) {
        seqlock(cluster, after, true);
    }

    @ModelCheck(nodes = 2, model = "rdma-sc-rmw")
    void theSeqlockIsCorrectUnderTheStrongModelToo(SimCluster cluster, ModelChecker.After after) {
        seqlock(cluster, after, true);
    }

    @Test
    void aReaderThatSkipsTheSecondCheckIsCaughtWithAShrunkScheduleThatReplays() {
        ModelChecker checker = ModelChecker.nodes(2);
        Exploration e = checker.explore((c, after) -> seqlock(c, after, false));
        assertFalse(e.passed(), e.summary());
        Counterexample cx = e.counterexamples().get(0);
        System.out.println(cx.violation() + "\n" + cx.schedule() + "\n" + cx.contextSwitches() + " context switches");
        assertEquals(Violation.Kind.SAFETY, cx.violation().kind());
        assertTrue(cx.violation().message().contains("the read is torn"), cx.violation().message());
        assertEquals(List.of(cx.violation()), checker.replay(cx.schedule(), (c, after) -> seqlock(c, after, false)));
        ModelCheckFailedError thrown = org.junit.jupiter.api.Assertions.assertThrows(ModelCheckFailedError.class,
                () -> checker.verify((c, after) -> seqlock(c, after, false)));
        assertTrue(thrown.getMessage().contains("schedule (shrunk: "), thrown.getMessage());
    }
}
