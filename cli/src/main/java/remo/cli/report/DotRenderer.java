package remo.cli.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders a {@link GraphDrawing} as a Graphviz DOT digraph: one cluster per node, inside it one
 * column per issuing thread (plus an {@code init} column for the initial writes of the locations
 * homed there), events top to bottom in program order; CPU events are boxes, NIC events blue
 * ellipses, initial writes grey; each edge kind has its own colour and line style, explained by a
 * legend; the edges of a violated check are drawn thick and dark red and labelled with the check's
 * name. The text depends only on the graph, so it is stable (golden tests compare it).
 */
public final class DotRenderer {

    private static final Map<EdgeKind, String> STYLE = new EnumMap<>(EdgeKind.class);

    static {
        STYLE.put(EdgeKind.PO, "color=\"#9a9a9a\", penwidth=0.6, arrowsize=0.5");
        STYLE.put(EdgeKind.PPO, "color=\"#2ca02c\", fontcolor=\"#2ca02c\", penwidth=0.6, arrowsize=0.5, fontsize=7");
        STYLE.put(EdgeKind.RF, "color=\"#d62728\", fontcolor=\"#d62728\"");
        STYLE.put(EdgeKind.CO, "color=\"#1f77b4\", fontcolor=\"#1f77b4\"");
        STYLE.put(EdgeKind.FR, "color=\"#ff7f0e\", fontcolor=\"#ff7f0e\", style=dashed");
        STYLE.put(EdgeKind.RAO, "color=\"#9467bd\", fontcolor=\"#9467bd\", style=bold");
        STYLE.put(EdgeKind.PM, "color=\"#17becf\", fontcolor=\"#0f8a96\", style=dashed");
        STYLE.put(EdgeKind.WM, "color=\"#17becf\", fontcolor=\"#0f8a96\", style=dotted");
        STYLE.put(EdgeKind.SHOWN, "color=\"#8c564b\", fontcolor=\"#8c564b\", penwidth=1.2");
        STYLE.put(EdgeKind.VIOLATION, "color=\"#c00000\", fontcolor=\"#c00000\", penwidth=3, style=bold");
    }

    private static final String CPU_NODE = "shape=box, fillcolor=\"#fff7d6\", color=\"#8a6d00\"";
    private static final String NIC_NODE = "shape=ellipse, fillcolor=\"#d6ecff\", color=\"#1f5fa8\"";
    private static final String INIT_NODE = "shape=box, style=\"rounded,filled\", fillcolor=\"#f0f0f0\", color=\"#999999\", "
            + "fontcolor=\"#555555\"";

    private DotRenderer() {
    }

