package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import remo.nic.Registers;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.testing.ModelCheck;
import remo.testing.ModelCheckFailedError;
import remo.testing.ModelChecker;

/**
 * Your own object verified by remo's model checker: the sequence lock of {@link RemoteSeqlock} never
 * returns a torn record in any schedule of one write and one read, under rdma-wait-rmw and
 * rdma-sc-rmw; the reader that skips the second version check is caught, and the failure prints
 * the shrunk schedule.
 */
class SeqlockModelCheckTest {

    /** A writer on node 1 publishes (7, 7); a reader on node 2, the record's home, reads it once. */
    static void writeThenRead(SimCluster cluster, ModelChecker.After after, boolean checkTwice) {
        RemoteSeqlock lock = new RemoteSeqlock(cluster, 2, 1, checkTwice);
        cluster.spawn(1, "writer", ep -> {
            WorkId w = ep.newWorkId("w");
            lock.write(ep, w, 1, 7);
        });
        cluster.spawn(2, "reader", ep -> {
            long[] r = lock.read(ep);
            Registers.capture(ep, "a", r[0]);
            Registers.capture(ep, "b", r[1]);
        });
        after.check(r -> {
            var regs = r.registers().get("reader");
            assertEquals(regs.get("a"), regs.get("b"), "the read is torn: " + regs);
        });
    }

    @ModelCheck(nodes = 2)
    void neverTorn(SimCluster cluster, ModelChecker.After after) {
        writeThenRead(cluster, after, true);
    }

    @ModelCheck(nodes = 2, model = "rdma-sc-rmw")
    void neverTornUnderTheStrongModel(SimCluster cluster, ModelChecker.After after) {
        writeThenRead(cluster, after, true);
    }

    @Test
    void aReaderWithoutTheSecondCheckIsCaught() {
        ModelCheckFailedError e = assertThrows(ModelCheckFailedError.class,
                () -> ModelChecker.nodes(2).verify((c, after) -> writeThenRead(c, after, false)));
        System.out.println(e.getMessage());
        assertTrue(e.getMessage().contains("the read is torn"), e.getMessage());
        assertTrue(e.getMessage().contains("schedule (shrunk: "), e.getMessage());
    }
}
