package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code remo compare-models}: what it prints and writes, and its usage errors (docs/compare-models.md). */
class CompareModelsCommandTest {

    @Test
    void tsoAgainstScWritesTheStoreBufferingTestThatTheCheckerConfirms(@TempDir Path dir) {
        CliRun r = CliRun.run("compare-models", "tso", "sc", "--events", "4", "--out", dir.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Distinguished: tso-not-sc-4, 4 events, Allowed under tso, Forbidden under sc"), r.out);
        assertTrue(r.out.contains("Checker: Allowed under tso, Forbidden under sc"), r.out);
        Path test = dir.resolve("tso-not-sc-4.litmus");
        assertTrue(Files.isRegularFile(test), r.out);
        // progress on standard error: one line per size started and finished
        assertTrue(r.err.contains("compare-models: 4 events ..."), r.err);
        // the written file, checked by remo check as a user would
        CliRun sc = CliRun.run("check", "--model", "sc", test.toString());
        assertTrue(sc.out.contains("Observation tso-not-sc-4 Never"), sc.out);
        CliRun tso = CliRun.run("check", "--model", "tso", test.toString());
        assertTrue(tso.out.contains("Observation tso-not-sc-4 Sometimes"), tso.out);
    }

    @Test
    void scAgainstTsoReportsInclusionUpToTheBound() {
        CliRun r = CliRun.run("compare-models", "sc", "tso", "--events", "3", "--quiet");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Included: no execution of at most 3 events is consistent under sc and not under tso"), r.out);
        assertEquals("", r.err);
    }

    @Test
    void theSearchBoundIsLabelledAsTheBoundNotAsTheWitnessSize(@TempDir Path dir) {
        // (--out: the distinguishing test is written into a temporary directory, not the module's)
        CliRun r = CliRun.run("compare-models", "tso", "sc", "--events", "4", "--threads", "3", "--quiet",
                "--out", dir.toString());
        assertEquals(0, r.exit, r.err);
        String first = r.out.lines().findFirst().orElseThrow();
        assertTrue(first.matches("Distinguished: tso-not-sc-4, 4 events, Allowed under tso, Forbidden under sc "
                + "\\(searched up to 3 threads, 1 node; \\d+\\.\\d s\\)"), first);
    }

    @Test
    void aTimeLimitIsPrintedAsGivenWithTheBoundReached() {
        CliRun r = CliRun.run("compare-models", "rdma-sc-rmw", "rdma-wait-rmw", "--events", "12", "--timeout", "0.5", "-q");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Limit: no execution of at most "), r.out);
        // the limit as given (0.5 s), not rounded down to whole seconds
        assertTrue(r.out.contains("time limit of 0.5 s reached while searching "), r.out);
        assertTrue(r.err.contains("warning[W-LIMIT]: time limit of 0.5 s reached while searching "), r.err);
    }

    @Test
    void oneJobAndTwoPrintTheSameComparison(@TempDir Path dir) {
        String[] query = {"compare-models", "tso", "sc", "--events", "5", "--out", dir.toString()};
        CliRun one = CliRun.run(concat(query, "--jobs", "1"));
        CliRun two = CliRun.run(concat(query, "--jobs", "2"));
        assertEquals(0, one.exit, one.err);
        assertEquals(0, two.exit, two.err);
        assertTrue(one.out.startsWith("Distinguished: tso-not-sc-4, 4 events"), one.out);
        // the same output and progress lines, but for the times they give
        assertEquals(untimed(one.out), untimed(two.out));
        assertEquals(untimed(one.err), untimed(two.err));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String untimed(String text) {
        return text.replaceAll("\\d+\\.\\d s\\)", "s)");
    }

    @Test
    void bothDirectionsOfEqualModelsSayEquivalent() {
        CliRun r = CliRun.run("compare-models", "tso", "tso", "--events", "3", "--both", "--quiet");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Equivalent: tso and tso accept the same executions of at most 3 events"), r.out);
    }

    @Test
    void usageErrorsPointAtTheArgument() {
        CliRun model = CliRun.run("compare-models", "tso", "nosuch");
        assertEquals(2, model.exit);
        assertTrue(model.err.startsWith("<command line>:1:20: error[E-MODEL]: unknown model 'nosuch'"), model.err);
        CliRun events = CliRun.run("compare-models", "tso", "sc", "--events", "0");
        assertEquals(2, events.exit);
        assertTrue(events.err.startsWith("<command line>:1:32: error[E-USAGE]: --events must be at least 1, not 0"), events.err);
        CliRun jobs = CliRun.run("compare-models", "tso", "sc", "--jobs", "0");
        assertEquals(2, jobs.exit);
        assertTrue(jobs.err.startsWith("<command line>:1:30: error[E-USAGE]: --jobs must be at least 1, not 0"), jobs.err);
        CliRun flag = CliRun.run("compare-models", "--set2", "POLL_SCOPE=BAD", "tso", "sc");
        assertEquals(2, flag.exit);
        assertTrue(flag.err.startsWith("<command line>:1:34: error[E-FLAG]: flag POLL_SCOPE has no value 'BAD'"), flag.err);
        assertEquals("", flag.out);
    }

    /**
     * With {@code --both}, a direction that an interruption kept from starting is said to be not
     * searched (it read as "no execution of at most 0 events"); the exit status is 130.
     */
    @Test
    void theSecondDirectionOfAnInterruptedBothRunIsNotSearched() {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        try {
            CliRun r = CliRun.run("compare-models", "tso", "sc", "--both", "-q");
            assertEquals(130, r.exit);
            assertTrue(r.out.startsWith("Limit: no execution of at most 0 events is consistent under tso and not under sc; "
                    + "interrupted (SIGINT or SIGTERM) while searching 1 event"), r.out);
            assertTrue(r.out.contains("\nNot searched: executions consistent under sc and not under tso; interrupted "
                    + "(SIGINT or SIGTERM)\n"), r.out);
            assertFalse(r.out.contains("under sc and not under tso; interrupted (SIGINT or SIGTERM) while"), r.out);
        } finally {
            remo.core.Interruption.clear();
        }
    }

    /** One event is counted in the singular ("at most 1 events" before). */
    @Test
    void oneEventIsCountedInTheSingular() {
        CliRun r = CliRun.run("compare-models", "sc", "tso", "--events", "1", "-q");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Included: no execution of at most 1 event is consistent under sc and not under tso"),
                r.out);
    }

    /** A directory that exists but takes no file is refused before the search (it was reported after it). */
    @Test
    void anOutputDirectoryThatTakesNoFileIsRefusedBeforeTheSearch() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")),
                "needs Linux's /proc: a directory that exists and takes no new file, even for root");
        CliRun r = CliRun.run("compare-models", "tso", "sc", "--out", "/proc");
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("/proc:1:1: error[E-IO]: cannot write a test into directory /proc (no such file or "
                + "directory)"), r.err);
        assertEquals("", r.out, "nothing searched, nothing printed");
        assertFalse(r.err.contains("compare-models: 1 event"), "no search began: " + r.err);
    }

    @Test
    void aMissingOutputDirectoryIsAnError(@TempDir Path dir) {
        CliRun r = CliRun.run("compare-models", "tso", "sc", "--out", dir.resolve("missing").toString());
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("error[E-IO]: directory " + dir.resolve("missing") + " does not exist"), r.err);
    }
}
