package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression tests for problems a new user reported after trying the command line from README.md. */
class NewUserReportsTest {

    private static String suite(String id) {
        return TestData.suite().resolve(id + ".litmus").toString();
    }

    private static byte[] withBom(byte[] body) {
        byte[] out = new byte[body.length + 3];
        out[0] = (byte) 0xEF;
        out[1] = (byte) 0xBB;
        out[2] = (byte) 0xBF;
        System.arraycopy(body, 0, out, 3, body.length);
        return out;
    }

    @Test
    void aLitmusFileAndAModelWithAByteOrderMarkAreRead(@TempDir Path tmp) throws Exception {
        Path test = tmp.resolve("bom.litmus");
        Files.write(test, withBom(Files.readAllBytes(Path.of(suite("L07")))));
        Path model = tmp.resolve("bom.cat");
        Files.write(model, withBom(Files.readAllBytes(TestData.root().resolve("examples/models/x86tso-herd-style.cat"))));
        CliRun plain = CliRun.run("check", suite("L07"));
        CliRun r = CliRun.run("check", test.toString());
        assertEquals(0, r.exit, r.err);
        assertEquals(plain.out.replaceAll("Time L07 .*", ""), r.out.replaceAll("Time L07 .*", ""));
        CliRun x86 = CliRun.run("check", "--model", model.toString(), TestData.corpusTest("SB").toString());
        assertEquals(0, x86.exit, x86.err);
        assertTrue(x86.out.contains("Test SB Allowed"), x86.out);
    }

    // ---- output paths

    @Test
    void anEmptyOutputPathIsAUsageErrorAtItsArgument() {
        CliRun graph = CliRun.run("check", "--graph", "", suite("L07"));
        assertEquals(2, graph.exit, graph.err);
        assertEquals("<command line>:1:15: error[E-USAGE]: --graph needs a path, not an empty string", graph.err.strip());
        assertEquals("", graph.out);
        CliRun joined = CliRun.run("check", suite("L07"), "--graph=");
        assertEquals(2, joined.exit, joined.err);
        assertTrue(joined.err.startsWith("<command line>:1:" + (8 + suite("L07").length() + 8)
                + ": error[E-USAGE]: --graph needs a path"), joined.err);
        CliRun report = CliRun.run("report", "--out", "", suite("L07"));
        assertEquals(2, report.exit, report.err);
        assertEquals("<command line>:1:14: error[E-USAGE]: --out needs a path, not an empty string", report.err.strip());
        CliRun gen = CliRun.run("gen", "--random", "1", "--out", "");
        assertEquals(2, gen.exit, gen.err);
        assertEquals("<command line>:1:22: error[E-USAGE]: --out needs a path, not an empty string", gen.err.strip());
        assertEquals("", gen.out);
        CliRun fuzz = CliRun.run("fuzz", "--programs", "1", "--out", "");
        assertEquals(2, fuzz.exit, fuzz.err);
        assertEquals("<command line>:1:25: error[E-USAGE]: --out needs a path, not an empty string", fuzz.err.strip());
    }

    @Test
    void theReportRefusesAMissingDirectory(@TempDir Path tmp) {
        Path missing = tmp.resolve("no/dir");
        CliRun r = CliRun.run("report", "--out", missing.resolve("r.html").toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertEquals(missing.resolve("r.html") + ":1:1: error[E-IO]: directory " + missing + " does not exist", r.err.strip());
        assertFalse(Files.exists(tmp.resolve("no")), "no directory is created");
    }

    @Test
    void aReportThatCannotBeWrittenNamesTheFileNotADirectory(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("taken.html"));
        CliRun r = CliRun.run("report", "-q", "--out", dir.toString(), suite("L07"));
        assertEquals(2, r.exit, r.err);
        assertEquals(dir + ":1:1: error[E-IO]: " + dir + " is a directory; --out names the report's file, e.g. "
                + dir.resolve("report.html"), r.err.strip());
        CliRun expect = CliRun.run("check", "--expect", tmp.toString(), suite("L07"));
        assertEquals(2, expect.exit, expect.err);
        assertTrue(expect.err.contains(tmp + ":1:1: error[E-IO]: cannot read expectation file: it is a directory, not a file"),
                expect.err);
        assertEquals("cannot write /proc/r.html: No such file or directory",
                OutputPath.describeWriteFailure(new java.nio.file.NoSuchFileException("/proc/r.html")));
        assertEquals("directory " + tmp.resolve("gone") + " does not exist",
                OutputPath.describeWriteFailure(new java.nio.file.NoSuchFileException(tmp.resolve("gone/r.html").toString())));
        if (Files.isDirectory(Path.of("/proc/self"))) {
            CliRun proc = CliRun.run("report", "-q", "--out", "/proc/r.html", suite("L07"));
            assertEquals(2, proc.exit, proc.err);
            // written through OutputFile (issue 28): the temporary file beside it cannot be made either
            assertEquals("/proc/r.html:1:1: error[E-IO]: cannot write /proc/r.html: no such file or directory (the file is not "
                    + "created)", proc.err.strip());
        }
    }

