package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The progress display: shown only on a terminal and without --quiet; its line; output guarding. */
class ProgressTest {

    @Test
    void silentUnlessInteractiveAndNotQuiet() {
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertSame(Progress.none(), Progress.create(10, false, false, err), "stderr is not a terminal");
        assertSame(Progress.none(), Progress.create(10, true, true, err), "--quiet");
        assertNull(Progress.none().listener(), "no listener: the engine does no progress work");
        try (Progress p = Progress.create(10, true, false, err)) {
            assertTrue(p instanceof TerminalProgress);
            assertNotNull(p.listener());
        }
    }

    @Test
    void showsTestsExploredRateAndErasesItselfBeforeOutput() throws Exception {
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        TerminalProgress p = new TerminalProgress(2, err, 120);
        p.testStarted("SB");
        p.listener().progress(12_345, 7);
        p.testFinished();
        p.testStarted("MP");
        Thread.sleep(3 * TerminalProgress.UPDATE_MILLIS);
        String shown = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("Checking"), shown);
        assertTrue(shown.contains("1/2"), "tests done out of the total: " + shown);
        assertTrue(shown.contains("MP · 12.3k explored · "), "current test, candidates explored: " + shown);
        assertTrue(shown.matches("(?s).*explored · [0-9.]+[kM]?/s.*"), "rate: " + shown);
        assertTrue(shown.matches("(?s).*\\d:\\d\\d:\\d\\d.*"), "elapsed time: " + shown);

        PrintStream out = p.guard(outBytes);
        int before = errBytes.size();
        out.print("Test MP Allowed\n");
        assertEquals("Test MP Allowed\n", outBytes.toString(StandardCharsets.UTF_8));
        byte[] all = errBytes.toByteArray();
        String after = new String(java.util.Arrays.copyOfRange(all, before, all.length), StandardCharsets.UTF_8);
        assertTrue(after.contains("\r\033[K"), "the progress line is erased before output: " + after);
        p.close();
        String end = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(end.endsWith("\r\033[K"), "the line is removed at the end");
        int size = errBytes.size();
        p.listener().progress(99, 1);
        Thread.sleep(2 * TerminalProgress.UPDATE_MILLIS);
        assertEquals(size, errBytes.size(), "nothing drawn after close");
    }

    @Test
    void humanNumbers() {
        assertEquals("999", TerminalProgress.human(999));
        assertEquals("12.3k", TerminalProgress.human(12_345));
        assertEquals("4.5M", TerminalProgress.human(4_500_000));
        assertFalse(TerminalProgress.message("SB", 0, 1).isEmpty());
    }

    @Test
    void theProgressLineShowsShortNames() {
        assertEquals("SB", TerminalProgress.shortName("testdata/x86/SB.litmus"));
        assertEquals("A".repeat(19) + "…", TerminalProgress.shortName("dir/" + "A".repeat(30) + ".litmus"));
    }
}
