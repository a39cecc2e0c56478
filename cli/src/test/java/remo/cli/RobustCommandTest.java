package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void aTimeLimitNamesTheTestWhoseRobustnessIsUnknown(@TempDir Path tmp) {
        // 4 threads of 10 instructions on 3 nodes: the analysis alone takes seconds
        CliRun gen = CliRun.run("gen", "--random", "1", "--seed", "2", "--nodes", "3", "--threads", "4",
                "--instructions", "10", "--out", tmp.toString());
        assertEquals(0, gen.exit, gen.err);
        CliRun r = CliRun.run("robust", "--repair", "--timeout", "0.2", tmp.resolve("gen-2-0.litmus").toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Robustness gen-2-0 unknown: ") && r.out.contains("(--timeout)\n"), r.out);
        assertTrue(r.err.contains("gen-2-0.litmus:1:1: warning[W-LIMIT]: robustness unknown: "), r.err);
    }

    @Test
    void aUsageErrorPrintsNothingOnStandardOutput() {
        CliRun r = CliRun.run("robust", "--weak", "bogus", suite("L07"));
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("<command line>:1:15: error[E-MODEL]: unknown model 'bogus'"), r.err);
        CliRun strong = CliRun.run("robust", "--strong", "bogus", suite("L07"));
        assertEquals("", strong.out);
        assertTrue(strong.err.startsWith("<command line>:1:17: error[E-MODEL]: unknown model 'bogus'"), strong.err);
    }

    @Test
    void swappedModelsAreNotStateRobustAndWarn() {
        CliRun r = CliRun.run("robust", "--weak", "rdma-sc-rmw", "--strong", "rdma-tso", suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("State-robust: no (1 final state under rdma-sc-rmw, 2 under rdma-tso)"), r.out);
        assertTrue(r.out.contains("State only rdma-tso reaches: x=1; y=1; z=0;"), r.out);
        assertTrue(r.err.contains("L07.litmus:1:1: warning[W-MODEL-ORDER]: the weak model rdma-sc-rmw is stronger than the "
                + "strong model rdma-tso on this test: 1 final state under rdma-tso is not allowed by rdma-sc-rmw (were "
                + "--weak and --strong swapped?)"), r.err);
        CliRun right = CliRun.run("robust", "--weak", "rdma-tso", suite("L07"));
        assertTrue(!right.err.contains("W-MODEL-ORDER"), right.err);
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