    @Test
    void theDefaultReportFileIsAnnounced(@TempDir Path tmp) throws Exception {
        // a child JVM in an empty working directory, so that the default ./report.html lands there
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", cp, "remo.cli.Main", "report", suite("L07"));
        Process p = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertTrue(Files.isRegularFile(tmp.resolve("report.html")));
        assertTrue(err.lines().anyMatch(l -> l.matches("remo: wrote report\\.html \\(1 test[;)].*")), err);
    }

    @Test
    void aFormatWithoutGraphIsWarnedAbout() {
        CliRun plain = CliRun.run("check", suite("L07"));
        CliRun r = CliRun.run("check", "--format", "svg", suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertEquals("<command line>:1:16: warning[W-FORMAT-WITHOUT-GRAPH]: --format svg has no effect without --graph DIR; "
                + "no graphs are drawn", r.err.strip());
        assertEquals(plain.out.replaceAll("Time L07 .*", ""), r.out.replaceAll("Time L07 .*", ""));
        CliRun quiet = CliRun.run("check", "-q", "--format=png", suite("L07"));
        assertEquals(0, quiet.exit, quiet.err);
        assertTrue(quiet.err.startsWith("<command line>:1:19: warning[W-FORMAT-WITHOUT-GRAPH]: --format png"), quiet.err);
        assertEquals("", CliRun.run("check", suite("L07")).err, "no warning without --format");
    }

    @Test
    void aShowWithoutGraphOrJsonExecutionsIsWarnedAbout() {
        CliRun plain = CliRun.run("check", suite("L07"));
        CliRun r = CliRun.run("check", "--show", "forbidden", suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertEquals("<command line>:1:14: warning[W-SHOW-WITHOUT-GRAPH]: --show forbidden has no effect without "
                + "--graph DIR or --json --json-executions; nothing is drawn or listed", r.err.strip());
        assertEquals(plain.out.replaceAll("Time L07 .*", ""), r.out.replaceAll("Time L07 .*", ""));
        CliRun herd = CliRun.run("check", "-show", "ppo", "-show", "hb", suite("L07"));
        assertTrue(herd.err.startsWith("<command line>:1:13: warning[W-SHOW-WITHOUT-GRAPH]: --show ppo,hb has no effect"),
                herd.err);
        assertEquals("", CliRun.run("check", "--json", "--json-executions", "--show", "all", suite("L07")).err,
                "--show is what --json-executions lists");
    }

    // ---- command line

    @Test
    void anExtraArgumentIsLocatedAtItselfNotAtAnEqualEarlierOne() {
        CliRun r = CliRun.run("compare-logs", "A", "A", "A");
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("<command line>:1:18: error[E-USAGE]: Unmatched argument at index 3: 'A'"), r.err);
        CliRun two = CliRun.run("compare-logs", "A", "B", "A", "B");
        assertTrue(two.err.startsWith("<command line>:1:18: error[E-USAGE]: Unmatched arguments from index 3: 'A', 'B'"),
                two.err);
        CliRun option = CliRun.run("compare-logs", "A", "--zz", "B");
        assertTrue(option.err.startsWith("<command line>:1:16: error[E-USAGE]: Unknown option: '--zz'"), option.err);
    }

    /** A new user's trial: robust --model and herd7's -o were refused with no word of what to use. */
    @Test
    void anOptionOfAnotherCommandOrOfHerd7PointsToTheOneToUse() {
        CliRun robust = CliRun.run("robust", "--model", "tso", "examples/suite/L07.litmus");
        assertEquals(2, robust.exit);
        assertTrue(robust.err.startsWith("<command line>:1:8: error[E-USAGE]: Unknown option: '--model'; robust compares "
                + "two models: --weak MODEL and --strong MODEL (docs/robustness.md)"), robust.err);
        CliRun herd = CliRun.run("check", "-o", "out", "examples/suite/L07.litmus");
        assertEquals(2, herd.exit);
        assertTrue(herd.err.contains("; herd7's -o DIR is --graph DIR here (docs/herd7.md)"), herd.err);
        CliRun other = CliRun.run("check", "--zz", "examples/suite/L07.litmus");
        assertTrue(other.err.contains("Unknown option: '--zz'"), other.err);
        assertFalse(other.err.contains("'--zz'; "), "no hint for an option nobody else has: " + other.err);
    }
}
