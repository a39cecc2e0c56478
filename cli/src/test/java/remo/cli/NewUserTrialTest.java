package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression tests for the problems a new user's trial found (each once crashed or misled). */
class NewUserTrialTest {

    private static String suite(String id) {
        return Path.of(System.getProperty("remo.root"), "examples", "suite", id + ".litmus").toString();
    }

    @Test
    void aLongFlatConditionDoesNotOverflowTheStack(@TempDir Path tmp) throws Exception {
        String terms = IntStream.range(0, 20_000).mapToObj(i -> "x = " + i).collect(Collectors.joining(" \\/ "));
        Path f = tmp.resolve("flat.litmus");
        Files.writeString(f, "RDMA Flat\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (" + terms + ")\n");
        CliRun r = CliRun.run("check", f.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Test Flat Allowed"), r.out);
        assertFalse(r.err.contains("StackOverflowError"));
    }

    @Test
    void invalidLimitsAreUsageErrors() {
        CliRun neg = CliRun.run("check", "--max-executions", "-1", suite("L01"));
        assertEquals(2, neg.exit);
        assertEquals("<command line>:1:24: error[E-USAGE]: --max-executions must be 0 (no limit) or positive, not -1",
                neg.err.strip());
        assertEquals(2, CliRun.run("check", "--timeout", "-3", suite("L01")).exit);
        assertTrue(CliRun.run("check", "--timeout", "NaN", suite("L01")).err.contains("error[E-USAGE]: --timeout"));
        assertTrue(CliRun.run("bench", "--rounds", "0", suite("L01")).err.contains("error[E-USAGE]: --rounds must be at least 1"));
        assertTrue(CliRun.run("simulate", "--runs", "0", suite("L01")).err
                .startsWith("<command line>:1:17: error[E-USAGE]: --runs must be at least 1"));
    }

    @Test
    void fuzzNeedsBundledModels() {
        CliRun r = CliRun.run("fuzz", "--programs", "2", "--models", "examples/models/x86tso-herd-style.cat");
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("error[E-MODEL]: fuzz compares the cat models with the abstract machines"), r.err);
        assertFalse(r.err.contains("Exception"));
    }

