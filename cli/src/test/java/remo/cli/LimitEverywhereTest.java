package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.cli.report.JsonResults;
import remo.cli.report.ResultDocument;

/**
 * Issue 28: a run that hits a limit says so everywhere its result is shown, with the same reason:
 * the text block and Summary, the JSON document ({@code partial}, {@code partialReason}), the HTML
 * report (the test's row and section).
 */
class LimitEverywhereTest {

    private static final String REASON = "execution limit reached: explored 300 candidates (--max-executions 300)";

    @Test
    void anExecutionLimitIsShownInTextJsonAndTheReport(@TempDir Path tmp) throws Exception {
        String heavy = LimitsTest.heavy();
        CliRun text = CliRun.run("check", "--max-executions", "300", heavy, TestData.suite().resolve("L07.litmus").toString());
        assertEquals(0, text.exit, text.err);
        assertTrue(text.out.contains("Warning: partial result, states found so far: " + REASON + "\n"), text.out);
        assertTrue(text.out.matches("(?s).*\nSummary\nHeavy .*PARTIAL\n.*"), text.out);

        CliRun json = CliRun.run("check", "--json", "--max-executions", "300", heavy);
        assertEquals(0, json.exit, json.err);
        ResultDocument.Test t = JsonResults.read(json.out).tests().get(0);
        assertTrue(t.partial(), json.out);
        assertEquals(REASON, t.partialReason());

        Path page = tmp.resolve("r.html");
        CliRun report = CliRun.run("report", "-q", "--max-executions", "300", "--out", page.toString(), heavy);
        assertEquals(0, report.exit, report.err);
        String html = Files.readString(page);
        assertTrue(html.contains("<span class=\"tag partial\">partial</span> " + REASON), html);
        assertTrue(!html.contains("Partial report:"), "a limit is no interrupt: no interrupt banner");
    }
}
