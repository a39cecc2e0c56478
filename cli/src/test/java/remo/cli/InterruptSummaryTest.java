package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.cli.report.JsonResults;
import remo.cli.report.ResultDocument;

/**
 * Issue 28, in-process: an interrupt that comes before any test starts (requested up front) leaves
 * every test not run, and each format says so: check's JSON ({@code interrupted}, {@code not_run}),
 * the report page (banner, not-run rows, written, no NullPointerException), robust's and simulate's
 * last lines. The robust summary is printed for several tests run to the end too.
 */
class InterruptSummaryTest {

    private static String suite(String id) {
        return TestData.suite().resolve(id + ".litmus").toString();
    }

    @AfterEach
    void clear() {
        remo.core.Interruption.clear();
    }

    @Test
    void jsonListsEveryTestAsNotRunWithTheInterruptedFlag() throws Exception {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        CliRun r = CliRun.run("check", "--json", suite("L07"), suite("W1"));
        assertEquals(130, r.exit, r.err);
        ResultDocument d = JsonResults.read(r.out);
        assertEquals(Boolean.TRUE, d.interrupted());
        assertEquals(List.of(JsonResults.NOT_RUN, JsonResults.NOT_RUN), d.tests().stream().map(ResultDocument.Test::status).toList());
        assertEquals(List.of(suite("L07"), suite("W1")), d.tests().stream().map(ResultDocument.Test::file).toList());
        assertEquals(new ResultDocument.Summary(2, 0, 0, null, 2), d.summary());
    }

    @Test
    void anUninterruptedJsonDocumentHasNoFlagAndNoNotRunCount() throws Exception {
        CliRun r = CliRun.run("check", "--json", suite("L07"));
        assertEquals(0, r.exit, r.err);
        assertTrue(!r.out.contains("interrupted") && !r.out.contains("notRun"), r.out);
    }

    @Test
    void theReportOfARunInterruptedBeforeItsFirstTestIsWrittenWithItsBanner(@TempDir Path tmp) throws Exception {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        Path page = tmp.resolve("r.html");
        CliRun r = CliRun.run("report", "--out", page.toString(), suite("L07"), suite("W1"));
        assertEquals(130, r.exit, r.err);
        String html = Files.readString(page);
        assertTrue(html.contains("Partial report: interrupted (SIGINT or SIGTERM). 0 of 2 tests finished (a test stopped "
                + "while running is marked partial); 2 not run: " + suite("L07") + ", " + suite("W1") + ".</p>"), html);
        assertEquals(3, html.split("<tr class=\"test-row not-run\">", -1).length, html);
        assertTrue(r.err.contains("remo: wrote " + page + " (0 tests; partial: interrupted (SIGINT or SIGTERM), 2 not run"), r.err);
    }

    @Test
    void robustCountsTheTestsNotRunAndSummarisesSeveralTests() {
        CliRun whole = CliRun.run("robust", suite("L07"), suite("W1"));
        assertEquals(0, whole.exit, whole.err);
        assertTrue(whole.out.contains("\nAnalysed 2 tests: 2 decided, 0 unknown (a limit or an interrupt), 0 errors\n"), whole.out);
        remo.core.Interruption.request("SIGINT or SIGTERM");
        CliRun r = CliRun.run("robust", suite("L07"), suite("W1"));
        assertEquals(130, r.exit, r.err);
        assertTrue(r.out.startsWith("Analysed 2 tests: 0 decided, 0 unknown (a limit or an interrupt), 0 errors, 2 not run "
                + "(interrupted (SIGINT or SIGTERM))\n"), r.out);
        assertTrue(r.err.contains("remo: interrupted (SIGINT or SIGTERM): 2 of 2 tests not run: " + suite("L07") + ", "
                + suite("W1") + "\n"), r.err);
    }

    @Test
    void simulateCountsTheTestsNotRun() {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        CliRun r = CliRun.run("simulate", "--runs", "10", suite("L07"), suite("W1"));
        assertEquals(130, r.exit, r.err);
        assertEquals("Simulated 2 tests: 0 ok, 0 outside the model or failed, 0 errors, 2 not run (interrupted (SIGINT or "
                + "SIGTERM))\n", r.out);
    }
}
