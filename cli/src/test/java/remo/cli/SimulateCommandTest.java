package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code remo simulate}: output, exit status and errors. */
class SimulateCommandTest {

    private static String suite(String id) {
        String root = System.getProperty("remo.root");
        return Path.of(root, "examples", "suite", id + ".litmus").toString();
    }

    private static CliRun run(String... args) {
        return CliRun.run(args);
    }

    @Test
    void printsTheHistogramBesideTheAllowedSetAndTheCoverage() {
        CliRun r = run("simulate", suite("L03"), "--runs", "200", "--check-traces", "--metrics");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("beside rdma-tso-rmw's allowed set (2 states)"), r.out);
        assertTrue(r.out.contains("*> z=1;"), r.out);
        assertTrue(r.out.contains("Coverage L03: 2/2 allowed states observed"), r.out);
        assertTrue(r.out.contains("Traces: 200 checked against rdma-wait-rmw"), r.out);
        assertTrue(r.out.contains("ops posted: 1 (put 1"), "metrics of the last run: " + r.out);
        assertTrue(r.out.contains("Result L03 Ok"), r.out);
    }

    @Test
    void anObservedStateOutsideTheModelExitsWithOne() {
        CliRun r = run("simulate", suite("L01"), "--runs", "200", "--model", "sc");
        assertEquals(1, r.exit, r.out);
        assertTrue(r.out.contains("FORBIDDEN") && r.out.contains("VIOLATION (state)"), r.out);
        assertTrue(r.out.contains("seed "), "the seed of a violating run is printed: " + r.out);
    }

    @Test
    void concurrentModeAndFlags() {
        CliRun r = run("simulate", suite("W9"), "--runs", "50", "--mode", "concurrent", "--set", "FAILED_RCAS_WRITES=YES");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("concurrent mode"), r.out);
    }

    /**
     * The verbs suite's inline and unsignalled puts run in concurrent mode too (nic.md §5.2): every
     * observed state is allowed, and the traces pass the check; U02 (a poll with only unsignalled
     * puts before it) blocks in every execution, as in deterministic mode.
     */
    @Test
    void concurrentModeRunsInlineAndUnsignalledPuts() {
        for (String id : new String[] {"I01i", "I02", "I03", "U01", "U03"}) {
            String file = Path.of(System.getProperty("remo.root"), "examples", "suite-verbs", id + ".litmus").toString();
            CliRun r = run("simulate", file, "--runs", "40", "--mode", "concurrent", "--check-traces");
            assertEquals(0, r.exit, id + ": " + r.out + r.err);
            assertTrue(r.out.contains("concurrent mode"), r.out);
            assertTrue(r.out.contains("Result " + id + " Ok"), r.out);
            CliRun det = run("simulate", file, "--runs", "40");
            assertEquals(0, det.exit, id + ": " + det.out + det.err);
        }
        String u02 = Path.of(System.getProperty("remo.root"), "examples", "suite-verbs", "U02.litmus").toString();
        CliRun conc = run("simulate", u02, "--runs", "5", "--mode", "concurrent");
        CliRun det = run("simulate", u02, "--runs", "5");
        for (CliRun r : new CliRun[] {conc, det}) {
            assertEquals(0, r.exit, r.out + r.err);
            assertTrue(r.out.contains("Runs: 0 completed, 0 discarded (assume), 5 stuck, 0 failed"), r.out);
        }
    }

    /** The seed-range rule simulate shares with objects check (remo.core.SeedRange), placed at --seed. */
    @Test
    void seedsPastSixtyFourBitsAreAUsageErrorAtSeed() {
        CliRun r = run("simulate", suite("L03"), "--seed", "9223372036854775807", "--runs", "2");
        assertEquals(2, r.exit, r.out + r.err);
        assertTrue(r.err.contains("error[E-USAGE]: --seed 9223372036854775807 with --runs 2 needs seeds beyond "
                + "9223372036854775807 (the seeds S..S+N-1 must fit in 64 bits); the largest seed for 2 runs is "
                + "9223372036854775806\n"), r.err);
        CliRun none = run("simulate", suite("L03"), "--runs", "0");
        assertEquals(2, none.exit);
        assertTrue(none.err.contains("error[E-USAGE]: --runs must be at least 1, not 0"), none.err);
    }

    @Test
    void badInputIsReportedWithExitTwo() {
        assertEquals(2, run("simulate", "no/such/file.litmus").exit);
        CliRun mode = run("simulate", suite("L03"), "--mode", "fast");
        assertEquals(2, mode.exit);
        assertTrue(mode.err.contains("unknown mode 'fast'"), mode.err);
        CliRun flag = run("simulate", suite("L03"), "--set", "NOPE=1");
        assertEquals(2, flag.exit);
        assertTrue(flag.err.contains("E-FLAG"), flag.err);
        CliRun rmw = run("simulate", suite("W1"), "--model", "rdma-tso");
        assertEquals(2, rmw.exit);
        assertTrue(rmw.err.contains("E-UNSUPPORTED"), rmw.err);
    }

    @Test
    void aProgramMixingPollWithGfIsRejectedAtTheInstruction(@TempDir Path tmp) {
        // the user's case: program 16 of seed 7 (gen's defaults) has P0's poll 1 on line 10 and P1's gf on line 11
        assertEquals(0, run("gen", "--random", "17", "--seed", "7", "--out", tmp.toString()).exit);
        Path f = tmp.resolve("gen-7-16.litmus");
        CliRun r = run("simulate", f.toString());
        assertEquals(2, r.exit, r.out);
        assertEquals(f + ":11:20: error[E-SIMULATE]: the simulator cannot run gf in a program that also uses poll (at 10:2): "
                + "its completion modes POLL (poll) and WAIT (wait, gf) are exclusive (nic.md §2.4)", r.err.strip());
        assertEquals("", r.out);
    }

    @Test
    void aSeedRangeBeyond64BitsIsAUsageErrorAtTheSeed() {
        CliRun r = run("simulate", "--seed", "9223372036854775807", "--runs", "3", suite("L03"));
        assertEquals(2, r.exit, r.out);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("<command line>:1:17: error[E-USAGE]: --seed 9223372036854775807 with --runs 3 "
                + "needs seeds beyond 9223372036854775807"), r.err);
        CliRun last = run("simulate", "--seed", "9223372036854775805", "--runs", "3", suite("L03"));
        assertEquals(0, last.exit, last.err);
        assertTrue(last.out.contains("seeds 9223372036854775805..9223372036854775807"), last.out);
    }

    @Test
    void anUnknownModelIsReportedAtItsArgument() {
        CliRun r = run("simulate", "--model", "bogus", suite("L03"));
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("<command line>:1:18: error[E-MODEL]: unknown model 'bogus'"), r.err);
    }

    @Test
    void benchNicPrintsBothWorkloads() {
        CliRun r = run("bench-nic", "--ops", "20000", "--round-trips", "200", "--rounds", "1");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("put stream: median"), r.out);
        assertTrue(r.out.contains("put/wait ping-pong: median"), r.out);
        assertTrue(r.out.contains("(middle round of 1)"), r.out);
    }

    @Test
    void theMedianOfAnEvenNumberOfRoundsIsTheMeanOfTheTwoMiddleOnes() {
        assertEquals(3.0, BenchNicCommand.median(new double[] {2.0, 4.0}));
        assertEquals(2.5, BenchNicCommand.median(new double[] {4.0, 1.0, 3.0, 2.0}));
        assertEquals(3.0, BenchNicCommand.median(new double[] {5.0, 3.0, 1.0}));
        assertEquals(7.0, BenchNicCommand.median(new double[] {7.0}));
    }

    @Test
    void faultsAreInjectedAndEveryRequestIsCounted() {
        CliRun r = run("simulate", suite("W2"), "--runs", "100", "--check-traces", "--faults", "qp-error(P1, 3, op=1)");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("Fault plan: qp-error(P1, 3, op=1)\n"), r.out);
        assertTrue(r.out.contains("Runs: 100 completed, 0 discarded (assume), 0 stuck, 0 crashed, 0 failed"), r.out);
        assertTrue(r.out.contains("Faults: a request was flushed or a node crashed in 100 of 100 runs (a node crashed in 0)"),
                r.out);
        assertTrue(r.out.contains("Requests: 200 posted = 100 completed + 100 flushed (error completions: 100 reported to "
                + "poll/wait/gf, 0 unreported at the end, 0 on crashed nodes); 0 lost"), r.out);
        assertTrue(r.out.contains("Result W2 Ok"), r.out);
    }

    @Test
    void aFlushedPutEndsOutsideTheModelAfterAFaultNotAsAViolation() {
        CliRun r = run("simulate", suite("L02"), "--runs", "50", "--faults", "qp-error(P0, 2, op=1); qp-error(P1, 1, op=1)");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("after fault"), "a state outside the model seen only after faults: " + r.out);
        assertTrue(!r.out.contains("FORBIDDEN") && !r.out.contains("VIOLATION"), r.out);
    }

    @Test
    void aCrashedNodeLeavesNoFinalState() {
        CliRun r = run("simulate", suite("W2"), "--runs", "20", "--faults", "crash(3, step=0)");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("Runs: 0 completed, 0 discarded (assume), 0 stuck, 20 crashed, 0 failed"), r.out);
        assertTrue(r.out.contains("; 0 lost"), r.out);
    }

    @Test
    void aBadFaultRuleIsAnErrorAtItsColumn() {
        CliRun r = run("simulate", suite("W2"), "--faults", "crash(2, step=1); qp-error(P0, 3, opp=1)");
        assertEquals(2, r.exit, r.err);
        assertEquals("", r.out);
        int col = ("simulate " + suite("W2") + " --faults ").length() + "crash(2, step=1); qp-error(P0, 3, ".length() + 1;
        assertEquals("<command line>:1:" + col + ": error[E-FAULT]: expected op=N (the QP's N-th request) or step=N "
                + "(a scheduler step), found 'opp'\n", r.err.replace("\r", ""));
        CliRun conc = run("simulate", suite("W2"), "--mode", "concurrent", "--faults", "crash(2, step=1)");
        assertEquals(2, conc.exit, conc.err);
        assertTrue(conc.err.contains("error[E-USAGE]: the rule crash(2, step=1) counts scheduler steps"), conc.err);
    }

    @Test
    void aRuleThatCannotFireIsAWarning() {
        CliRun r = run("simulate", suite("W2"), "--runs", "5", "--faults", "qp-error(P7, 3, op=1); qp-error(P1, 3, op=1)");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains("W2.litmus:1:1: warning[W-FAULT]: fault rule qp-error(P7, 3, op=1) never fires: the test "
                + "has no thread P7"), r.err);
        assertTrue(r.out.contains("Fault plan: qp-error(P1, 3, op=1)\n"), r.out);
    }

    /**
     * Issue 28: a run its step budget stops is cut, counted and shown with each thread's pending call
     * and its last steps, the count of the steps left out exact; it is not checked as a whole execution.
     */
    @Test
    void aRunStoppedByItsStepBudgetShowsTheTraceCutWithTheCountLeftOut(@TempDir Path dir) throws java.io.IOException {
        StringBuilder stores = new StringBuilder();
        for (int i = 1; i <= 80; i++) {
            stores.append(" x = ").append(i).append(" ;\n");
        }
        Path test = dir.resolve("LONG.litmus");
        java.nio.file.Files.writeString(test, "RDMA LONG\n{ x@1 = 0; }\n P0@1 ;\n" + stores + "exists (x = 80)\n");
        CliRun r = run("simulate", test.toString(), "--runs", "3", "--max-steps", "70", "--check-traces");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("Runs: 0 completed, 0 discarded (assume), 0 stuck, 0 failed\n"), r.out);
        assertTrue(r.out.contains("Cut: 3 runs stopped at the step budget of 70 scheduler steps (no final state; not "
                + "checked: trace cut); the first, seed 0:\n  step limit of 70 scheduler steps exceeded"), r.out);
        assertTrue(r.out.contains("\n    P0@1: pending Store[region=x@1, offset=0, value="), r.out);
        assertTrue(r.out.contains("\n  trace cut: the last 50 of 70 scheduler steps are kept, 20 earlier steps left out "
                + "(not checked: trace cut)\n    step 20: "), r.out);
        assertTrue(r.out.contains("\n    step 69: "), r.out);
        assertTrue(r.out.contains("\nResult LONG Ok (partial: 3 runs cut at the step budget)\n"), r.out);
        assertTrue(r.out.contains("Traces: 0 checked against tso (0 distinct graphs), 0 inconsistent; 3 cut runs "
                + "not checked: trace cut"), r.out);
        CliRun bad = run("simulate", test.toString(), "--max-steps", "0");
        assertEquals(2, bad.exit);
        assertTrue(bad.err.contains("error[E-USAGE]: the step budget of a run must be at least 1, got 0"), bad.err);
    }
}
