package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.core.Diagnostic;
import remo.core.Position;
import remo.core.SourceText;
import remo.core.UserPath;

/**
 * Issue 17: no internal error on any input (paths from user text go through {@link UserPath}),
 * every echoed token printable and short ({@link SourceText#quote}, {@link Diagnostic#shownMessage}),
 * the silent cases warned about, input size and parsing inside the limits, write errors on
 * standard output reported, partial results read as partial.
 */
class ReliabilityTest {

    private static String suite(String id) {
        return TestData.suite().resolve(id + ".litmus").toString();
    }

    private static Path write(Path dir, String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static Path write(Path dir, String name, String text) throws IOException {
        return write(dir, name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code s} holds a character the escaping rule must have escaped (the newline ends lines). */
    static boolean hasUnprintable(String s) {
        return s.codePoints().anyMatch(cp -> cp != '\n' && !SourceText.show(cp).equals(new String(Character.toChars(cp))));
    }

    @Test
    void aNulByteInAnIncludeIsALocatedErrorUnderCheckRobustAndBench(@TempDir Path tmp) throws IOException {
        Path cat = write(tmp, "nul.cat", "\"t\"\ninclude \"\u0000\"\n");
        String expected = cat + ":2:1: error[E-CAT-INCLUDE]: invalid included file name '\\u0000': a file name cannot "
                + "contain the character \\u0000";
        for (String[] args : new String[][] {{"check", "--model", cat.toString(), suite("L07")},
                {"robust", "--weak", cat.toString(), suite("L07")}, {"bench", "--model", cat.toString(), suite("L07")}}) {
            CliRun r = CliRun.run(args);
            assertEquals(2, r.exit, args[0] + ": " + r.err);
            assertTrue(r.err.contains(expected), args[0] + ": " + r.err);
            assertFalse(r.err.contains("internal error"), r.err);
        }
    }

    @Test
    void aNulByteInTheFileColumnOfAnExpectationFileIsALocatedError(@TempDir Path tmp) throws IOException {
        Path tsv = write(tmp, "e.tsv", "file\tverdict\nfoo\u0000.litmus\tAllowed\n");
        CliRun r = CliRun.run("check", "--expect", tsv.toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains(tsv + ":2:1: error[E-IO]: invalid test file name 'foo\\u0000.litmus': a file name "
                + "cannot contain the character \\u0000"), r.err);
        Path perModel = write(tmp, "m.tsv", "id\trdma-tso\nL07\tAllowed\nx\u0000y\tForbidden\n");
        r = CliRun.run("check", "--expect", perModel.toString(), suite("L07"));
        assertTrue(r.err.contains(perModel + ":3:1: error[E-IO]: invalid test file name 'x\\u0000y.litmus'"), r.err);
    }

    @Test
    void aNulByteInACommandLineArgumentOrAnIndexLineIsAnInputError(@TempDir Path tmp) throws IOException {
        CliRun r = CliRun.run("check", "a\u0000b.litmus", suite("L07"));
        assertEquals(2, r.exit, r.err);
        // an argument that names no file is reported at its column of the command line
        assertTrue(r.err.contains("<command line>:1:7: error[E-IO]: invalid input file name 'a\\u0000b.litmus': a file "
                + "name cannot contain the character \\u0000"), r.err);
        assertTrue(r.out.contains("Test L07 Allowed"), r.out);
        Path index = write(tmp, "@all", "x\u0000.litmus\n");
        r = CliRun.run("check", index.toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("invalid input file name 'x\\u0000.litmus'"), r.err);
        assertTrue(r.err.contains("(listed in " + index + ":1)"), r.err);
    }

    @Test
    void controlCharactersAreEscapedInEveryDiagnostic(@TempDir Path tmp) throws IOException {
        Path arch = write(tmp, "arch.litmus", "RDMA\u0000 T\n{ }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        CliRun r = CliRun.run("check", arch.toString());
        assertTrue(r.err.contains(arch + ":1:1: error[E-ARCH]: unsupported architecture 'RDMA\\u0000'; expected RDMA, "
                + "X86 or X86_64"), r.err);
        Path esc = write(tmp, "esc.cat", "include \"\u001b[31mred\u007f\u0085\u2028\u2029.cat\"\n");
        r = CliRun.run("check", "--model", esc.toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("cannot find included file '\\u001B[31mred\\u007F\\u0085\\u2028\\u2029.cat'"), r.err);
        assertFalse(hasUnprintable(r.err), r.err);
        // the JSON document shows the same escaped message
        r = CliRun.run("check", "--json", "--model", esc.toString(), suite("L07"));
        assertFalse(hasUnprintable(r.out), r.out);
    }

    @Test
    void theEscapingRuleCoversControlsDeleteAndTheSeparators() {
        assertEquals("\\u0000\\u001B\\u007F\\u0085\\u009B\\u2028\\u2029\\u202Eok \u00e9", SourceText.printable(
                "\u0000\u001b\u007f\u0085\u009b\u2028\u2029\u202eok \u00e9"));
        Diagnostic d = Diagnostic.error("E-X", "f\u001b.litmus", Position.START, "line\nbreak \u0007");
        assertEquals("f\\u001B.litmus:1:1: error[E-X]: line\\nbreak \\u0007", d.format());
    }

    @Test
    void aLongEchoedTokenIsShortenedWithANote(@TempDir Path tmp) throws IOException {
        Path zeros = write(tmp, "zeros.litmus", new byte[1 << 20]);
        CliRun r = CliRun.run("check", zeros.toString());
        assertEquals(2, r.exit, r.err);
        String line = r.err.lines().filter(l -> l.contains("E-ARCH")).findFirst().orElseThrow();
        assertEquals(zeros + ":1:1: error[E-ARCH]: unsupported architecture '" + "\\u0000".repeat(SourceText.MAX_QUOTED)
                + "\u2026(1048576 characters)'; expected RDMA, X86 or X86_64", line);
        String huge = "x".repeat(5000);
        String shown = Diagnostic.error("E-X", "f", Position.START, huge).shownMessage();
        assertEquals("x".repeat(Diagnostic.MAX_MESSAGE) + "\u2026 (message shortened from 5000 characters)", shown);
    }

    @Test
    void anEmptyIncludeIsAnError(@TempDir Path tmp) throws IOException {
        Path cat = write(tmp, "e.cat", "include \"\"\nacyclic po as x\n");
        CliRun r = CliRun.run("check", "--model", cat.toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains(cat + ":1:1: error[E-CAT-INCLUDE]: empty included file name"), r.err);
    }

    @Test
    void aModelThatIncludesItselfIsWarnedAboutOnce(@TempDir Path tmp) throws IOException {
        Path cat = write(tmp, "self.cat", "include \"self.cat\"\nacyclic po | rf | co | fr as sc\n");
        CliRun r = CliRun.run("check", "--model", cat.toString(), suite("L07"), suite("L07r"));
        assertEquals(0, r.exit, r.err);
        String w = cat + ":1:1: warning[W-INCLUDE-CYCLE]: include cycle: 'self.cat' is already being read (it includes "
                + "itself); this include is skipped";
        assertTrue(r.err.contains(w), r.err);
        assertEquals(1, r.err.lines().filter(l -> l.contains("W-INCLUDE-CYCLE")).count(), r.err);
        // a file included twice (not a cycle) is skipped silently, as herd7 does
        Path lib = write(tmp, "lib.cat", "let r = po\n");
        Path twice = write(tmp, "twice.cat", "include \"lib.cat\"\ninclude \"lib.cat\"\nacyclic r as a\n");
        r = CliRun.run("check", "--model", twice.toString(), suite("L07"));
        assertFalse(r.err.contains("W-INCLUDE-CYCLE"), r.err);
    }

    @Test
    void anEmptyModelIsWarnedAbout(@TempDir Path tmp) throws IOException {
        Path cat = write(tmp, "empty.cat", "");
        CliRun r = CliRun.run("check", "--model", cat.toString(), suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains(cat + ":1:1: warning[W-EMPTY-MODEL]: the model has no checks (acyclic, irreflexive, "
                + "empty): it allows every candidate execution"), r.err);
        assertFalse(CliRun.run("check", suite("L07")).err.contains("W-EMPTY-MODEL"));
    }

    @Test
    void anRdmaFlagOnAnX86TestIsWarnedAboutAtTheOption() {
        CliRun r = CliRun.run("check", "--set", "POLL_SCOPE=PER_THREAD", TestData.corpusTest("SB").toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains("<command line>:1:13: warning[W-FLAG-IGNORED]: --set POLL_SCOPE has no effect on X86_64 "
                + "tests under tso: the flags of models.md \u00a78 are about RDMA operations"), r.err);
        assertFalse(CliRun.run("check", "--set", "POLL_SCOPE=PER_THREAD", suite("L07")).err.contains("W-FLAG-IGNORED"));
    }

    @Test
    void aSymbolicLinkLoopIsNamedAsSuch(@TempDir Path tmp) throws IOException {
        Path a = tmp.resolve("a.litmus");
        Path b = tmp.resolve("b.litmus");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        CliRun r = CliRun.run("check", a.toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains(a + ":1:1: error[E-IO]: too many levels of symbolic links (a symbolic-link loop)"), r.err);
        Path dangling = tmp.resolve("d.litmus");
        Files.createSymbolicLink(dangling, tmp.resolve("nowhere"));
        r = CliRun.run("check", dangling.toString());
        assertTrue(r.err.contains(dangling + ":1:1: error[E-IO]: dangling symbolic link (its target does not exist)"), r.err);
    }

    @Test
    void aDanglingLinkInsideADirectoryIsNamedNotSkipped(@TempDir Path tmp) throws IOException {
        // fresh-user trial: given directly the link was named, inside a directory it vanished without a word
        Path dir = Files.createDirectory(tmp.resolve("tests"));
        write(dir, "T.litmus", "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        Path dangling = dir.resolve("U.litmus");
        Files.createSymbolicLink(dangling, tmp.resolve("nowhere"));
        CliRun r = CliRun.run("check", dir.toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains(dangling + ":1:1: error[E-IO]: dangling symbolic link (its target does not exist)"), r.err);
        assertTrue(r.out.contains("2 tests: 1 ran, 1 error\n"), r.out);
    }

    /**
     * A directory's walk (one read of each entry's attributes) checks a link to a test as the test,
     * and skips a directory, or a link to one, whose name ends in {@code .litmus}.
     */
    @Test
    void aDirectoryWalkFollowsLinksToTestsAndSkipsDirectoriesNamedLikeTests(@TempDir Path tmp) throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("tests"));
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        write(outside, "T.litmus", "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        Files.createSymbolicLink(dir.resolve("A.litmus"), outside.resolve("T.litmus"));
        Files.createDirectory(dir.resolve("D.litmus"));
        Files.createSymbolicLink(dir.resolve("E.litmus"), outside);
        CliRun r = CliRun.run("check", dir.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Test T Allowed\n"), r.out);
        assertFalse(r.out.contains("Summary"), r.out);
        assertEquals("", r.err);
    }

    @Test
    void anUnreadableDirectoryIsPermissionDenied(@TempDir Path tmp) throws IOException {
        assertEquals("permission denied", UserPath.describe(new AccessDeniedException("/x")));
        assertEquals("too many levels of symbolic links (a symbolic-link loop)",
                UserPath.describe(new java.nio.file.FileSystemException("/x", null, "Too many levels of symbolic links")));
        // root reads any directory: the file-system half of this test needs an ordinary user
        assumeFalse("root".equals(System.getProperty("user.name")), "running as root, who may read a mode-000 directory");
        Path dir = Files.createDirectory(tmp.resolve("closed"));
        write(dir, "T.litmus", "RDMA T\n{ }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("---------"));
        try {
            CliRun r = CliRun.run("check", dir.toString());
            assertEquals(2, r.exit, r.err);
            assertTrue(r.err.contains("permission denied"), r.err);
            assertFalse(r.err.contains("no such file"), r.err);
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** An unreadable directory below the one given is named, and the tests beside it are still checked (a new user's trial). */
    @Test
    void anUnreadableSubdirectoryIsNamedAndTheOthersAreChecked(@TempDir Path tmp) throws IOException {
        // root reads any directory: this test needs an ordinary user
        assumeFalse("root".equals(System.getProperty("user.name")), "running as root, who may read a mode-000 directory");
        write(tmp, "T.litmus", "RDMA T\n{ }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        Path sub = Files.createDirectory(tmp.resolve("sub"));
        write(sub, "U.litmus", "RDMA U\n{ }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        Files.setPosixFilePermissions(sub, PosixFilePermissions.fromString("---------"));
        try {
            CliRun r = CliRun.run("check", tmp.toString());
            assertEquals(2, r.exit, r.err);
            assertTrue(r.err.contains(sub + ":1:1: error[E-IO]: cannot read directory: permission denied"), r.err);
            assertTrue(r.out.contains("Test T Allowed"), r.out);
        } finally {
            Files.setPosixFilePermissions(sub, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void aFileOverTheSizeLimitIsRefusedUpFront(@TempDir Path tmp) throws IOException {
        Path big = write(tmp, "big.litmus", "RDMA T\n(*" + " ".repeat(3000) + "*)\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        Path cat = write(tmp, "big.cat", "(*" + " ".repeat(3000) + "*)\nacyclic po as a\n");
        System.setProperty("remo.maxInputBytes", "2000");
        try {
            CliRun r = CliRun.run("check", big.toString());
            assertEquals(2, r.exit, r.err);
            assertTrue(r.err.contains(big + ":1:1: error[E-LIMIT]: file of " + Files.size(big) + " bytes is over the input "
                    + "size limit of 2000 bytes (raise it with REMO_MAX_INPUT_BYTES=BYTES)"), r.err);
            r = CliRun.run("check", "--model", cat.toString(), suite("L07"));
            assertEquals(2, r.exit, r.err);
            assertTrue(r.err.contains("error[E-LIMIT]: file of " + Files.size(cat) + " bytes is over the input size limit"), r.err);
        } finally {
            System.clearProperty("remo.maxInputBytes");
        }
        CliRun ok = CliRun.run("check", big.toString());
        assertEquals(0, ok.exit, ok.err);
    }

    /** --graph naming an existing file is refused before any test runs (fresh-user trial: it was said after the run). */
    @Test
    void aGraphDirectoryThatIsAFileIsRefusedBeforeTheRun(@TempDir Path tmp) throws IOException {
        Path file = write(tmp, "not-a-dir", "x");
        CliRun r = CliRun.run("check", "--graph", file.toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith(file + ":1:1: error[E-IO]: " + file + " exists and is not a directory (--graph: the "
                + "directory for graphs)"), r.err);
    }

    /**
     * When graphs cannot be written, the closing count says so too (fresh-user trial: "wrote 0
     * graphs" came right after the error).
     */
    @Test
    void theGraphCountAfterAWriteErrorSaysSomeWereNotWritten() {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self")),
                "needs Linux's /proc: a directory in which no directory can be made, even by root");
        CliRun r = CliRun.run("check", "--graph", "/proc/graphs", suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("error[E-IO]: cannot write graphs of L07"), r.err);
        assertTrue(r.err.contains("remo: wrote 0 graphs to /proc/graphs; the graphs of 1 test could not be written "
                + "(error[E-IO] above)"), r.err);
    }

    /** A setting of the limit that is no positive whole number is said once, and the default applies (fresh-user trial). */
    @Test
    void anUnusableSizeLimitSettingIsWarnedAbout() {
        System.setProperty("remo.maxInputBytes", "garbage");
        try {
            CliRun r = CliRun.run("check", suite("L07"));
            assertEquals(0, r.exit, r.err);
            assertEquals("remo: warning[W-ENV]: -Dremo.maxInputBytes='garbage' is not a whole number from 1 to "
                    + Long.MAX_VALUE + "; the default limit of 4194304 bytes applies\n", r.err);
        } finally {
            System.clearProperty("remo.maxInputBytes");
        }
        assertEquals("", CliRun.run("check", suite("L07")).err);
    }

    @Test
    void parsingCountsAgainstTheTimeout(@TempDir Path tmp) throws IOException {
        StringBuilder sb = new StringBuilder("RDMA T\n{ ");
        for (int i = 0; i < 200_000; i++) {
            sb.append("v").append(i).append("@1 = 0; ");
        }
        sb.append("}\n P0@1 ;\n v0 = 1 ;\nexists (v0 = 1)\n");
        Path big = write(tmp, "big.litmus", sb.toString());
        CliRun r = CliRun.run("check", "--timeout", "0.001", big.toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.matches("(?s).*big\\.litmus:\\d+:\\d+: error\\[E-LIMIT\\]: parsing stopped here by the time limit "
                + "of 0\\.001 s \\(--timeout\\).*"), r.err);
    }

    @Test
    void aWriteErrorOnStandardOutputIsReportedWithStatusTwo() {
        for (String[] args : new String[][] {{"check", suite("L07")}, {"check", "--json", suite("L07")}}) {
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status;
            try {
                WatchedOutput.reset();
                System.setOut(new PrintStream(new WatchedOutput(new OutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        throw new IOException("No space left on device");
                    }
                }), true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                status = Main.run(args);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
            String text = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, text);
            assertEquals(1, text.lines().filter(l -> l.equals("remo: error[E-IO]: cannot write standard output: no space "
                    + "left on device; the results are lost")).count(), text);
        }
    }

    @Test
    void robustNamesTheUsersTimeLimitNotTheTimeLeft() {
        CliRun r = CliRun.run("robust", "--timeout", "0.5", LimitsTest.heavy());
        assertEquals(0, r.exit, r.err);
        // the limit is the user's 0.5 s, whichever phase (weak or strong enumeration, the search) it stopped
        assertTrue(r.out.matches("(?s).*Robustness Heavy unknown: .*time limit of 0\\.5 s reached after .*"), r.out);
    }

    @Test
    void simulateMarksCoverageOfAPartialAllowedSet() {
        CliRun r = CliRun.run("simulate", "--max-executions", "5", "--runs", "5", suite("W1"));
        assertTrue(r.out.contains("Coverage W1: 1/2 allowed states observed (50.0%); full states 1/2 (partial: the allowed "
                + "set is incomplete, the model may allow more states)"), r.out);
        assertTrue(r.out.contains("model verdict Allowed (partial)") || r.out.contains("model verdict Undecided (partial)"),
                r.out);
        r = CliRun.run("simulate", "--runs", "5", suite("W1"));
        assertFalse(r.out.contains("partial"), r.out);
    }

    /**
     * Tests an interruption kept from starting are rows of the Summary, with one job as with two
     * (fresh-user trial: with {@code --jobs 1} an interrupted batch had no Summary).
     */
    @Test
    void testsAnInterruptionKeptFromStartingAreInTheSummary() {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        try {
            CliRun one = CliRun.run("check", "--jobs", "1", suite("L07"), suite("W1"));
            assertEquals(130, one.exit, one.err);
            assertTrue(one.out.matches("(?s)Summary\n\\Q" + suite("L07") + "\\E +NOT RUN +\\(interrupted\\)\n\\Q"
                    + suite("W1") + "\\E +NOT RUN +\\(interrupted\\)\n2 tests: 0 ran, 0 errors, 2 not run\n"), one.out);
            CliRun two = CliRun.run("check", "--jobs", "2", suite("L07"), suite("W1"));
            assertEquals(one.out, two.out);
        } finally {
            remo.core.Interruption.clear();
        }
    }

    /**
     * An interrupted bench names the tests it did not start, as docs/cli.md says and check does (second
     * fresh-user trial: it said nothing of them).
     */
    @Test
    void anInterruptedBenchNamesTheTestsNotRun() {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        try {
            for (String jobs : new String[] {"1", "2"}) {
                CliRun r = CliRun.run("bench", "--rounds", "1", "--jobs", jobs, suite("L07"), suite("W1"));
                assertEquals(130, r.exit, r.err);
                assertTrue(r.out.startsWith("round 1: 0 tests in "), r.out);
                assertTrue(r.err.contains("remo: interrupted (SIGINT or SIGTERM): 2 of 2 tests not run: " + suite("L07") + ", "
                        + suite("W1") + "\n"), r.err);
            }
        } finally {
            remo.core.Interruption.clear();
        }
    }

    /** An expectation row with one cell says "1 column" (second fresh-user trial: "1 columns"). */
    @Test
    void anExpectationRowOfOneCellIsCountedInTheSingular(@TempDir Path tmp) throws IOException {
        Path tsv = write(tmp, "e.tsv", "file\tverdict\nL07.litmus\n");
        CliRun r = CliRun.run("check", "--expect", tsv.toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("row has 1 column; expected at least 2"), r.err);
    }

    /** One test on one job: "1 test in", "1 job" (fresh-user trial: "1 tests", "1 jobs"). */
    @Test
    void benchOfOneTestCountsInTheSingular() {
        CliRun r = CliRun.run("bench", "--rounds", "1", "--jobs", "1", suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("round 1: 1 test in "), r.out);
        assertTrue(r.out.contains(", 1 job; "), r.out);
        CliRun two = CliRun.run("bench", "--rounds", "1", "--jobs", "2", suite("L07"), suite("W1"));
        assertTrue(two.out.startsWith("round 1: 2 tests in "), two.out);
        assertTrue(two.out.contains(", 2 jobs; "), two.out);
    }

    @Test
    void benchOnAFolderWithoutTestsSaysSo(@TempDir Path tmp) {
        CliRun r = CliRun.run("bench", tmp.toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.out.contains("no tests to measure (0 tests, 1 input error)"), r.out);
        assertTrue(r.err.contains("error[E-IO]: no .litmus files in this directory"), r.err);
        assertFalse(r.out.contains("1 tests"), r.out);
    }

    @Test
    void theSummaryPrintsAnErrorRowsPathOnceAndTellsSameNamedTestsApart(@TempDir Path tmp) throws IOException {
        Path bad = write(tmp, "bad.litmus", "ARM T\n");
        Path dir = Files.createDirectory(tmp.resolve("other"));
        Path copy = Files.copy(TestData.suite().resolve("L07.litmus"), dir.resolve("L07.litmus"));
        Path cat = write(tmp, "a-model-with-a-long-name.cat", "acyclic po | rf | co | fr as sc\n");
        CliRun r = CliRun.run("check", bad.toString(), suite("L07"), copy.toString());
        String row = r.out.lines().filter(l -> l.contains("ERROR")).findFirst().orElseThrow();
        assertEquals(1, row.split(java.util.regex.Pattern.quote(bad.toString()), -1).length - 1, row);
        assertTrue(row.endsWith("ERROR      E-ARCH"), row);
        assertTrue(r.out.lines().anyMatch(l -> l.startsWith("L07 ") && l.endsWith("  " + suite("L07"))), r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.startsWith("L07 ") && l.endsWith("  " + copy)), r.out);
        r = CliRun.run("check", "--model", cat.toString(), suite("L07"), suite("L07r"));
        String l07 = r.out.lines().filter(l -> l.startsWith("L07 ")).findFirst().orElseThrow();
        assertTrue(l07.contains(" a-model-with-a-long-name States "), l07);
    }

    @Test
    void jsonListsNoRdmaFlagsForAnX86TestUnderABundledModel() throws IOException {
        var doc = remo.cli.report.JsonResults.read(CliRun.run("check", "--json", TestData.corpusTest("SB").toString(),
                suite("L07")).out);
        assertEquals(Map.of(), doc.tests().get(0).flags());
        assertEquals("PER_QP", doc.tests().get(1).flags().get("POLL_SCOPE"));
    }

    @Test
    void aWitnessGraphDrawsEachCycleEdgeOnce(@TempDir Path tmp) throws IOException {
        CliRun r = CliRun.run("check", "--graph", tmp.toString(), "--show", "forbidden", TestData.corpusTest("MP").toString());
        assertEquals(0, r.exit, r.err);
        String dot = Files.readString(tmp.resolve("MP-1.dot"));
        assertTrue(dot.contains("e2 -> e3 [label=\"tso: ppo\""), dot);
        java.util.Set<String> pairs = new java.util.HashSet<>();
        for (String l : dot.lines().filter(l -> l.contains(" -> ") && !l.contains("invis")).toList()) {
            String pair = l.trim().substring(0, l.trim().indexOf(" ["));
            assertTrue(pairs.add(pair), "drawn twice: " + pair + "\n" + dot);
        }
    }

    @Test
    void simulateTakesSeveralFiles() {
        CliRun r = CliRun.run("simulate", "--runs", "5", suite("W1"), suite("L03"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Result W1 Ok") && r.out.contains("Result L03 Ok"), r.out);
        r = CliRun.run("simulate", "--runs", "5", suite("W1"), "missing.litmus");
        assertEquals(2, r.exit, r.err);
        assertTrue(r.out.contains("Result W1 Ok"), r.out);
        assertTrue(r.err.contains("missing.litmus:1:1: error[E-IO]: no such file or directory"), r.err);
    }

    @Test
    void witnessGraphColumnsStayInThreadOrder(@TempDir Path tmp) throws Exception {
        CliRun r = CliRun.run("check", "--graph", tmp.toString(), "--show", "forbidden", TestData.corpusTest("MP").toString());
        assertEquals(0, r.exit, r.err);
        String dot = Files.readString(tmp.resolve("MP-1.dot"));
        // init, P0, P1 chained left to right on one rank, each pulling its column's first event
        assertTrue(dot.contains("  col0 -> col1 [style=invis];\n  col1 -> col2 [style=invis];\n"), dot);
        assertTrue(dot.contains("  col0 -> e0 [style=invis, weight=100];\n  col1 -> e2 [style=invis, weight=100];\n"
                + "  col2 -> e4 [style=invis, weight=100];\n"), dot);
        remo.cli.report.Graphviz gv = remo.cli.report.Graphviz.find().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(gv != null, "Graphviz 'dot' is not installed: the layout half needs it");
        Process p = new ProcessBuilder("dot", "-Tplain").redirectErrorStream(true).start();
        p.getOutputStream().write(dot.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String plain = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), plain);
        Map<String, Double> x = new java.util.HashMap<>();
        for (String l : plain.lines().filter(l -> l.startsWith("node e")).toList()) {
            String[] f = l.split(" ");
            x.put(f[1], Double.parseDouble(f[2]));
        }
        // e0 init, e2 P0's first event, e4 P1's first event
        assertTrue(x.get("e0") < x.get("e2") && x.get("e2") < x.get("e4"), plain);
    }
}
