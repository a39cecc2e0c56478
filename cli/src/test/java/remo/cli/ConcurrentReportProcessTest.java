package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, "two processes writing the same report": both succeed, each message is true, and the
 * page is one run's whole page (the last rename wins), never a mix or a cut; no temporary file stays.
 */
class ConcurrentReportProcessTest {

    private static Process report(Path tmp, String name, Path page, String... tests) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "remo.cli.Main", "report", "--out", page.toString()));
        for (String t : tests) {
            cmd.add(TestData.suite().resolve(t + ".litmus").toString());
        }
        return new ProcessBuilder(cmd).redirectOutput(tmp.resolve(name + ".out").toFile())
                .redirectError(tmp.resolve(name + ".err").toFile()).start();
    }

    private static boolean has(String html, String test) {
        return html.contains("data-test=\"" + test + "\"");
    }

    @Test
    void twoRunsWritingOnePageLeaveOneWholePage(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path page = out.resolve("r.html");
        Process a = report(tmp, "a", page, "L07", "L08");
        Process b = report(tmp, "b", page, "W1", "L03");
        assertTrue(a.waitFor(180, TimeUnit.SECONDS) && b.waitFor(180, TimeUnit.SECONDS));
        assertEquals(0, a.exitValue(), Files.readString(tmp.resolve("a.err")));
        assertEquals(0, b.exitValue(), Files.readString(tmp.resolve("b.err")));
        for (String run : new String[] {"a", "b"}) {
            String err = Files.readString(tmp.resolve(run + ".err"));
            assertTrue(err.startsWith("remo: wrote " + page + " (2 tests"), "each run's message is true of its own page: " + err);
        }
        String html = Files.readString(page);
        assertTrue(html.endsWith("</html>\n"), "a whole page");
        boolean isA = has(html, "L07") && has(html, "L08") && !has(html, "W1") && !has(html, "L03");
        boolean isB = has(html, "W1") && has(html, "L03") && !has(html, "L07") && !has(html, "L08");
        assertTrue(isA ^ isB, "one run's page, not a mix: " + html.length() + " characters");
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(List.of(page), s.toList(), "no temporary file stays");
        }
    }
}