    /**
     * The DOT text of a graph.
     *
     * @param g the graph
     * @return a complete {@code digraph}, ending with a newline
     */
    public static String render(GraphDrawing g) {
        StringBuilder sb = new StringBuilder();
        sb.append("// remo execution graph ").append(g.name()).append(" (render: dot -Tsvg ").append(g.name())
                .append(".dot -o ").append(g.name()).append(".svg)\n");
        sb.append("digraph ").append(quote(g.name())).append(" {\n");
        sb.append("  graph [fontname=\"Helvetica\", fontsize=11, labelloc=t, labeljust=l, newrank=true, nodesep=0.45, ")
                .append("ranksep=0.4, label=").append(quote(String.join("\n", g.caption()) + "\n", true)).append("];\n");
        sb.append("  node [fontname=\"Helvetica\", fontsize=10, style=filled, penwidth=1];\n");
        sb.append("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];\n");

        // clusters: one per node, one column per thread inside
        int currentNode = Integer.MIN_VALUE;
        for (int c = 0; c < g.columns().size(); c++) {
            GraphDrawing.Column col = g.columns().get(c);
            if (col.node() != currentNode) {
                if (currentNode != Integer.MIN_VALUE) {
                    sb.append("  }\n");
                }
                currentNode = col.node();
                sb.append("  subgraph cluster_n").append(currentNode).append(" {\n");
                sb.append("    label=").append(quote("node " + currentNode))
                        .append("; style=rounded; color=\"#666666\"; fontsize=12;\n");
            }
            sb.append("    subgraph cluster_").append(col.key()).append(" {\n");
            sb.append("      label=").append(quote(col.label())).append("; style=dashed; color=\"#bbbbbb\";\n");
            for (GraphDrawing.GraphEvent e : g.events()) {
                if (e.column() == c) {
                    sb.append("      ").append(node(e, col)).append('\n');
                }
            }
            sb.append("    }\n");
        }
        if (currentNode != Integer.MIN_VALUE) {
            sb.append("  }\n");
        }

        // layout: columns top to bottom; the events of one instruction on successive ranks
        sb.append("  // layout only\n");
        List<GraphDrawing.GraphEvent> ev = g.events();
        sb.append(columnAnchors(g));
        for (int i = 0; i < ev.size(); i++) {
            GraphDrawing.GraphEvent a = ev.get(i);
            for (int j = i + 1; j < ev.size(); j++) {
                GraphDrawing.GraphEvent b = ev.get(j);
                if (b.column() == a.column()) {
                    sb.append("  e").append(a.id()).append(" -> e").append(b.id()).append(" [style=invis, weight=10];\n");
                    break;
                }
            }
            if (i + 1 < ev.size()) {
                GraphDrawing.GraphEvent b = ev.get(i + 1);
                if (!a.init() && b.thread() == a.thread() && b.instr() == a.instr() && b.column() != a.column()) {
                    sb.append("  e").append(a.id()).append(" -> e").append(b.id()).append(" [style=invis, weight=1];\n");
                }
            }
        }

        EdgeKind section = null;
        for (GraphDrawing.GraphEdge e : g.edges()) {
            if (e.kind() != section) {
                section = e.kind();
                sb.append("  // ").append(section.word()).append(": ").append(section.description()).append('\n');
            }
            sb.append("  e").append(e.from()).append(" -> e").append(e.to()).append(" [");
            if (e.kind() != EdgeKind.PO) {
                sb.append("label=").append(quote(e.label())).append(", ");
            }
            sb.append(STYLE.get(e.kind())).append(", constraint=false];\n");
        }
        sb.append(legend(g));
        sb.append("}\n");
        return sb.toString();
    }

    /**
     * Keeps the columns of a one-node graph left to right in their order (init, P0, P1, …): dot
     * would otherwise order them by the relation edges (MP drew P1 left of P0). An invisible point
     * above each column, chained left to right on one rank, pulls its column's first event under
     * it. Graphs of several nodes (nested clusters) are left as they are: Graphviz 2.43 fails on
     * such constraints across clusters.
     */
    private static String columnAnchors(GraphDrawing g) {
        List<Integer> heads = new java.util.ArrayList<>();
        java.util.Set<Integer> nodes = new java.util.HashSet<>();
        for (int c = 0; c < g.columns().size(); c++) {
            nodes.add(g.columns().get(c).node());
            for (GraphDrawing.GraphEvent e : g.events()) {
                if (e.column() == c) {
                    heads.add(e.id());
                    break;
                }
            }
        }
        if (heads.size() < 2 || nodes.size() > 1) {
            return "";
        }
        StringBuilder sb = new StringBuilder("  { rank=same;");
        for (int k = 0; k < heads.size(); k++) {
            sb.append(" col").append(k).append(" [style=invis, shape=point, width=0];");
        }
        sb.append(" }\n");
        for (int k = 0; k + 1 < heads.size(); k++) {
            sb.append("  col").append(k).append(" -> col").append(k + 1).append(" [style=invis];\n");
        }
        for (int k = 0; k < heads.size(); k++) {
            sb.append("  col").append(k).append(" -> e").append(heads.get(k)).append(" [style=invis, weight=100];\n");
        }
        return sb.toString();
    }

    private static String node(GraphDrawing.GraphEvent e, GraphDrawing.Column col) {
        StringBuilder sb = new StringBuilder("e").append(e.id()).append(" [label=")
                .append(quote(e.label() + "\n" + e.instruction())).append(", ");
        sb.append(e.init() ? INIT_NODE : e.nic() ? NIC_NODE : CPU_NODE);
        if (e.onViolation()) {
            sb.append(", penwidth=2.5, color=\"#c00000\"");
        }
        sb.append(", group=").append(col.key()).append("];");
        return sb.toString();
    }

