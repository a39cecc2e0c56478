package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Problems a fresh-user trial of the command line found (quiet flag, Java wording in usage errors,
 * herd7's {@code -timeout}, small message fixes), each with the message it should give.
 */
class FreshUserCliTest {

    private static String l07() {
        return TestData.suite().resolve("L07.litmus").toString();
    }

    @Test
    void compareModelsAcceptsMinusQAsQuiet() {
        CliRun r = CliRun.run("compare-models", "sc", "tso", "--events", "2", "-q");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("Included: no execution of at most 2 events"), r.out);
        assertEquals("", r.err);
    }

    @Test
    void typeConversionErrorsSayWhatWasExpectedAtTheValue() {
        CliRun jobs = CliRun.run("check", "--jobs", "x", l07());
        assertEquals(2, jobs.exit);
        assertTrue(jobs.err.startsWith("<command line>:1:14: error[E-USAGE]: --jobs expects a whole number, found 'x'\n"), jobs.err);
        CliRun timeout = CliRun.run("check", "--timeout", "x", l07());
        assertTrue(timeout.err.startsWith("<command line>:1:17: error[E-USAGE]: --timeout expects a number, found 'x'\n"),
                timeout.err);
        CliRun max = CliRun.run("check", "--max-executions", "x", l07());
        assertTrue(max.err.startsWith("<command line>:1:24: error[E-USAGE]: --max-executions expects a whole number, found 'x'\n"),
                max.err);
        CliRun events = CliRun.run("compare-models", "tso", "sc", "--events", "2x");
        assertEquals(2, events.exit);
        assertTrue(events.err.startsWith("<command line>:1:32: error[E-USAGE]: --events expects a whole number, found '2x'\n"),
                events.err);
        CliRun tooLarge = CliRun.run("check", "--jobs", "99999999999", l07());
        assertEquals(2, tooLarge.exit);
        assertTrue(tooLarge.err.startsWith("<command line>:1:14: error[E-USAGE]: --jobs expects a whole number of at most "
                + "2147483647, found '99999999999'\n"), tooLarge.err);
        CliRun tooSmall = CliRun.run("compare-models", "tso", "sc", "--events", "-99999999999");
        assertEquals(2, tooSmall.exit);
        assertTrue(tooSmall.err.contains("error[E-USAGE]: --events expects a whole number of at least -2147483648, found "
                + "'-99999999999'\n"), tooSmall.err);
        // a worker per job: a served --jobs 100000 took every process ID of the machine
        CliRun tooMany = CliRun.run("check", "--jobs", "100000", l07());
        assertEquals(2, tooMany.exit);
        assertEquals("<command line>:1:14: error[E-USAGE]: --jobs must be at most " + JobsOption.maximum()
                + " (the larger of 256 and 4 per processor), not 100000\n", tooMany.err);
        CliRun tooManyLayouts = CliRun.run("compare-models", "tso", "sc", "--jobs", "100000");
        assertEquals(2, tooManyLayouts.exit);
        assertEquals("<command line>:1:30: error[E-USAGE]: --jobs must be at most " + JobsOption.maximum()
                + " (the larger of 256 and 4 per processor), not 100000\n", tooManyLayouts.err);
        CliRun noValue = CliRun.run("check", "--jobs");
        assertTrue(noValue.err.startsWith("<command line>:1:7: error[E-USAGE]: --jobs expects a value N, found none\n"),
                noValue.err);
    }

    @Test
    void missingArgumentsAreNamedWithoutJavaWording() {
        assertTrue(CliRun.run("check").err.startsWith("<command line>:1:1: error[E-USAGE]: missing argument FILE|DIR\n"));
        assertTrue(CliRun.run("compare-models", "tso").err.startsWith(
                "<command line>:1:1: error[E-USAGE]: missing argument M2\n"));
        CliRun gen = CliRun.run("gen");
        assertEquals(2, gen.exit);
        assertTrue(gen.err.startsWith("<command line>:1:1: error[E-USAGE]: missing option: give one of (--random=N | --cycle=EDGES"),
                gen.err);
        assertFalse(gen.err.contains("Error:"), gen.err);
    }

    @Test
    void aNegativeTimeoutIsEchoedAsTyped() {
        CliRun r = CliRun.run("check", "--timeout", "-1", l07());
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("<command line>:1:17: error[E-USAGE]: --timeout must be 0 (no limit) or a positive number "
                + "of seconds, not -1\n"), r.err);
    }

    @Test
    void herdsMinusTimeoutIsAnAliasOfTimeout() {
        CliRun r = CliRun.run("check", "-timeout", "-1", l07());
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("<command line>:1:16: error[E-USAGE]: --timeout must be 0 (no limit)"), r.err);
        CliRun ok = CliRun.run("check", "-timeout", "30", l07());
        assertEquals(0, ok.exit, ok.err);
        assertTrue(ok.out.contains("Test L07 Allowed"), ok.out);
    }

    @Test
    void compareModelsOutThatIsAFileIsNotCalledAMissingDirectory(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        CliRun r = CliRun.run("compare-models", "tso", "sc", "--out", file.toString());
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith(file + ":1:1: error[E-IO]: " + file + " is not a directory\n"), r.err);
    }

    @Test
    void anEmptyFileArgumentIsReportedAtItsColumn() {
        CliRun r = CliRun.run("check", "--jobs", "1", "", l07());
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("<command line>:1:16: error[E-IO]: empty input file name\n"), r.err);
    }

    @Test
    void anIndexThatListsItselfDirectlySaysSo(@TempDir Path dir) throws Exception {
        Path self = Files.writeString(dir.resolve("@self"), "@self\n");
        CliRun r = CliRun.run("check", self.toString());
        assertEquals(2, r.exit);
        assertTrue(r.err.contains(self + ":1:1: error[E-IO]: index file lists itself\n"), r.err);
        Path a = Files.writeString(dir.resolve("@a"), "@b\n");
        Files.writeString(dir.resolve("@b"), "@a\n");
        CliRun cycle = CliRun.run("check", a.toString());
        assertTrue(cycle.err.contains("index file lists itself (through another index)"), cycle.err);
    }

    @Test
    void compareModelsCountsOneEventInTheSingularAndWarnsOfAnEmptyModel(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.cat"), "\"empty\"\nlet x = po\n");
        CliRun r = CliRun.run("compare-models", empty.toString(), "sc", "--events", "1");
        assertTrue(r.err.contains(empty + ":1:1: warning[W-EMPTY-MODEL]: the model has no checks"), r.err);
        assertTrue(r.err.contains("compare-models: 1 event ... ("), r.err);
        assertFalse(r.err.contains("1 events"), r.err);
    }
}
