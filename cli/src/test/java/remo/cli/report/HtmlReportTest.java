package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.cli.Cli;
import remo.cli.TestData;

/**
 * {@code remo report}: one self-contained HTML file; it renders in headless Chromium (screenshot
 * and DOM), with one table row per test and the expected-verdict mismatch highlighted.
 */
class HtmlReportTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final List<String> TESTS = List.of("L01", "L07", "L09", "L11", "C01", "W9");

    @TempDir
    static Path dir;
    private static Path report;
    private static String html;
    private static Cli.Run run;

    @BeforeAll
    static void writeReport() throws IOException {
        // an expectation file with one deliberately wrong row (L07 is Allowed under rdma-tso-rmw)
        Path tsv = dir.resolve("expect.tsv");
        StringBuilder rows = new StringBuilder("file\tverdict\n");
        for (String t : TESTS) {
            rows.append(TestData.suite().resolve(t + ".litmus")).append('\t')
                    .append(t.equals("L07") || t.equals("L11") ? "Forbidden" : t.equals("L01") ? "Allowed" : "Forbidden")
                    .append('\n');
        }
        Files.writeString(tsv, rows.toString());
        List<String> args = new ArrayList<>(List.of("report", "--quiet", "--out", dir.resolve("report.html").toString(),
                "--expect", tsv.toString()));
        for (String t : TESTS) {
            args.add(TestData.suite().resolve(t + ".litmus").toString());
        }
        args.add(TestData.errors().resolve("X01.litmus").toString());
        run = Cli.run(args.toArray(String[]::new));
        report = dir.resolve("report.html");
        html = Files.readString(report, StandardCharsets.UTF_8);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void reportHasOneRowPerTestAndHighlightsMismatches() {
        assertEquals(2, run.status(), "X01 is rejected, so the run reports an input error: " + run.err());
        assertTrue(run.err().contains("MISMATCH"), run.err());
        assertEquals(TESTS.size() + 1, count(html, "<tr class=\"test-row"));
        assertEquals(2, count(html, "<tr class=\"test-row mismatch\""), "L07 and L11 are Allowed, expected Forbidden");
        assertEquals(1, count(html, "<tr class=\"test-row error\""));
        assertTrue(html.contains("<th>Expected</th>"));
        for (String t : TESTS) {
            assertTrue(html.contains("data-test=\"" + t + "\""), t);
        }
        // each test shows its program text and states
        assertTrue(html.contains("put w@2, one"), "L11's program text");
        assertTrue(html.contains("0:r1=0; 1:r0=0;"), "L11's states");
        assertTrue(html.contains("A witness: an execution the model allows"));
        assertTrue(html.contains("rejected by check &#39;causality&#39;"), "forbidden tests explain the rejecting check");
        assertTrue(html.contains("no candidate execution reaches the condition, consistent or not. One execution the model "
                + "allows:"), "W9's condition is unreachable: an allowed execution is drawn instead");
        assertTrue(html.contains("E-NONLOCAL"));
    }

    @Test
    void reportIsSelfContained() {
        assertFalse(Pattern.compile("(?i)(src|href)\\s*=\\s*[\"']?\\s*(https?:)?//").matcher(html).find(),
                "no external resources");
        assertFalse(html.contains("<link"), "no external style sheet");
        assertFalse(Pattern.compile("(?i)<script[^>]*\\bsrc=").matcher(html).find(), "no external script");
        assertFalse(html.contains("@import") || Pattern.compile("url\\(\\s*['\"]?https?:").matcher(html).find());
        assertTrue(html.contains("<style>") && html.contains("<script>"), "CSS and JavaScript are inline");
        if (Graphviz.find().isPresent()) {
            assertTrue(count(html, "<svg") >= TESTS.size(), "one inline SVG graph per test that ran");
            assertFalse(html.contains("<?xml"), "SVG inlined without its XML declaration");
        } else {
            assertTrue(html.contains("<pre class=\"dot\">"), "without Graphviz the DOT text is shown");
        }
    }

    private static String chromium(String... extra) throws IOException, InterruptedException {
        return chromiumAt(report.toUri().toString(), extra);
    }

    private static String chromiumAt(String url, String... extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile));
        cmd.addAll(List.of(extra));
        cmd.add(url);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 60 s");
        }
        assertEquals(0, p.exitValue(), "chromium exit status");
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void rendersInHeadlessChromium() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM),
                "chromium is not installed at /usr/bin/chromium (CI installs it: .ci/run; locally: apt-get install chromium)");
        String dom = chromium("--dump-dom");
        Matcher rows = Pattern.compile("<tr class=\"test-row[^\"]*\"").matcher(dom);
        int n = 0;
        while (rows.find()) {
            n++;
        }
        assertEquals(TESTS.size() + 1, n, "one table row per test in the rendered DOM");
        assertTrue(dom.contains("id=\"tests\""));

        // the table sorts: by states, descending, through the URL fragment
        String sorted = chromiumAt(report.toUri() + "#sort=-states", "--dump-dom");
        Matcher states = Pattern.compile("<tr class=\"test-row[^\"]*\" data-test=\"([^\"]+)\">(?:<td[^>]*>.*?</td>){5,6}"
                + "<td class=\"num\">(\\d*)</td>").matcher(sorted);
        List<Integer> counts = new ArrayList<>();
        while (states.find()) {
            counts.add(states.group(2).isEmpty() ? -1 : Integer.parseInt(states.group(2)));
        }
        assertEquals(TESTS.size() + 1, counts.size(), sorted);
        List<Integer> descending = new ArrayList<>(counts);
        descending.sort(java.util.Comparator.reverseOrder());
        assertEquals(descending, counts, "rows sorted by number of states, descending");
        assertTrue(counts.get(0) > counts.get(counts.size() - 2), "not all equal: " + counts);

        Path png = dir.resolve("report.png");
        chromium("--screenshot=" + png, "--window-size=1280,2400", "--hide-scrollbars");
        assertTrue(Files.exists(png), "screenshot written");
        byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 50_000, "a screenshot with content, not a blank page: " + bytes.length + " bytes");
        assertEquals("PNG", new String(bytes, 1, 3, StandardCharsets.US_ASCII));
        ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8);
        assertEquals(1280, header.getInt(), "width");
        assertEquals(2400, header.getInt(), "height");
    }
}