    private static String legend(GraphDrawing g) {
        boolean cpu = g.events().stream().anyMatch(e -> !e.nic() && !e.init());
        boolean nic = g.events().stream().anyMatch(GraphDrawing.GraphEvent::nic);
        boolean init = g.events().stream().anyMatch(GraphDrawing.GraphEvent::init);
        Set<String> rows = new LinkedHashSet<>();
        if (cpu) {
            rows.add(row("#8a6d00", "&#9633; box", "CPU event (R, W, F, P, RF, WT, GF)"));
        }
        if (nic) {
            rows.add(row("#1f5fa8", "&#9711; ellipse", "NIC event (NLR, NRW, NRR, NLW, NAR), at the node performing it"));
        }
        if (init) {
            rows.add(row("#777777", "grey box", "initial write (IW), at the location's home node"));
        }
        Map<EdgeKind, List<String>> present = new EnumMap<>(EdgeKind.class);
        for (GraphDrawing.GraphEdge e : g.edges()) {
            List<String> labels = present.computeIfAbsent(e.kind(), k -> new ArrayList<>());
            String name = e.kind() == EdgeKind.SHOWN ? e.label() : e.kind() == EdgeKind.VIOLATION
                    ? g.violation().check() : e.kind().word();
            if (!labels.contains(name)) {
                labels.add(name);
            }
        }
        for (Map.Entry<EdgeKind, List<String>> k : present.entrySet()) {
            String colour = colour(k.getKey());
            String line = line(k.getKey());
            for (String name : k.getValue()) {
                String what = k.getKey() == EdgeKind.VIOLATION ? "edges of the cycle that violates " + name
                        : k.getKey() == EdgeKind.SHOWN ? "relation " + name + " of the model (--show)"
                        : k.getKey().description();
                rows.add(row(colour, html(name) + " (" + line + ")", html(what)));
            }
        }
        StringBuilder sb = new StringBuilder("  subgraph cluster_legend {\n");
        sb.append("    label=\"legend\"; style=rounded; color=\"#cccccc\"; fontsize=10;\n");
        sb.append("    legend [shape=plaintext, style=\"\", fontsize=9, label=<<table border=\"0\" cellborder=\"0\" ")
                .append("cellspacing=\"1\">");
        for (String r : rows) {
            sb.append(r);
        }
        sb.append("</table>>];\n  }\n");
        return sb.toString();
    }

    /** The colour of an edge kind ({@code #d62728} for rf), shared by every renderer ({@link SvgRenderer}). */
    static String colour(EdgeKind kind) {
        return STYLE.get(kind).replaceAll("^color=\"(#[0-9a-f]+)\".*$", "$1");
    }

    /** The line of an edge kind: {@code dashed}, {@code dotted}, {@code bold}, {@code thin} or {@code solid}. */
    static String line(EdgeKind kind) {
        String style = STYLE.get(kind);
        return style.contains("dashed") ? "dashed" : style.contains("dotted") ? "dotted"
                : kind == EdgeKind.VIOLATION || kind == EdgeKind.RAO ? "bold"
                : kind == EdgeKind.PO || kind == EdgeKind.PPO ? "thin" : "solid";
    }

    private static String row(String colour, String key, String text) {
        return "<tr><td align=\"left\"><font color=\"" + colour + "\"><b>" + key + "</b></font></td><td align=\"left\">"
                + text + "</td></tr>";
    }

    /** Escapes text for a DOT HTML-like label. */
    static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A DOT quoted string; newlines become centred line breaks ({@code \n}). */
    static String quote(String s) {
        return quote(s, false);
    }

    /** A DOT quoted string; newlines become left-justified ({@code \l}) or centred line breaks. */
    static String quote(String s, boolean leftJustified) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append(leftJustified ? "\\l" : "\\n");
                case '\r' -> { }
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
