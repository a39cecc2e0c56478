package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression tests for the third new-user trial's findings on {@code check} and the command line. */
class ThirdTrialTest {

    private static String suite(String id) {
        return Path.of(System.getProperty("remo.root"), "examples", "suite", id + ".litmus").toString();
    }

    @Test
    void everySubcommandPrintsTheVersion() {
        for (String cmd : new String[] {"check", "simulate", "bench-nic", "bench-locks", "robust", "gen", "fuzz", "report", "compare-logs",
                "bench"}) {
            CliRun r = CliRun.run(cmd, "--version");
            assertEquals(0, r.exit, cmd);
            assertEquals(RemoCommand.VERSION, r.out.strip(), cmd + " --version");
        }
    }

    @Test
    void anUnknownCommandIsNamed() {
        CliRun r = CliRun.run("bogus", "x");
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("<command line>:1:1: error[E-USAGE]: unknown command 'bogus' (commands: check,"), r.err);
        assertTrue(r.err.contains("Try 'remo --help' for the commands."), r.err);
        CliRun none = CliRun.run();
        assertEquals(2, none.exit);
        assertEquals(1, none.err.split("(?i)try '", -1).length - 1, "one hint, not two: " + none.err);
    }

    @Test
    void aTestWithoutAnExpectationRowIsReported() {
        CliRun r = CliRun.run("check", "-q", suite("L07"), "--expect", TestData.corpus().resolve("EXPECTED.tsv").toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains("warning[W-EXPECT]: no row for " + suite("L07") + ": the test is not compared"), r.err);
        assertTrue(r.out.contains("Expectations: 0 agree, 0 mismatches, 1 without a row"), r.out);
    }

    @Test
    void aPartialRunWithoutWitnessIsUndecided() {
        CliRun r = CliRun.run("check", "-q", "--max-executions", "1", suite("L11"), suite("L07"), "--expect",
                Path.of(System.getProperty("remo.root"), "examples", "suite", "expected.tsv").toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Warning: no witness among the executions explored: the verdict is undecided, not Forbidden"),
                r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.startsWith("L11") && l.contains("Undecided") && l.contains("PARTIAL")), r.out);
        assertFalse(r.out.lines().anyMatch(l -> l.startsWith("L11") && l.contains("Forbidden")), r.out);
        assertTrue(r.err.contains("UNDECIDED " + suite("L11") + ": expected Allowed, got Undecided"), r.err);
    }

    @Test
    void aFlagSetTwiceOnTheCommandLineIsAnError() {
        CliRun r = CliRun.run("check", "-q", "--set", "GP_RESPONDER_REORDER=ON", "--set", "GP_RESPONDER_REORDER=OFF", suite("L07"));
        assertEquals(2, r.exit);
        assertEquals("<command line>:1:46: error[E-FLAG]: flag GP_RESPONDER_REORDER is set twice", r.err.strip());
        CliRun same = CliRun.run("check", "-q", "--set", "GG_LOCAL_ORDER=OFF", "--set", "GG_LOCAL_ORDER=OFF", suite("L07"));
        assertTrue(same.err.startsWith("<command line>:1:41: error[E-FLAG]: flag GG_LOCAL_ORDER is set twice"), same.err);
        assertEquals(0, CliRun.run("check", "-q", "--set", "GP_RESPONDER_REORDER=ON", "--set", "GG_LOCAL_ORDER=OFF",
                suite("L07")).exit);
    }

    @Test
    void theSummaryDoesNotPadToAHugeName(@TempDir Path tmp) throws Exception {
        String longName = "N".repeat(300);
        Path f = tmp.resolve("long.litmus");
        Files.writeString(f, "RDMA " + longName + "\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        CliRun r = CliRun.run("check", "-q", f.toString(), suite("L07"));
        String l07 = r.out.lines().filter(l -> l.startsWith("L07 ")).findFirst().orElseThrow();
        assertTrue(l07.length() < 120, "the L07 summary line is padded to at most 40 columns of name: " + l07.length());
    }

    @Test
    void aRobustProgramWithABlockedPollExplainsWhyNoRepairExists() {
        String x17 = Path.of(System.getProperty("remo.root"), "examples", "errors", "X17.litmus").toString();
        CliRun r = CliRun.run("robust", "--repair", x17);
        assertTrue(r.out.contains("no repair with at most 3 insertions (the program has a statically blocked poll, which no "
                + "insertion removes, and models.md \u00a710.3 admits no repaired program with one)"), r.out);
    }

    @Test
    void simulateDoesNotClaimEveryExecutionBlocksWhenTheAllowedSetIsPartial() {
        CliRun r = CliRun.run("simulate", "--max-executions", "1", "--runs", "5", suite("L07"));
        assertTrue(r.out.contains("Coverage L07: unknown (the partial allowed set has no state yet)"), r.out);
        assertFalse(r.out.contains("every execution blocks"), r.out);
    }

    @Test
    void compareLogsSkipsAByteOrderMark(@TempDir Path tmp) throws Exception {
        CliRun run = CliRun.run("check", suite("L07"));
        Path a = tmp.resolve("a.txt");
        Path b = tmp.resolve("b.txt");
        Files.writeString(a, "\uFEFF" + run.out);
        Files.writeString(b, run.out);
        CliRun r = CliRun.run("compare-logs", a.toString(), b.toString());
        assertEquals(0, r.exit, r.err);
    }

    @Test
    void expectationRowsMatchThroughSymbolicLinks(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("real"));
        Files.copy(Path.of(suite("L07")), dir.resolve("L07.litmus"));
        Files.writeString(dir.resolve("expect.tsv"), "file\tverdict\nL07.litmus\tAllowed\n");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), dir);
        CliRun r = CliRun.run("check", "-q", link.resolve("L07.litmus").toString(), "--expect",
                dir.resolve("expect.tsv").toString());
        assertTrue(r.out.contains("Expectations: 1 agree, 0 mismatches"), r.out + r.err);
    }

    @Test
    void reportingOptionErrorsAreUsageErrorsAtTheirValue() {
        CliRun r = CliRun.run("check", "--max-graphs", "0", suite("L07"));
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("<command line>:1:20: error[E-USAGE]: --max-graphs must be at least 1"), r.err);
    }

    @Test
    void compareLogsLocatesAnInvalidByte(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a.txt");
        Files.write(a, "Test L07 Allowed\nStates 1\nx=\u00e9;\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        CliRun r = CliRun.run("compare-logs", a.toString(), a.toString());
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("a.txt:3:3: error[E-LOG]: invalid UTF-8 byte 0xE9"), r.err);
    }
}
