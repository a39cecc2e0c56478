package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.cli.Cli;
import remo.cli.TestData;
import remo.litmus.LitmusException;

/**
 * {@code remo compare-logs}: a remo run against a herd7-format log written by hand, with item and
 * line order shuffled, {@code x} for {@code [x]}, {@code Hash=} lines and three injected
 * differences; only those are reported.
 */
class CompareLogsTest {

    /** herd7's output for the same five tests, except: MP made reachable, one state of R dropped, S added. */
    private static final String HERD7 = """
            % herd7 -model x86tso.cat (hand-written for this test)
            Test SB Allowed
            States 4
            1:rax=0; 0:rax=0;
            0:rax=1; 1:rax=1;
            1:rax=1; 0:rax=0;
            0:rax=1; 1:rax=0;
            Ok
            Witnesses
            Positive: 1 Negative: 3
            Condition exists (0:rax=0 /\\ 1:rax=0)
            Observation SB Sometimes 1 3
            Time SB 0.00
            Hash=3b2d8c1e0a4f5e6d7c8b9a0f1e2d3c4b

            Test MP Allowed
            States 4
            1:rbx=0; 1:rax=0;
            1:rax=0; 1:rbx=1;
            1:rax=1; 1:rbx=1;
            1:rax=1; 1:rbx=0;
            Ok
            Witnesses
            Positive: 1 Negative: 3
            Condition exists (1:rax=1 /\\ 1:rbx=0)
            Observation MP Sometimes 1 3
            Time MP 0.00
            Hash=0a1b2c3d4e5f60718293a4b5c6d7e8f9

            Test LB Allowed
            States 3
            0:rax=0; 1:rax=0;
            0:rax=1; 1:rax=0;
            0:rax=0; 1:rax=1;
            No
            Witnesses
            Positive: 0 Negative: 3
            Condition exists (0:rax=1 /\\ 1:rax=1)
            Observation LB Never 0 3
            Time LB 0.01

            Test R Allowed
            States 3
            y=1; 1:rax=0;
            y=2; 1:rax=0;
            y=2; 1:rax=1;
            Ok
            Witnesses
            Positive: 1 Negative: 2
            Condition exists (y=2 /\\ 1:rax=0)
            Observation R Sometimes 1 2
            Time R 0.00

            Test 2+2W Allowed
            States 3
            y=1; x=1;
            x=1; y=2;
            y=1; x=2;
            No
            Witnesses
            Positive: 0 Negative: 3
            Condition exists (x=2 /\\ y=2)
            Observation 2+2W Never 0 3
            Time 2+2W 0.00

            Test S Allowed
            States 3
            1:rax=0; x=2;
            1:rax=1; x=1;
            1:rax=0; x=1;
            No
            Witnesses
            Positive: 0 Negative: 3
            Condition exists (x=2 /\\ 1:rax=1)
            Observation S Never 0 3
            Time S 0.00
            """;

    @TempDir
    Path dir;

    private Path remoLog() throws IOException {
        Cli.Run run = Cli.run("check", "--quiet", TestData.corpusTest("SB").toString(), TestData.corpusTest("MP").toString(),
                TestData.corpusTest("LB").toString(), TestData.corpusTest("R").toString(),
                TestData.corpusTest("2+2W").toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("\nSummary\n"), "the remo log ends with its summary table");
        Path log = dir.resolve("remo.txt");
        Files.writeString(log, run.out());
        return log;
    }

    @Test
    void findsTheInjectedDifferencesAndNoOthers() throws Exception {
        Path remo = remoLog();
        Path herd = dir.resolve("herd7.txt");
        Files.writeString(herd, HERD7);
        LogComparison c = LogComparison.compare(ResultLog.read(remo, "remo.txt"), ResultLog.read(herd, "herd7.txt"));
        assertEquals(List.of("MP", "R", "S"), c.differences().stream().map(LogComparison.Difference::test).toList(),
                c.report());
        assertEquals(List.of(LogComparison.Kind.VERDICT_AND_STATES, LogComparison.Kind.STATES, LogComparison.Kind.ONLY_IN_B),
                c.differences().stream().map(LogComparison.Difference::kind).toList());
        assertEquals(5, c.compared());
        assertTrue(c.differences().get(0).message().contains("Allowed No Never in remo.txt, Allowed Ok Sometimes in herd7.txt"),
                c.differences().get(0).message());
        assertTrue(c.differences().get(0).message().contains("only in herd7.txt: {1:rax=1; 1:rbx=0}"));
        assertTrue(c.differences().get(1).message().contains("only in remo.txt: {1:rax=1; y=1}"),
                c.differences().get(1).message());

        Cli.Run run = Cli.run("compare-logs", remo.toString(), herd.toString());
        assertEquals(1, run.status(), run.err());
        assertTrue(run.out().endsWith("5 tests compared: 3 identical, 2 differ; 0 only in " + remo + ", 1 only in " + herd
                + "\n"), run.out());
        assertEquals(3, run.out().lines().count() - 1, run.out());
    }

