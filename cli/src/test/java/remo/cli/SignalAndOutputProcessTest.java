package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, done-when 3 and the write-error case, in a real child process: Ctrl-C (SIGINT) during
 * a long {@code check} prints the partial block and exits 130; {@code check > /dev/full} exits 2
 * with the error on standard error.
 */
class SignalAndOutputProcessTest {

    private static List<String> remo(String... args) {
        return CliRun.processCommand(List.of(), args);
    }

    @Test
    void sigintDuringALongCheckPrintsThePartialBlockAndExits130(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        // a quick test first: its block on standard output says the child is checking
        Process p = new ProcessBuilder(remo("check", TestData.suite().resolve("L07.litmus").toString(), LimitsTest.heavy()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(out).contains("Time L07") && System.nanoTime() < until && p.isAlive()) {
                Thread.sleep(50);
            }
            assertTrue(Files.readString(out).contains("Time L07"), Files.readString(out) + Files.readString(err));
            Thread.sleep(300);
            assertTrue(p.isAlive(), "the heavy test should still be running");
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "remo did not stop after SIGINT");
        } finally {
            p.destroyForcibly();
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(130, p.exitValue(), stdout + Files.readString(err));
        assertTrue(stdout.contains("Test Heavy Allowed"), stdout);
        assertTrue(stdout.matches("(?s).*Observation Heavy \\w+ \\d+ \\d+ \\(partial\\)\n.*"), stdout);
        assertTrue(stdout.contains("Warning: partial result, states found so far: interrupted (SIGINT or SIGTERM) after "),
                stdout);
        // the summary of the two tests marks the interrupted one
        assertTrue(stdout.matches("(?s).*Summary\n.*Heavy .*PARTIAL.*"), stdout);
    }

    /**
     * Fresh-user trial: with {@code --jobs 2} Ctrl-C printed only the first running test's partial
     * block and counted the other running one as not run. Every running test's block is printed, in
     * input order, the unstarted ones are named, and the Summary is printed.
     */
    @Test
    void sigintWithTwoJobsPrintsEveryRunningTestsPartialBlock(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Path heavy2 = tmp.resolve("heavy2.litmus");
        Files.writeString(heavy2, Files.readString(Path.of(LimitsTest.heavy())).replaceFirst("RDMA Heavy", "RDMA Heavy2"));
        String l08 = TestData.suite().resolve("L08.litmus").toString();
        String l09 = TestData.suite().resolve("L09.litmus").toString();
        // one thread takes the tests in input order, the other from the end (ParallelRuns): L07 and
        // L08 are quick, so when L07's block is out one thread runs Heavy and the other Heavy2; L09,
        // between them, waits for a free thread
        Process p = new ProcessBuilder(remo("check", "--jobs", "2", TestData.suite().resolve("L07.litmus").toString(),
                LimitsTest.heavy(), l09, heavy2.toString(), l08))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(out).contains("Time L07") && System.nanoTime() < until && p.isAlive()) {
                Thread.sleep(50);
            }
            assertTrue(Files.readString(out).contains("Time L07"), Files.readString(out) + Files.readString(err));
            Thread.sleep(500);
            assertTrue(p.isAlive(), "the heavy tests should still be running");
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "remo did not stop after SIGINT");
        } finally {
            p.destroyForcibly();
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(130, p.exitValue(), stdout + stderr);
        assertTrue(stdout.matches("(?s).*Observation Heavy \\w+ \\d+ \\d+ \\(partial\\)\n.*"
                + "Observation Heavy2 \\w+ \\d+ \\d+ \\(partial\\)\n.*"), stdout);
        assertTrue(stdout.matches("(?s).*Summary\nL07 .*\nHeavy .*PARTIAL\nHeavy2 .*PARTIAL\nL08 .*\n\\Q" + l09
                + "\\E +NOT RUN +\\(interrupted\\)\n5 tests: 4 ran, 0 errors, 1 not run\n.*"), stdout);
        assertTrue(stderr.contains("remo: interrupted (SIGINT or SIGTERM): 1 of 5 tests not run: " + l09 + "\n"), stderr);
    }

    @Test
    void aFullDiskOnStandardOutputExitsTwoWithOneMessage(@TempDir Path tmp) throws IOException, InterruptedException {
        File full = new File("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "/dev/full exists on Linux only");
        for (String json : new String[] {null, "--json"}) {
            List<String> cmd = json == null ? remo("check", TestData.suite().resolve("L07.litmus").toString())
                    : remo("check", json, TestData.suite().resolve("L07.litmus").toString());
            Path err = tmp.resolve("err.txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(full).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            String text = Files.readString(err);
            assertEquals(2, p.exitValue(), text);
            assertEquals("remo: error[E-IO]: cannot write standard output: no space left on device; the results are lost\n",
                    text);
        }
    }
}
