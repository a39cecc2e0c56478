package remo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.Counterexample;
import remo.nic.explore.Exploration;
import remo.nic.explore.Violation;

/**
 * The model checker for users' code: a shared counter of the user's own, incremented by remote
 * fetch-and-add from two nodes, is verified (never a lost update, under rdma-wait-rmw and
 * rdma-sc-rmw), and the variant that reads with a get and writes back with a put is caught with a
 * shrunk counterexample that replays.
 */
class ModelCheckTest {

    /** Increments the counter on node 2 once: by RFAA, or (the bug) by a get and a put of the value read plus one. */
    static void increment(Endpoint ep, Region counter, Region scratch, boolean atomic) {
        WorkId w = ep.newWorkId("w");
        if (atomic) {
            ep.rfaa(w, scratch, 0, counter, 0, 1);
            ep.waitFor(w);
        } else {
            ep.get(w, scratch, 0, counter, 0, 1);
            ep.waitFor(w);
            ep.store(scratch, 1, ep.load(scratch, 0) + 1);
            ep.put(w, counter, 0, scratch, 1, 1);
            ep.waitFor(w);
        }
    }

    /** Threads on nodes 1 and 2 increment the counter on node 2 once each. */
    static void counter(SimCluster c, ModelChecker.After after, boolean atomic) {
        Region counter = c.node(2).register("counter", 1, EnumSet.of(Access.REMOTE_ATOMIC, Access.REMOTE_READ,
                Access.REMOTE_WRITE));
        for (int n = 1; n <= 2; n++) {
            Region scratch = c.node(n).register("scratch", 2, EnumSet.of(Access.LOCAL_WRITE));
            c.spawn(n, "inc" + n, ep -> increment(ep, counter, scratch, atomic));
        }
        after.check(r -> assertEquals(2, c.peek(2, "counter", 0), "a lost update"));
    }

    @ModelCheck(nodes = 2)
    void fetchAndAddLosesNoUpdate(SimCluster cluster, ModelChecker.After after) {
        counter(cluster, after, true);
    }

    @ModelCheck(nodes = 2, model = "rdma-sc-rmw")
    void fetchAndAddLosesNoUpdateUnderTheStrongModel(SimCluster cluster, ModelChecker.After after) {
        counter(cluster, after, true);
    }

    @Test
    void getThenPutLosesAnUpdateAndTheShrunkScheduleReplays() {
        ModelChecker checker = ModelChecker.nodes(2);
        Exploration e = checker.explore((c, after) -> counter(c, after, false));
        assertFalse(e.passed(), e.summary());
        Counterexample cx = e.counterexamples().get(0);
        System.out.println(cx.violation() + "\n" + cx.schedule() + "\n" + cx.contextSwitches() + " context switches");
        assertEquals(Violation.Kind.SAFETY, cx.violation().kind());
        assertTrue(cx.violation().message().contains("a lost update"), cx.violation().message());
        assertEquals(List.of(cx.violation()), checker.replay(cx.schedule(), (c, after) -> counter(c, after, false)));
        ModelCheckFailedError thrown = assertThrows(ModelCheckFailedError.class,
                () -> checker.verify((c, after) -> counter(c, after, false)));
        assertTrue(thrown.getMessage().contains("schedule (shrunk: "), thrown.getMessage());
    }
}
