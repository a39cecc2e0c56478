package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import remo.cli.TestData;

/**
 * Execution graphs: golden DOT files for SB (x86 corpus, tso) and the put/poll test L11 (suite,
 * rdma-tso-rmw), their clusters, columns, node shapes and edge kinds, and the violated check of
 * forbidden executions. Regenerate the golden files with {@code -Dremo.updateGolden=true} after a
 * deliberate change, and look at them ({@code dot -Tpng}) before committing.
 */
class DotGraphTest {

    private static String golden(String name, String actual) throws IOException {
        Path file = TestData.golden().resolve(name);
        if (Boolean.getBoolean("remo.updateGolden")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** The body of cluster {@code name}: the text between its opening line and its closing brace. */
    private static String cluster(String dot, String name) {
        int start = dot.indexOf("subgraph " + name + " {");
        assertTrue(start >= 0, "no " + name + " in\n" + dot);
        int depth = 0;
        for (int i = dot.indexOf('{', start); i < dot.length(); i++) {
            if (dot.charAt(i) == '{') {
                depth++;
            } else if (dot.charAt(i) == '}' && --depth == 0) {
                return dot.substring(start, i);
            }
        }
        throw new AssertionError("unbalanced cluster " + name);
    }

    private static List<String> edges(String dot, String label) {
        Matcher m = Pattern.compile("(e\\d+ -> e\\d+) \\[label=\"" + Pattern.quote(label) + "\"").matcher(dot);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void sbWitnessIsStableAndShowsTheStoreBufferingCycle() throws IOException {
        List<GraphDrawing> gs = Graphs.graphs(TestData.corpusTest("SB"), "tso", ShowMode.WITNESS, 10, List.of());
        assertEquals(1, gs.size(), "SB has one witness under tso");
        String dot = DotRenderer.render(gs.get(0));
        assertEquals(dot, DotRenderer.render(Graphs.graphs(TestData.corpusTest("SB"), "tso", ShowMode.WITNESS, 10,
                List.of()).get(0)), "rendering is deterministic");
        assertEquals(golden("SB-1.dot", dot), dot, "golden DOT of SB's witness (cli/src/test/resources/golden/SB-1.dot)");

        assertTrue(dot.startsWith("// remo execution graph SB-1"));
        // one node, threads in columns, initial writes in their own column
        String node1 = cluster(dot, "cluster_n1");
        for (String col : List.of("cluster_n1_init", "cluster_n1_t0", "cluster_n1_t1")) {
            assertTrue(node1.contains("subgraph " + col + " {"), col);
        }
        assertFalse(dot.contains("cluster_n2"), "SB runs on one node");
        assertTrue(cluster(dot, "cluster_n1_t0").contains("e2 [label=\"e2 W x=1\\nmovl $1,(x)\", shape=box"));
        assertTrue(cluster(dot, "cluster_n1_t0").contains("e3 [label=\"e3 R y=0\\nmovl (y),%eax\", shape=box"));
        assertTrue(cluster(dot, "cluster_n1_t1").contains("e5 [label=\"e5 R x=0"));
        assertFalse(dot.contains("shape=ellipse"), "no NIC event in an x86 test");
        // both reads read the initial writes; each read is fr-before the other thread's write
        assertEquals(List.of("e0 -> e5", "e1 -> e3"), edges(dot, "rf"));
        assertEquals(List.of("e0 -> e2", "e1 -> e4"), edges(dot, "co"));
        assertEquals(List.of("e3 -> e4", "e5 -> e2"), edges(dot, "fr"));
        assertTrue(edges(dot, "ppo").isEmpty(), "W->R is not in tso's ppo");
        assertTrue(dot.contains("e2 -> e3 [color=\"#9a9a9a\""), "program order drawn thin where ppo does not hold");
        assertTrue(dot.contains("subgraph cluster_legend"), "legend");
        assertTrue(dot.contains("allowed, satisfies the condition (witness)"));
        assertTrue(dot.contains("final state: 0:rax=0; 1:rax=0;"));
    }

    @Test
    void putPollWitnessPlacesNicEventsAtTheirNode() throws IOException {
        List<GraphDrawing> gs = Graphs.graphs(TestData.suite().resolve("L11.litmus"), "rdma-tso-rmw", ShowMode.WITNESS, 10,
                List.of());
        assertEquals(1, gs.size());
        String dot = DotRenderer.render(gs.get(0));
        assertEquals(golden("L11-1.dot", dot), dot, "golden DOT of L11's witness (cli/src/test/resources/golden/L11-1.dot)");

        String node1 = cluster(dot, "cluster_n1");
        String node2 = cluster(dot, "cluster_n2");
        String p0Remote = cluster(dot, "cluster_n2_t0");
        assertTrue(p0Remote.contains("label=\"P0 remote\""));
        // the put's local read at node 1, its remote write at node 2; the get's remote read at node 2,
        // its local write at node 1
        assertTrue(node1.contains("[label=\"e4 NLR one=1\\nput w@2, one\", shape=ellipse"), node1);
        assertTrue(p0Remote.contains("[label=\"e5 NRW w=1\\nput w@2, one\", shape=ellipse"), p0Remote);
        assertTrue(p0Remote.contains("[label=\"e7 NRR y=0\\nget a, y@2\", shape=ellipse"), p0Remote);
        assertTrue(node1.contains("[label=\"e8 NLW a=0\\nget a, y@2\", shape=ellipse"), node1);
        assertFalse(node1.contains("NRW"), "an NRW is performed at the target node");
        assertTrue(cluster(dot, "cluster_n2_t1").contains("e11 [label=\"e11 W y=1\\ny = 1\", shape=box"));
        assertTrue(node2.contains("cluster_n2_init"));
        // CPU and NIC events look different
        assertTrue(dot.contains("shape=box, fillcolor=\"#fff7d6\""));
        assertTrue(dot.contains("shape=ellipse, fillcolor=\"#d6ecff\""));
        // every edge kind of a put/poll test is there, each with its own style
        for (String kind : List.of("rf", "co", "fr", "ppo", "pm")) {
            assertFalse(edges(dot, kind).isEmpty(), "no " + kind + " edge in\n" + dot);
        }
        assertTrue(edges(dot, "pm").containsAll(List.of("e5 -> e6", "e8 -> e9")),
                "each poll matches the completion of its operation: " + edges(dot, "pm"));
        assertTrue(dot.contains("label=\"pm\", color=\"#17becf\", fontcolor=\"#0f8a96\", style=dashed"));
        assertTrue(dot.contains("label=\"fr\", color=\"#ff7f0e\", fontcolor=\"#ff7f0e\", style=dashed"));
        assertTrue(dot.contains("label=\"ppo\", color=\"#2ca02c\", fontcolor=\"#2ca02c\", penwidth=0.6"), "ppo is thin");
        for (String legend : List.of("poll matching", "NIC event", "CPU event", "preserved program order")) {
            assertTrue(cluster(dot, "cluster_legend").contains(legend), legend);
        }
    }

    @Test
    void forbiddenMpUnderTsoNamesTheTsoCheckAndItsCycle() {
        List<GraphDrawing> gs = Graphs.graphs(TestData.corpusTest("MP"), "tso", ShowMode.FORBIDDEN, 5, List.of());
        assertFalse(gs.isEmpty());
        GraphDrawing g = gs.get(0);
        assertEquals("forbidden", g.status());
        assertNotNull(g.violation());
        assertEquals("tso", g.violation().check());
        assertEquals("acyclic", g.violation().checkKind());
        // the candidate drawn first reaches the condition: reads y=1 then x=0
        assertTrue(String.join("\n", g.caption()).contains("would satisfy the condition"), g.caption().toString());
        assertEquals(List.of(2, 3, 4, 5), g.violation().cycle());
        String dot = DotRenderer.render(g);
        assertTrue(dot.contains("violates tso: acyclic"), dot);
        assertTrue(dot.contains("cycle: e2 -ppo-> e3 -rf-> e4 -ppo-> e5 -fr-> e2"), dot);
        List<String> violation = edges(dot, "tso: ppo");
        violation.addAll(edges(dot, "tso: rf"));
        violation.addAll(edges(dot, "tso: fr"));
        assertEquals(List.of("e2 -> e3", "e4 -> e5", "e3 -> e4", "e5 -> e2"), violation);
        assertTrue(dot.contains("penwidth=3"), "violation edges are thick");
        assertTrue(dot.contains("e4 [label=\"e4 R y=1\\nmovl (y),%eax\", shape=box, fillcolor=\"#fff7d6\", color=\"#8a6d00\", "
                + "penwidth=2.5, color=\"#c00000\""), "events on the cycle are outlined");
    }

    @Test
    void forbiddenC01UnderRdmaModelNamesCausality() {
        List<GraphDrawing> gs = Graphs.graphs(TestData.suite().resolve("C01.litmus"), "rdma-tso-rmw", ShowMode.FORBIDDEN, 3,
                List.of());
        GraphDrawing g = gs.get(0);
        assertEquals("causality", g.violation().check());
        assertTrue(String.join("\n", g.caption()).contains("would satisfy the condition"), g.caption().toString());
        String dot = DotRenderer.render(g);
        assertTrue(dot.contains("violates causality: acyclic hb"), dot);
        assertTrue(dot.contains("label=\"causality"), "violation edges are labelled with the check's name");
        assertTrue(cluster(dot, "cluster_legend").contains("causality (bold)"));
    }

    @Test
    void remoteRmwsShowRaoWaitMatchingAndModelRelationsOnTheCycle() {
        List<GraphDrawing> gs = Graphs.graphs(TestData.suite().resolve("W4.litmus"), "rdma-wait-rmw", ShowMode.FORBIDDEN, 1,
                List.of());
        String dot = DotRenderer.render(gs.get(0));
        assertEquals(List.of("e7 -> e3"), edges(dot, "rao"), "the two rfaa are ordered by rao at node 3");
        assertEquals(List.of("e5 -> e6", "e9 -> e10"), edges(dot, "wm"), "each wait matches its operation's completion");
        assertTrue(cluster(dot, "cluster_n3_t0").contains("e3 [label=\"e3 NAR x=0\\nrfaa z, x@3, 1 #d\", shape=ellipse"),
                "the atomic read of P0's rfaa is performed at node 3");
        assertEquals("causality", gs.get(0).violation().check());
        // the hb edge from e8 back to e3 is no rf/co/fr/ppo/rao edge: it is named by the model's rao-ord
        assertTrue(dot.contains("cycle: e3 -fr-> e8 -rao-ord-> e3"), dot);
        assertEquals(List.of("e8 -> e3"), edges(dot, "causality: rao-ord"));
    }

    @Test
    void showDrawsNamedModelRelationsAndReportsUnknownOnes() {
        List<GraphDrawing> gs = Graphs.graphs(TestData.suite().resolve("L11.litmus"), "rdma-tso-rmw", ShowMode.WITNESS, 1,
                List.of("hb", "nonsense"));
        String dot = DotRenderer.render(gs.get(0));
        assertFalse(edges(dot, "hb").isEmpty(), "hb drawn: " + dot);
        assertTrue(dot.contains("relation hb of the model (--show)"));
        assertFalse(dot.contains("nonsense"));
        GraphBuilder b = new GraphBuilder(Graphs.model(Graphs.run(TestData.suite().resolve("L11.litmus"), "rdma-tso-rmw",
                ShowMode.WITNESS, 1)), java.util.Set.of(), List.of("hb", "po", "nonsense", "W"));
        assertEquals(List.of("nonsense", "W"), b.unknownRelations(), "W is a set, not a relation");
    }

    @Test
    void allModeDrawsEveryCandidateOnce() {
        List<GraphDrawing> gs = Graphs.graphs(TestData.corpusTest("SB"), "tso", ShowMode.ALL, 100, List.of());
        // SB: two reads with two sources each, one write per location: 4 candidates, all allowed by tso
        assertEquals(4, gs.size());
        assertEquals(List.of("SB-1", "SB-2", "SB-3", "SB-4"), gs.stream().map(GraphDrawing::name).toList());
        assertEquals(1, gs.stream().filter(g -> g.status().equals("witness")).count());
        List<GraphDrawing> sc = Graphs.graphs(TestData.corpusTest("SB"), "sc", ShowMode.ALL, 100, List.of());
        assertEquals(4, sc.size());
        assertEquals("sc", sc.stream().filter(g -> g.status().equals("forbidden")).map(g -> g.violation().check())
                .collect(Collectors.joining()), "under sc exactly the SB outcome is forbidden, by check sc");
    }

    @Test
    void graphvizRendersTheGraphsWhenInstalled() throws IOException {
        Graphviz gv = Graphviz.find().orElse(null);
        Assumptions.assumeTrue(gv != null, "Graphviz 'dot' is not installed (CI installs it: .ci/run)");
        String dot = DotRenderer.render(Graphs.graphs(TestData.suite().resolve("L11.litmus"), null, ShowMode.WITNESS, 1,
                List.of()).get(0));
        String svg = gv.inlineSvg(dot);
        assertTrue(svg.startsWith("<svg"), svg.substring(0, Math.min(100, svg.length())));
        assertTrue(svg.contains("NRW w=1"));
        byte[] png = gv.render(dot, "png");
        assertTrue(png.length > 5000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG of " + png.length + " bytes");
    }

    @Test
    void everyForbiddenGraphOfN4RendersDespiteGraphvizInitRankBug() throws IOException {
        Graphviz gv = Graphviz.find().orElse(null);
        Assumptions.assumeTrue(gv != null, "Graphviz 'dot' is not installed (CI installs it: .ci/run)");
        // Graphviz 2.43 fails with "trouble in init_rank" on some of these graphs unless edge
        // labels are placed after layout (Graphviz.render retries with xlabel)
        List<GraphDrawing> gs = Graphs.graphs(TestData.corpus().resolve("dat3m-x86/n4.litmus"), "tso", ShowMode.FORBIDDEN, 20,
                List.of());
        assertTrue(gs.size() >= 3);
        for (GraphDrawing g : gs) {
            assertTrue(gv.inlineSvg(DotRenderer.render(g)).startsWith("<svg"), g.name());
        }
    }
}