    /** One test: "1 test compared", not "1 tests" (fresh-user trial). */
    @Test
    void oneTestIsCountedInTheSingular() throws Exception {
        Cli.Run check = Cli.run("check", "--quiet", TestData.corpusTest("SB").toString());
        Path log = dir.resolve("one.txt");
        Files.writeString(log, check.out());
        Cli.Run run = Cli.run("compare-logs", log.toString(), log.toString());
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().startsWith("1 test compared: 1 identical, 0 differ"), run.out());
    }

    @Test
    void identicalLogsExitZero() throws Exception {
        Path remo = remoLog();
        Cli.Run run = Cli.run("compare-logs", remo.toString(), remo.toString());
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().startsWith("5 tests compared: 5 identical, 0 differ"), run.out());
    }

    @Test
    void malformedOrMissingInputExitsTwoWithAPosition() throws Exception {
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "Test SB Allowed\nStates 3\n0:rax=0; 1:rax=0;\n0:rax=1; 1:rax=1;\n\n");
        Path remo = remoLog();
        Cli.Run run = Cli.run("compare-logs", remo.toString(), bad.toString());
        assertEquals(2, run.status());
        assertTrue(run.err().startsWith(bad + ":5:1: error[E-LOG]: 'States 3' announces 3 state lines, found 2"), run.err());

        Files.writeString(bad, "Test SB Allowed\nStates 1\n0:rax=0; 1:rax;\nOk\nObservation SB Sometimes 1 0\n");
        LitmusException e = assertThrows(LitmusException.class, () -> ResultLog.read(bad, "bad.txt"));
        assertEquals("bad.txt:3:10: error[E-LOG]: expected a state item 'NAME=VALUE', found '1:rax'", e.diagnostic().format());

        Files.writeString(bad, "Hello world\n");
        e = assertThrows(LitmusException.class, () -> ResultLog.read(bad, "bad.txt"));
        assertEquals("bad.txt:1:1: error[E-LOG]: expected a 'Test NAME KIND' line, found 'Hello world'", e.diagnostic().format());

        Files.writeString(bad, "Test SB Allowed\nStates 0\nOk\n");
        e = assertThrows(LitmusException.class, () -> ResultLog.read(bad, "bad.txt"));
        assertEquals("bad.txt:4:1: error[E-LOG]: the file ends inside the block of test SB (line 1): expected its "
                + "'Observation SB Never|Sometimes|Always P N' line", e.diagnostic().format());

        Files.writeString(bad, "");
        run = Cli.run("compare-logs", remo.toString(), bad.toString());
        assertEquals(2, run.status(), run.out());
        assertTrue(run.err().startsWith(bad + ":1:1: error[E-LOG]: no test block found"), run.err());
        assertEquals("", run.out());

        run = Cli.run("compare-logs", remo.toString(), dir.resolve("missing.txt").toString());
        assertEquals(2, run.status());
        assertTrue(run.err().contains("missing.txt:1:1: error[E-IO]: cannot read log"), run.err());
    }

    @Test
    void aLogWithoutTestBlocksIsMalformed() {
        assertEquals("t.txt:1:1: error[E-LOG]: no test block found (a log holds 'Test NAME Allowed|Forbidden|Required' "
                + "blocks, as remo check and herd7 print them)", logError("% herd7 run\n\n// nothing\n"));
        assertEquals("t.txt:1:1: error[E-LOG]: no test block found", logError("").replaceFirst(" \\(.*", ""));
    }

    /** The diagnostic of a malformed log, formatted. */
    private static String logError(String text) {
        return assertThrows(LitmusException.class, () -> ResultLog.parse(text, "t.txt")).diagnostic().format();
    }

    @Test
    void anObservationOfAnotherTestIsMalformed() {
        assertEquals("t.txt:11:13: error[E-LOG]: 'Observation ZZ' inside the block of test B2 (line 7); "
                + "expected 'Observation B2 ...'", logError("Test B1 Allowed\nStates 1\nx=1;\nOk\nObservation B1 Always 1 0\n\n"
                + "Test B2 Allowed\nStates 1\nx=1;\nOk\nObservation ZZ Always 1 0\n"));
    }

    @Test
    void aBlockCutShortIsLocatedWhereItStops() {
        String endsInside = "t.txt:%s: error[E-LOG]: the file ends inside the block of test SB (line 1): ";
        assertEquals(endsInside.formatted("4:1") + "expected its 'Ok' or 'No' line",
                logError("Test SB Allowed\nStates 1\nx=1;\n"));
        assertEquals(endsInside.formatted("4:3") + "expected its 'Observation SB Never|Sometimes|Always P N' line",
                logError("Test SB Allowed\nStates 1\nx=1;\nOk"));
        assertEquals(endsInside.formatted("1:16") + "expected its 'States N' line", logError("Test SB Allowed"));
        assertEquals(endsInside.formatted("4:5") + "'States 3' announces 3 state lines, found 2",
                logError("Test SB Allowed\nStates 3\nx=1;\nx=2;"));
        assertEquals("t.txt:4:1: error[E-LOG]: the block of test A (line 1) ends without its 'Ok' or 'No' line",
                logError("Test A Allowed\nStates 1\nx=1;\nTest B Allowed\n"));
    }

    @Test
    void stateLinesAreSetsOfNormalisedItems() throws Exception {
        ResultLog log = ResultLog.parse("""
                Test T Allowed
                States 2
                  3 *> [x]=1; 0:EAX = 2;
                0:EAX=0x2; x=0;
                Ok
                Observation T Always 2 0
                """, "t.txt");
        ResultLog.Entry t = log.entries().get("T");
        assertEquals(Set.of(Set.of("0:EAX=2", "x=1"), Set.of("0:EAX=2", "x=0")), t.states(), "count prefix, [x], spaces and "
                + "hexadecimal values are normalised");
        assertThrows(LitmusException.class, () -> ResultLog.parse("Test T Allowed\nStates 1\nx=1;\nOk\n", "t.txt"),
                "a block without Observation is malformed");
    }
}
