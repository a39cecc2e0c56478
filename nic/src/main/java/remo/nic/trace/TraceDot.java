package remo.nic.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;

/**
 * A recorded execution graph (nic.md §6) as a Graphviz DOT document: one cluster per thread with its
 * events in program order ({@code po} edges), the initial writes apart, and the {@code rf} (red),
 * {@code co} (blue) and {@code rao} (green) edges. Each event reads {@code label location=value}
 * ({@code NRW rows[1]@2=1}). Spin-compressed reads show their repeat count.
 */
public final class TraceDot {
    private TraceDot() {
    }

    /** The DOT text of {@code g}, named {@code name}. */
    public static String write(ExecutionGraph g, String name) {
        StringBuilder sb = new StringBuilder();
        sb.append("digraph \"").append(escape(name)).append("\" {\n  rankdir=TB;\n  node [shape=box, fontsize=10];\n");
        List<ExecutionGraph.Event> initial = new ArrayList<>();
        for (ExecutionGraph.Event e : g.events()) {
            if (e.label() == EventLabel.IW) {
                initial.add(e);
            }
        }
        if (!initial.isEmpty()) {
            sb.append("  subgraph cluster_init {\n    label=\"initial writes\";\n");
            for (ExecutionGraph.Event e : initial) {
                sb.append("    e").append(e.id()).append(" [label=\"").append(escape(text(g, e))).append("\"];\n");
            }
            sb.append("  }\n");
        }
        for (ExecutionGraph.ThreadInfo t : g.threads()) {
            List<ExecutionGraph.Event> own = new ArrayList<>();
            for (ExecutionGraph.Event e : g.events()) {
                if (e.thread() == t.index() && e.label() != EventLabel.IW) {
                    own.add(e);
                }
            }
            own.sort(Comparator.comparingLong(ExecutionGraph.Event::po).thenComparingInt(ExecutionGraph.Event::sub)
                    .thenComparingInt(ExecutionGraph.Event::id));
            sb.append("  subgraph cluster_t").append(t.index()).append(" {\n    label=\"").append(escape(t.name()))
                    .append("@").append(t.node()).append("\";\n");
            for (ExecutionGraph.Event e : own) {
                sb.append("    e").append(e.id()).append(" [label=\"").append(escape(text(g, e))).append("\"];\n");
            }
            for (int i = 1; i < own.size(); i++) {
                sb.append("    e").append(own.get(i - 1).id()).append(" -> e").append(own.get(i).id()).append(" [label=po];\n");
            }
            sb.append("  }\n");
        }
        for (ExecutionGraph.Event e : g.events()) {
            int src = g.rf(e.id());
            if (src >= 0) {
                sb.append("  e").append(src).append(" -> e").append(e.id())
                        .append(" [color=red, fontcolor=red, label=rf, constraint=false];\n");
            }
        }
        for (List<Integer> writes : g.co()) {
            for (int i = 1; i < writes.size(); i++) {
                sb.append("  e").append(writes.get(i - 1)).append(" -> e").append(writes.get(i))
                        .append(" [color=blue, fontcolor=blue, label=co, constraint=false];\n");
            }
        }
        for (Map.Entry<String, List<Integer>> r : g.rao().entrySet()) {
            List<Integer> nars = r.getValue();
            for (int i = 1; i < nars.size(); i++) {
                sb.append("  e").append(nars.get(i - 1)).append(" -> e").append(nars.get(i))
                        .append(" [color=darkgreen, fontcolor=darkgreen, label=\"rao ").append(escape(r.getKey()))
                        .append("\", constraint=false];\n");
            }
        }
        return sb.append("}\n").toString();
    }

    private static String text(ExecutionGraph g, ExecutionGraph.Event e) {
        StringBuilder sb = new StringBuilder(e.label().name());
        if (e.locked()) {
            sb.append(" locked");
        }
        if (e.location() >= 0) {
            ExecutionGraph.Location l = g.locations().get(e.location());
            sb.append(' ').append(l.region()).append('[').append(l.offset()).append("]@").append(l.node()).append('=')
                    .append(e.value());
        }
        if (e.repeat() > 1) {
            sb.append(String.format(Locale.ROOT, " (x%d)", e.repeat()));
        }
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
