package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.cli.report.JsonResults;
import remo.cli.report.ResultDocument;

/**
 * Issue 28's fault-injection suite: real {@code remo} processes over a directory of three tests
 * ({@code a} = L07, quick; {@code b} = a heavy test that runs for minutes; {@code c} = L08) are
 * stopped by SIGINT or SIGTERM, either once {@code a} is done or at a random point, and what they
 * leave is checked: what finished is kept in the same format, the running test is partial, the tests
 * not started are listed as not run (text, JSON's {@code interrupted} flag and {@code not_run}
 * entries, the HTML report's banner, the simulate and {@code --expect} summaries), the exit status is
 * 130 (SIGINT) or 143 (SIGTERM), and no temporary file is left beside an output.
 */
class InterruptFaultProcessTest {

    /** The seed of the random points; printed in every failure message so that a failure can be replayed. */
    private static final long SEED = Long.getLong("remo.faultSeed", System.nanoTime());

    private static List<String> remo(String... args) {
        return CliRun.processCommand(List.of(), args);
    }

    /** a = L07, b = the heavy test, c = L08, in {@code tmp/tests}. */
    private static Path tests(Path tmp) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("tests"));
        Files.copy(TestData.suite().resolve("L07.litmus"), dir.resolve("a.litmus"));
        Files.copy(Path.of(LimitsTest.heavy()), dir.resolve("b.litmus"));
        Files.copy(TestData.suite().resolve("L08.litmus"), dir.resolve("c.litmus"));
        return dir;
    }

    /** What a stopped process left. */
    private record Stopped(int exit, String out, String err, String signal) {
        String all() {
            return "signal " + signal + ", seed " + SEED + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    /**
     * Starts {@code remo args}, waits until {@code ready} holds for its standard output (and the
     * directory {@code tmp}) or {@code delayMillis} have passed, sends {@code signal} and waits for it to end.
     */
    private static Stopped stop(Path tmp, String signal, Predicate<String> ready, long delayMillis, String... args)
            throws Exception {
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(remo(args)).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            long start = System.nanoTime();
            long until = start + TimeUnit.SECONDS.toNanos(180);
            while (p.isAlive() && System.nanoTime() < until
                    && (ready == null ? System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(delayMillis)
                    : !ready.test(Files.readString(out)))) {
                Thread.sleep(50);
            }
            assertTrue(p.isAlive(), "remo ended before the signal: " + Files.readString(out) + Files.readString(err));
            if (ready != null) {
                Thread.sleep(5000); // the heavy test is running (for minutes): well into it on a loaded machine
            }
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "remo did not stop after SIG" + signal);
        } finally {
            p.destroyForcibly();
        }
        return new Stopped(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), signal);
    }

    private static int status(String signal) {
        return signal.equals("INT") ? 130 : 143;
    }

    private static List<String> leftovers(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }

    @Test
    void checkJsonOnADirectoryKeepsTheFinishedTestMarksTheRunningOneAndListsTheOthers(@TempDir Path tmp) throws Exception {
        Path dir = tests(tmp);
        Path graphs = tmp.resolve("graphs");
        // a's witness graph appears once a is done: then b runs
        Stopped s = stop(tmp, "INT", o -> {
            try (Stream<Path> g = Files.exists(graphs) ? Files.list(graphs) : Stream.empty()) {
                return g.anyMatch(f -> f.toString().endsWith(".dot"));
            } catch (IOException e) {
                return false;
            }
        }, 0, "check", "--json", "--jobs", "1", "--graph", graphs.toString(), dir.toString());
        assertEquals(130, s.exit(), s.all());
        ResultDocument d = JsonResults.read(s.out());
        assertEquals(Boolean.TRUE, d.interrupted(), s.all());
        assertEquals(3, d.tests().size(), s.all());
        ResultDocument.Test a = d.tests().get(0);
        ResultDocument.Test b = d.tests().get(1);
        ResultDocument.Test c = d.tests().get(2);
        assertEquals(List.of("ok", "L07", false), List.of(a.status(), a.name(), a.partial()), s.all());
        assertEquals(List.of("ok", "Heavy", true), List.of(b.status(), b.name(), b.partial()), s.all());
        assertTrue(b.partialReason().startsWith("interrupted (SIGINT or SIGTERM) after "), b.partialReason());
        assertEquals(List.of(JsonResults.NOT_RUN, dir.resolve("c.litmus").toString()), List.of(c.status(), c.file()), s.all());
        assertEquals(new ResultDocument.Summary(3, 2, 0, null, 1), d.summary(), s.all());
        assertEquals(List.of(), leftovers(graphs));
    }

    @Test
    void anExpectSummaryCountsTheExpectationsAnInterruptLeftUnchecked(@TempDir Path tmp) throws Exception {
        Path dir = tests(tmp);
        Path tsv = tmp.resolve("expected.tsv");
        Files.writeString(tsv, "file\tverdict\ntests/a.litmus\tAllowed\ntests/b.litmus\tForbidden\ntests/c.litmus\tAllowed\n");
        Stopped s = stop(tmp, "TERM", o -> o.contains("Time L07"), 0, "check", "--jobs", "1", "--expect", tsv.toString(),
                dir.toString());
        assertEquals(143, s.exit(), s.all());
        assertTrue(s.out().contains("Expectations: 1 agree, 0 mismatches, 1 undecided (partial), 1 not checked "
                + "(interrupted (SIGINT or SIGTERM) before the test ran)\n"), s.all());
        assertTrue(s.out().contains("3 tests: 2 ran, 0 errors, 1 not run\n"), s.all());
    }

    @Test
    void simulateOnADirectoryCountsTheTestsNotRun(@TempDir Path tmp) throws Exception {
        Path dir = tests(tmp);
        Stopped s = stop(tmp, "INT", o -> o.contains("Time L07"), 0, "simulate", "--runs", "200", dir.toString());
        assertEquals(130, s.exit(), s.all());
        assertTrue(s.out().contains("Result L07 Ok\n"), s.all());
        assertTrue(s.out().endsWith("\nSimulated 3 tests: 1 ok, 0 outside the model or failed, 0 errors, 1 partial, 1 not run "
                + "(interrupted (SIGINT or SIGTERM))\n"), s.all());
        assertTrue(s.err().contains("remo: interrupted (SIGINT or SIGTERM): 1 of 3 tests not run: " + dir.resolve("c.litmus")),
                s.all());
    }

    /**
     * {@code report} stopped at a random point (SIGINT or SIGTERM, 3 to 12 s after the start): the page is written
     * whole, with the banner; each of the three tests is on it, finished (a section) or as a not-run row;
     * c is never finished (b runs for minutes before it); no temporary file stays.
     */
    @Test
    void reportStoppedAtARandomPointWritesThePageOfWhatFinished(@TempDir Path tmp) throws Exception {
        Random random = new Random(SEED);
        Path dir = tests(tmp);
        Path page = tmp.resolve("out").resolve("r.html");
        Files.createDirectories(page.getParent());
        String signal = random.nextBoolean() ? "INT" : "TERM";
        Stopped s = stop(tmp, signal, null, 3_000 + random.nextInt(9_000), "report", "--jobs", "1", "--out", page.toString(),
                dir.toString());
        assertEquals(status(signal), s.exit(), s.all());
        assertTrue(Files.exists(page), s.all());
        String html = Files.readString(page);
        assertTrue(html.endsWith("</html>\n"), "the page is whole");
        assertTrue(html.contains("Partial report: interrupted (SIGINT or SIGTERM). "), s.all());
        assertTrue(html.contains("<tr class=\"test-row not-run\">") && html.contains(dir.resolve("c.litmus").toString()),
                s.all());
        int notRun = html.split("<tr class=\"test-row not-run\">", -1).length - 1;
        assertTrue(html.contains(" of 3 tests finished (a test stopped while running is marked partial); " + notRun + " not run"),
                s.all());
        assertTrue(s.err().contains("partial: interrupted (SIGINT or SIGTERM), " + notRun + " not run"), s.all());
        assertEquals(List.of(), leftovers(page.getParent()));
        assertFalse(html.contains("NullPointerException"), html);
    }
}