    @Test
    void nonUtf8AndControlCharactersAreReportedWithPositions(@TempDir Path tmp) throws Exception {
        Path latin1 = tmp.resolve("latin1.litmus");
        Files.write(latin1, "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ; (* caf\u00e9 *)\nexists (x = 1)\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        CliRun a = CliRun.run("check", latin1.toString());
        assertEquals(2, a.exit);
        assertTrue(a.err.contains("latin1.litmus:4:16: error[E-LEX]: invalid UTF-8 byte 0xE9; the file must be UTF-8 text"), a.err);
        Path nul = tmp.resolve("nul.litmus");
        Files.writeString(nul, "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 \u0000;\nexists (x = 1)\n");
        CliRun b = CliRun.run("check", nul.toString());
        assertTrue(b.err.contains("nul.litmus:4:8: error[E-LEX]: unexpected character '\\u0000'"), b.err);
        Path cat = tmp.resolve("binary.cat");
        Files.write(cat, new byte[] {'l', 'e', 't', ' ', (byte) 0xff, (byte) 0xfe});
        CliRun c = CliRun.run("check", "--model", cat.toString(), suite("L01"));
        assertEquals(2, c.exit);
        assertTrue(c.err.contains("binary.cat:1:5: error[E-CAT-SYNTAX]: invalid UTF-8 byte 0xFF"), c.err);
    }

    @Test
    void aDirectoryWithoutTestsIsAnError(@TempDir Path tmp) {
        CliRun r = CliRun.run("check", tmp.toString());
        assertEquals(2, r.exit);
        assertTrue(r.err.contains(":1:1: error[E-IO]: no .litmus files in this directory"), r.err);
    }

    @Test
    void theSuiteTableWorksWithExpectUnderEveryModel() {
        String dir = Path.of(System.getProperty("remo.root"), "examples", "suite").toString();
        for (String model : new String[] {"rdma-tso", "rdma-wait-rmw", "sc"}) {
            CliRun r = CliRun.run("check", "--model", model, dir, "--expect", dir + "/expected.tsv");
            assertEquals(0, r.exit, model + ": " + r.err);
            assertTrue(r.out.contains("Expectations: 71 agree, 0 mismatches"), model + ": " + r.out);
        }
    }

    @Test
    void aPartialForbiddenIsUndecidedNotAMismatch() {
        String dir = Path.of(System.getProperty("remo.root"), "examples", "suite").toString();
        CliRun r = CliRun.run("check", "--max-executions", "30", suite("W10"), "--expect", dir + "/expected.tsv");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Expectations: 0 agree, 0 mismatches, 1 undecided (partial)"), r.out);
        assertTrue(r.err.contains("UNDECIDED"), r.err);
        assertFalse(r.out.contains("no complete execution"), "a partial run does not claim there is no complete execution");
    }

    @Test
    void unknownSkippedChecksAreWarnedAbout() {
        CliRun r = CliRun.run("check", "--skipcheck", "causalty", suite("L01"));
        assertEquals(0, r.exit);
        assertTrue(r.err.contains("warning[W-SKIPCHECK]: model rdma-tso-rmw has no check named 'causalty' "
                + "(its checks: atomicity, causality, coherence)"), r.err);
    }

    // ---- second trial

    @Test
    void malformedGeneratorAndFuzzArgumentsAreUsageErrors() {
        CliRun comma = CliRun.run("fuzz", "--programs", "3", "--models", ",");
        assertEquals(2, comma.exit, comma.err);
        assertTrue(comma.err.contains("error[E-USAGE]: --models names no model"), comma.err);
        CliRun wrap = CliRun.run("fuzz", "--from", "9223372036854775807", "--programs", "3");
        assertEquals(2, wrap.exit, wrap.err);
        CliRun weight = CliRun.run("gen", "--random", "2", "--weight", "put=2147483647");
        assertEquals(2, weight.exit, weight.err);
        assertTrue(weight.err.contains("error[E-GEN]: weight of put is too large"), weight.err);
        CliRun name = CliRun.run("gen", "--cycle", "PodWR Fre PodWR Fre", "--name", "");
        assertEquals(2, name.exit, name.err);
        assertTrue(name.err.contains("error[E-GEN]: --name must be one or more of the characters"), name.err);
        assertFalse((comma.err + wrap.err + weight.err + name.err).contains("Exception"));
    }

    @Test
    void compareLogsReadsStateCountsSafelyAndTestsWithoutPrintedItems(@TempDir Path tmp) throws Exception {
        Path huge = tmp.resolve("huge.txt");
        Files.writeString(huge, "Test X Allowed\nStates 99999999999999999999\nx=1;\nOk\n");
        CliRun r = CliRun.run("compare-logs", huge.toString(), huge.toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("huge.txt:2:9: error[E-LOG]: state count 99999999999999999999 is out of range"), r.err);
        Path t = tmp.resolve("true.litmus");
        Files.writeString(t, "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (true)\n");
        CliRun check = CliRun.run("check", t.toString());
        Path log = tmp.resolve("log.txt");
        Files.writeString(log, check.out);
        CliRun same = CliRun.run("compare-logs", log.toString(), log.toString());
        assertEquals(0, same.exit, same.err);
    }

    @Test
    void aHugeTimeoutMeansNoLimit() {
        CliRun r = CliRun.run("check", "--timeout", "1e10", suite("C12"));
        assertEquals(0, r.exit);
        assertFalse(r.out.contains("partial"), r.out);
    }

    @Test
    void theTimeoutIsHonouredOnLargePrograms(@TempDir Path tmp) throws Exception {
        // two threads of 1000 stores each to one location: C(2000, 1000) coherence orders, far more
        // than any engine decides in 1 s (one thread of 2000 stores is a single execution and is now
        // decided within the limit, so it no longer tests the limit)
        StringBuilder sb = new StringBuilder("RDMA Seq\n{ x@1 = 0; }\n P0@1 | P1@1 ;\n");
        for (int i = 1; i <= 1000; i++) {
            sb.append(" x = ").append(i).append(" | x = ").append(1000 + i).append(" ;\n");
        }
        sb.append("exists (x = 1)\n");
        Path f = tmp.resolve("seq.litmus");
        Files.writeString(f, sb.toString());
        long t0 = System.nanoTime();
        CliRun r = CliRun.run("check", "--timeout", "1", f.toString());
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("time limit of 1 s reached after"), r.out);
        assertTrue(seconds < 15, "stopped " + seconds + " s after start with --timeout 1");
    }

