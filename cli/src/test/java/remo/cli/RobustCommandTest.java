package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code remo robust}: labels, violating execution, repair, all minimal repairs, errors. */
class RobustCommandTest {

    private static String suite(String id) {
        return Path.of(System.getProperty("remo.root"), "examples", "suite", id + ".litmus").toString();
    }

    @Test
    void nonRobustProgramGetsAViolatingExecutionAndItsRepair() {
        CliRun r = CliRun.run("robust", "--repair", suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("State-robust: no (2 final states under rdma-tso-rmw, 1 under rdma-sc-rmw)"), r.out);
        assertTrue(r.out.contains("Trace-robust: no"), r.out);
        assertTrue(r.out.contains("Violating execution (rejected by rdma-sc-rmw's check 'sc'):"), r.out);
        assertTrue(r.out.contains("Repair (state, at most 3 insertions, 3 insertion sets checked): P0: rfence 2 before instruction 2"), r.out);
        assertTrue(r.out.contains("     rfence 2   ;"), "the repaired program is printed in litmus syntax");
    }

    @Test
    void stateRobustButNotTraceRobust() {
        CliRun r = CliRun.run("robust", "--repair", suite("R8"));
        assertTrue(r.out.contains("State-robust: yes"), r.out);
        assertTrue(r.out.contains("Trace-robust: no"), r.out);
        assertTrue(r.out.contains("Repair (state, at most 3 insertions, 1 insertion sets checked): none needed"), r.out);
        assertTrue(r.out.contains("P0: poll 2 before instruction 2"), r.out);
    }

    @Test
    void allMinimalRepairsAtTheWaitLevel() {
        CliRun r = CliRun.run("robust", "--repair", "--all-minimal", "--notion", "state", "--weak", "rdma-wait-rmw", suite("V1"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("P0: wait d before instruction 2 -- cost: 1 NIC round trip, 0 CPU fences"), r.out);
        assertTrue(r.out.contains("P0: gf before instruction 2 -- cost"), r.out);
        assertTrue(!r.out.contains("poll 3 before"), "rdma-wait-rmw rejects poll, so it is not in the vocabulary");
    }

    @Test
    void noRepairForWeakAtomicity() {
        CliRun r = CliRun.run("robust", "--repair", "--bound", "2", suite("W1"));
        assertTrue(r.out.contains("no repair with at most 2 insertions"), r.out);
    }

    @Test
    void badArguments() {
        assertEquals(2, CliRun.run("robust", "--notion", "sometimes", suite("L01")).exit);
        assertEquals(2, CliRun.run("robust", "--weak", "my-own.cat", suite("L01")).exit);
        CliRun r = CliRun.run("robust", "--weak", "rdma-tso", suite("W1"));
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("error[E-UNSUPPORTED]: instruction 'rcas' is not supported by model rdma-tso"), r.err);
    }
}
