package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.cli.report.Graphviz;

/** {@code remo check --graph/--show/--format/--json}: files written, errors, and the text block left unchanged. */
class CheckGraphOptionsTest {
    @TempDir
    Path dir;

    private static String withoutTime(String out) {
        return out.replaceAll("(?m)^Time .*$", "Time").replaceAll("(?m)^(\\S+\\s+\\S+\\s+\\S+\\s+States \\d+)\\s+\\S+s$", "$1");
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("g"))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void graphsDoNotChangeTheTextOutput() throws IOException {
        String sb = TestData.corpusTest("SB").toString();
        String mp = TestData.corpusTest("MP").toString();
        Cli.Run plain = Cli.run("check", sb, mp);
        Cli.Run graphs = Cli.run("check", "--graph", dir.resolve("g").toString(), "--show", "all", sb, mp);
        assertEquals(0, graphs.status(), graphs.err());
        assertEquals(withoutTime(plain.out()), withoutTime(graphs.out()), "same herd7 blocks and summary");
        // SB: 4 candidates; MP: 4 candidates (one forbidden)
        assertEquals(List.of("MP-1.dot", "MP-2.dot", "MP-3.dot", "MP-4.dot", "SB-1.dot", "SB-2.dot", "SB-3.dot", "SB-4.dot"),
                files());
        assertTrue(graphs.err().contains("remo: wrote 8 graphs to "), graphs.err());
        long forbidden = 0;
        for (int k = 1; k <= 4; k++) {
            if (Files.readString(dir.resolve("g/MP-" + k + ".dot")).contains("violates tso: acyclic")) {
                forbidden++;
            }
        }
        assertEquals(1, forbidden, "exactly one candidate of MP is forbidden under tso");
    }

    @Test
    void forbiddenGraphsAndWitnessNotes() throws IOException {
        Cli.Run run = Cli.run("check", "--graph", dir.resolve("g").toString(), TestData.corpusTest("MP").toString());
        assertEquals(0, run.status());
        assertTrue(run.err().contains("remo: MP: no witness execution to draw (verdict Forbidden); --show forbidden draws "
                + "rejected candidates"), run.err());
        run = Cli.run("check", "--graph", dir.resolve("g").toString(), "--show", "forbidden", "--max-graphs", "1",
                TestData.suite().resolve("C01.litmus").toString());
        assertEquals(0, run.status());
        assertEquals(List.of("C01-1.dot"), files());
        String dot = Files.readString(dir.resolve("g/C01-1.dot"));
        assertTrue(dot.contains("violates causality: acyclic hb"), dot);
    }

    @Test
    void formatSvgRendersWithGraphviz() throws IOException {
        Assumptions.assumeTrue(Graphviz.find().isPresent(), "Graphviz 'dot' is not installed (CI installs it: .ci/run)");
        Cli.Run run = Cli.run("check", "--quiet", "--graph", dir.resolve("g").toString(), "--format", "svg",
                TestData.suite().resolve("L11.litmus").toString());
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of("L11-1.dot", "L11-1.svg"), files());
        assertTrue(Files.readString(dir.resolve("g/L11-1.svg")).contains("<svg"));
        assertEquals("", run.err(), "--quiet: nothing on standard error");
    }

    @Test
    void withoutGraphvizDotIsWrittenAndAHintPrinted() throws Exception {
        // run remo in a child JVM whose PATH has no dot
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", cp, "remo.cli.Main", "check", "--graph", dir.resolve("g").toString(),
                "--format", "png", TestData.corpusTest("SB").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PATH", dir.resolve("empty-bin").toString());
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertEquals(List.of("SB-1.dot"), files());
        List<String> hint = err.lines().filter(l -> l.contains("Graphviz")).toList();
        assertEquals(1, hint.size(), err);
        assertTrue(hint.get(0).contains("dot -Tsvg FILE.dot -o FILE.svg"), hint.get(0));
    }

    @Test
    void badOptionsAreUsageErrors() {
        String sb = TestData.corpusTest("SB").toString();
        Cli.Run run = Cli.run("check", "--show", "witness,all", sb);
        assertEquals(2, run.status());
        assertTrue(run.err().startsWith("<command line>:1:7: error[E-USAGE]: --show names two modes, 'witness' and 'all'"),
                run.err());
        run = Cli.run("check", "--format", "bmp", "--graph", dir.toString(), sb);
        assertEquals(2, run.status());
        assertTrue(run.err().contains("error[E-USAGE]: --format must be dot, svg or png, not 'bmp'"), run.err());
        run = Cli.run("check", "--json-executions", sb);
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--json-executions needs --json"), run.err());
        run = Cli.run("check", "--max-graphs", "0", sb);
        assertEquals(2, run.status());
        assertFalse(run.out().contains("Test SB"), "nothing checked after a usage error");
    }

    @Test
    void unknownShownRelationIsAWarning() throws IOException {
        Cli.Run run = Cli.run("check", "--graph", dir.resolve("g").toString(), "--show", "allowed,ppo,wibble",
                "--max-graphs", "1", TestData.corpusTest("MP").toString());
        assertEquals(0, run.status());
        assertTrue(run.err().contains(":1:" + (1 + "check --graph ".length() + dir.resolve("g").toString().length()
                + " --show allowed,ppo,".length()) + ": warning[W-SHOW]: model tso defines no relation 'wibble' (--show); "
                + "not drawn"), run.err());
        String dot = Files.readString(dir.resolve("g/MP-1.dot"));
        assertTrue(dot.contains("relation ppo of the model (--show)"), dot);
        assertTrue(dot.contains("e2 -> e3 [label=\"ppo\", color=\"#8c564b\""), "W->W of P0 drawn as shown ppo: " + dot);
    }

    @Test
    void jsonReplacesTheTextBlocks() {
        Cli.Run run = Cli.run("check", "--json", TestData.corpusTest("SB").toString(), TestData.corpusTest("MP").toString());
        assertEquals(0, run.status());
        assertTrue(run.out().startsWith("{\n  \"schema\" : \"remo-result/1\""), run.out());
        assertFalse(run.out().contains("Test SB") || run.out().contains("Summary"), "no text block in JSON mode");
    }
}