    @Test
    void robustHasATimeLimitAndNamesTheWeakModelFirst() {
        CliRun weak = CliRun.run("robust", "--weak", "tso", suite("L03"));
        assertEquals(2, weak.exit);
        assertTrue(weak.err.contains("error[E-UNSUPPORTED]: instruction 'put' is not supported by model tso"), weak.err);
        CliRun limited = CliRun.run("robust", "--repair", "--max-executions", "3", suite("W10"));
        assertEquals(0, limited.exit, limited.err);
        assertTrue(limited.out.contains("Robustness W10 unknown:"), limited.out);
        assertTrue(limited.err.contains("warning[W-LIMIT]: robustness unknown"), limited.err);
    }

    @Test
    void concurrentSimulationCountsANeverSucceedingAwaitAsStuck(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("await.litmus");
        Files.writeString(f, "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n await x == 1 ;\nexists (x = 1)\n");
        long t0 = System.nanoTime();
        CliRun r = CliRun.run("simulate", "--mode", "concurrent", "--runs", "5", f.toString());
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("0 completed, 0 discarded (assume), 5 stuck, 0 failed"), r.out);
        // five runs waited out would take 5 x ConcEngine's 10 s await time-out; detection (no thread and no
        // QP can still change memory) ends each run at once. The bound sits far from both, so load cannot flip it.
        assertTrue((System.nanoTime() - t0) / 1e9 < 40, "stuck runs are detected, not waited out (5 x 10 s)");
    }

    @Test
    void optionParseErrorsAreDiagnosticsAgainstTheCommandLine() {
        CliRun bad = CliRun.run("check", "--timeout", "abc", suite("L01"));
        assertEquals(2, bad.exit);
        assertTrue(bad.err.startsWith("<command line>:1:17: error[E-USAGE]: --timeout expects a number, found 'abc'"),
                bad.err);
        assertTrue(bad.err.contains("Try 'remo check --help'"), bad.err);
        assertFalse(bad.err.contains("Usage:"), "no usage dump");
        CliRun unknown = CliRun.run("check", "--nope", suite("L01"));
        assertTrue(unknown.err.startsWith("<command line>:1:7: error[E-USAGE]: Unknown option: '--nope'"), unknown.err);
        assertEquals(2, CliRun.run().exit);
    }

    @Test
    void engineAndSkipCheckDiagnosticsPointAtTheirArgument() {
        CliRun skip = CliRun.run("check", "--skipcheck", "causalty", suite("L01"));
        assertTrue(skip.err.contains("<command line>:1:19: warning[W-SKIPCHECK]"), skip.err);
        CliRun engine = CliRun.run("check", "--engine", "operational", "--skipcheck", "x", suite("L01"));
        assertTrue(engine.err.contains("<command line>:1:16: error[E-ENGINE]"), engine.err);
    }

    @Test
    void benchReportsItsInputErrors(@TempDir Path tmp) {
        CliRun r = CliRun.run("bench", tmp.resolve("none.litmus").toString());
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("none.litmus:1:1: error[E-IO]: no such file or directory"), r.err);
    }

    @Test
    void expectationFilesAreValidated(@TempDir Path tmp) throws Exception {
        Files.copy(Path.of(suite("L01")), tmp.resolve("L01.litmus"));
        Path noColumn = tmp.resolve("sc-only.tsv");
        Files.writeString(noColumn, "id\tsc\nL01\tForbidden\n");
        CliRun a = CliRun.run("check", tmp.resolve("L01.litmus").toString(), "--expect", noColumn.toString());
        assertTrue(a.err.contains("warning[W-EXPECT]: no column for model rdma-tso-rmw"), a.err);
        Path badWord = tmp.resolve("bad.tsv");
        Files.writeString(badWord, "id\tsc\nL01\tWhatever\n");
        CliRun b = CliRun.run("check", tmp.resolve("L01.litmus").toString(), "--expect", badWord.toString());
        assertEquals(2, b.exit);
        assertTrue(b.err.contains("bad.tsv:2:5: error[E-EXPECT]: not a verdict: 'Whatever'"), b.err);
        Path dup = tmp.resolve("dup.tsv");
        Files.writeString(dup, "\uFEFFfile\tverdict\nL01.litmus\tAllowed\nL01.litmus\tAllowed\n");
        CliRun c = CliRun.run("check", tmp.resolve("L01.litmus").toString(), "--expect", dup.toString());
        assertTrue(c.err.contains("dup.tsv:3:1: error[E-EXPECT]: second row for 'L01.litmus' (the first is on line 2)"), c.err);
    }

    @Test
    void devicesAreNotReadAsTests() {
        CliRun r = CliRun.run("check", "/dev/null");
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("/dev/null:1:1: error[E-IO]: not a regular file"), r.err);
    }
}
