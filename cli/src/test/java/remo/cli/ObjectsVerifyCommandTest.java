package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code remo objects verify}: result lines, the summary, exit statuses, bad input located, replay. */
class ObjectsVerifyCommandTest {

    @Test
    void aLockVerifiedAtOneBoundUnderOneModel() {
        CliRun r = CliRun.run("objects", "verify", "CasSpinLock", "--model", "rdma-wait-rmw", "--threads", "2", "--nodes", "2",
                "--ops", "1");
        assertEquals(0, r.exit, r.err);
        String[] lines = r.out.split("\n");
        assertEquals(3, lines.length, r.out);
        assertTrue(lines[0].matches("CasSpinLock\\(PUT\\) 2 threads on 2 nodes x 1 op under rdma-wait-rmw: no violation within "
                + "the bounds; 8 executions explored, 1 pruned, 0 cut at the step bound; \\d+\\.\\d s"), lines[0]);
        assertTrue(lines[1].startsWith("CasSpinLock(RFAA) 2 threads on 2 nodes x 1 op under rdma-wait-rmw: no violation"),
                lines[1]);
        assertEquals("2 verifications: no violation within the bounds", lines[2]);
    }

    @Test
    void aLimitMakesTheVerificationPartialAndTheExitStatus2() {
        CliRun r = CliRun.run("objects", "verify", "WeakTicketLock", "--model", "rdma-wait-rmw", "--threads", "2", "--nodes",
                "2", "--ops", "2", "--max-executions", "5");
        assertEquals(2, r.exit, r.out + r.err);
        assertTrue(r.out.contains("no violation found (partial: the bound of 5 runs)"), r.out);
        assertTrue(r.err.contains("warning[W-LIMIT]: WeakTicketLock 2 threads on 2 nodes x 2 ops under rdma-wait-rmw is "
                + "partial: the bound of 5 runs"), r.err);
        assertTrue(r.out.endsWith("1 verification: 1 partial (a limit stopped it), none with a violation\n"), r.out);
    }

    @Test
    void badInputIsLocatedAndExitsWith2() {
        CliRun unknown = CliRun.run("objects", "verify", "Mutex");
        assertEquals(2, unknown.exit);
        assertTrue(unknown.err.startsWith("<command line>:1:16: error[E-USAGE]: no verifiable object 'Mutex'; one of "
                + "WeakTicketLock, StrongTicketLock, CasSpinLock(PUT), CasSpinLock(RFAA)"), unknown.err);
        CliRun model = CliRun.run("objects", "verify", "WeakTicketLock", "--model", "tso");
        assertEquals(2, model.exit);
        assertTrue(model.err.contains("--model must be rdma-wait-rmw or rdma-sc-rmw, not 'tso'"), model.err);
        CliRun half = CliRun.run("objects", "verify", "WeakTicketLock", "--threads", "2");
        assertEquals(2, half.exit);
        assertTrue(half.err.contains("--threads, --nodes and --ops go together (one bound); --nodes is missing"), half.err);
        CliRun badReplay = CliRun.run("objects", "verify", "WeakTicketLock", "--model", "rdma-wait-rmw", "--threads", "2",
                "--nodes", "2", "--ops", "1", "--replay", "CPU(t0,call0), HOP(1)");
        assertEquals(2, badReplay.exit);
        assertTrue(badReplay.err.contains("schedule action 2 'HOP(1)' is not CPU(tN,callK), DRAIN(tN,entryK), "
                + "NIC(tN,wK,stageS) or FAULT(K)"), badReplay.err);
        CliRun wrongReplay = CliRun.run("objects", "verify", "WeakTicketLock", "--model", "rdma-wait-rmw", "--threads", "2",
                "--nodes", "2", "--ops", "1", "--replay", "NIC(t1,w9,stage1)");
        assertEquals(2, wrongReplay.exit);
        assertTrue(wrongReplay.err.contains("the schedule does not fit the program: action 1 NIC(t1,w9,stage1) is not "
                + "enabled there"), wrongReplay.err);
    }

    /**
     * Bounds far beyond what the model checker can finish are usage errors at their own column, and a
     * check that reaches a limit of its own (the real-time orders of eight calls) stops the
     * verification partial instead of an internal error (a new user's trial).
     */
    @Test
    void hugeBoundsAreRefusedAndACheckLimitIsPartial() {
        CliRun threads = CliRun.run("objects", "verify", "AtomicVar", "--threads", "2147483647", "--nodes", "2", "--ops", "1");
        assertEquals(2, threads.exit);
        assertEquals("<command line>:1:36: error[E-USAGE]: --threads must be at most 32 (the model checker runs every "
                + "schedule of the bound)\n", threads.err);
        CliRun ops = CliRun.run("objects", "verify", "AtomicVar", "--threads", "2", "--nodes", "2", "--ops", "100000");
        assertEquals(2, ops.exit);
        assertTrue(ops.err.startsWith("<command line>:1:54: error[E-USAGE]: --ops must be at most 32"), ops.err);
        CliRun nodes = CliRun.run("objects", "verify", "AtomicVar", "--threads", "2", "--nodes", "100", "--ops", "1");
        assertEquals(2, nodes.exit);
        assertEquals("<command line>:1:46: error[E-USAGE]: AtomicVar: a cluster has 1..64 nodes, got 100\n", nodes.err);
        CliRun orders = CliRun.run("objects", "verify", "AtomicVar", "--threads", "8", "--nodes", "2", "--ops", "1",
                "--model", "rdma-wait-rmw", "--timeout", "60");
        assertEquals(2, orders.exit, orders.out + orders.err);
        assertTrue(orders.out.startsWith("AtomicVar 8 threads on 2 nodes x 1 op under rdma-wait-rmw: no violation found "
                + "(partial: more than 2000000 real-time orders of 8 calls to enumerate)"), orders.out);
        assertTrue(!orders.err.contains("internal error"), orders.err);
    }
}
