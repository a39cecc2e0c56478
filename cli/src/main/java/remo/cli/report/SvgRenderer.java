package remo.cli.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws a {@link GraphDrawing} as SVG without Graphviz: remo's built-in layout, used by the
 * playground ({@code remo serve}, docs/playground.md), which draws every execution of a test as the
 * user steps through them and must not start a {@code dot} process for each. The picture follows
 * {@link DotRenderer}'s conventions (the same colours and line styles per edge kind, from
 * {@link DotRenderer#colour}): one dashed box per node, one column per issuing thread inside it
 * ({@code init} first), events top to bottom in program order (the events of one instruction on
 * one row, across columns), CPU events as boxes, NIC events as blue rounded boxes, initial writes
 * grey; relation edges as labelled curves, the failing check's cycle thick and dark red; a legend
 * of what is drawn. The output depends only on the drawing, so it is stable.
 */
public final class SvgRenderer {
    private static final int ROW = 64;
    private static final int BOX_H = 34;
    private static final int GAP = 56;
    private static final int MARGIN = 16;
    private static final double CHAR = 6.2;

    private SvgRenderer() {
    }

    /**
     * The SVG of a graph.
     *
     * @param g the graph
     * @return an {@code <svg>} element (no XML declaration), ready to be inlined in HTML
     */
    public static String render(GraphDrawing g) {
        int captionLines = g.caption().size();
        int top = MARGIN + 16 * captionLines + 56;

        // column widths from the longest label of each column
        int columns = g.columns().size();
        double[] width = new double[columns];
        for (int c = 0; c < columns; c++) {
            width[c] = Math.max(90, g.columns().get(c).label().length() * CHAR + 16);
        }
        for (GraphDrawing.GraphEvent e : g.events()) {
            width[e.column()] = Math.max(width[e.column()], Math.max(e.label().length(), e.instruction().length()) * CHAR + 16);
        }
        double[] x = new double[columns];
        double cursor = MARGIN + 10;
        for (int c = 0; c < columns; c++) {
            if (c > 0 && g.columns().get(c).node() != g.columns().get(c - 1).node()) {
                cursor += 24; // between node boxes
            }
            x[c] = cursor;
            cursor += width[c] + GAP;
        }

        // rows: program order down a column; the events of one instruction start on one row
        Map<Integer, Integer> row = new HashMap<>();
        int[] last = new int[columns];
        java.util.Arrays.fill(last, -1);
        Map<Long, Integer> instructionRow = new HashMap<>();
        int rows = 0;
        for (GraphDrawing.GraphEvent e : g.events()) {
            int r = last[e.column()] + 1;
            if (!e.init()) {
                long key = ((long) e.thread() << 32) | (e.instr() & 0xffffffffL);
                Integer first = instructionRow.putIfAbsent(key, r);
                if (first != null) {
                    r = Math.max(r, first);
                }
            }
            row.put(e.id(), r);
            last[e.column()] = r;
            rows = Math.max(rows, r + 1);
        }
        Map<Integer, GraphDrawing.GraphEvent> byId = new HashMap<>();
        for (GraphDrawing.GraphEvent e : g.events()) {
            byId.put(e.id(), e);
        }

        double graphBottom = top + rows * ROW;
        Map<EdgeKind, List<String>> legend = legendRows(g);
        double height = graphBottom + 24 + 16 * legend.values().stream().mapToInt(List::size).sum() + MARGIN;
        double totalWidth = Math.max(cursor - GAP + MARGIN + 10, 460);

        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"remo-graph\" data-name=\"%s\" "
                        + "data-status=\"%s\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                        + "font-family=\"Helvetica, Arial, sans-serif\">\n", esc(g.name()), esc(g.status()),
                totalWidth, height, totalWidth, height));
        sb.append("<defs>\n");
        for (EdgeKind k : EdgeKind.values()) {
            sb.append("<marker id=\"arrow-").append(k.word()).append("\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" ")
                    .append("markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"")
                    .append(DotRenderer.colour(k)).append("\"/></marker>\n");
        }
        sb.append("</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        double y = MARGIN + 12;
        for (String line : g.caption()) {
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.0f\" font-size=\"12\" fill=\"#222\">%s</text>\n",
                    MARGIN, y, esc(line)));
            y += 16;
        }

        // node boxes and column headings
        int c = 0;
        while (c < columns) {
            int node = g.columns().get(c).node();
            int end = c;
            while (end + 1 < columns && g.columns().get(end + 1).node() == node) {
                end++;
            }
            double left = x[c] - 10;
            double right = x[end] + width[end] + 10;
            sb.append(String.format(Locale.ROOT, "<rect x=\"%.0f\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" rx=\"8\" fill=\"none\" "
                    + "stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n", left, top - 40, right - left, graphBottom - top + 44));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%d\" font-size=\"11\" fill=\"#555\">node %d</text>\n",
                    left + 6, top - 27, node));
            for (int k = c; k <= end; k++) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" font-weight=\"bold\" "
                        + "text-anchor=\"middle\" fill=\"#333\">%s</text>\n", x[k] + width[k] / 2, top - 10,
                        esc(g.columns().get(k).label())));
            }
            c = end + 1;
        }

        // edges under the events; parallel edges between one pair bend apart
        Map<String, Integer> parallel = new HashMap<>();
        for (GraphDrawing.GraphEdge e : g.edges()) {
            GraphDrawing.GraphEvent a = byId.get(e.from());
            GraphDrawing.GraphEvent b = byId.get(e.to());
            if (a == null || b == null) {
                continue;
            }
            String pair = Math.min(e.from(), e.to()) + "-" + Math.max(e.from(), e.to());
            int k = parallel.merge(pair, 1, Integer::sum) - 1;
            edge(sb, e, centre(a, x, width, row, top), centre(b, x, width, row, top), width[a.column()], width[b.column()],
                    a.column() == b.column(), k);
        }

        // events
        for (GraphDrawing.GraphEvent e : g.events()) {
            double[] p = centre(e, x, width, row, top);
            double w = width[e.column()];
            String fill = e.init() ? "#f0f0f0" : e.nic() ? "#d6ecff" : "#fff7d6";
            String stroke = e.onViolation() ? "#c00000" : e.init() ? "#999999" : e.nic() ? "#1f5fa8" : "#8a6d00";
            double strokeWidth = e.onViolation() ? 2.5 : 1;
            int radius = e.nic() ? 14 : e.init() ? 6 : 1;
            sb.append(String.format(Locale.ROOT, "<g class=\"event\" data-id=\"%d\"><title>%s</title>"
                            + "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" rx=\"%d\" fill=\"%s\" stroke=\"%s\" "
                            + "stroke-width=\"%.1f\"/>", e.id(), esc(e.label() + " — " + e.instruction()), p[0] - w / 2,
                    p[1] - BOX_H / 2.0, w, BOX_H, radius, fill, stroke, strokeWidth));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" "
                    + "fill=\"#111\">%s</text>", p[0], p[1] - 3, esc(e.label())));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9.5\" text-anchor=\"middle\" "
                    + "fill=\"%s\" font-family=\"ui-monospace, monospace\">%s</text></g>\n", p[0], p[1] + 11,
                    e.init() ? "#777" : "#444", esc(e.instruction())));
        }

        // legend
        double ly = graphBottom + 22;
        for (Map.Entry<EdgeKind, List<String>> k : legend.entrySet()) {
            for (String text : k.getValue()) {
                String colour = DotRenderer.colour(k.getKey());
                sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"%s\" %s/>",
                        MARGIN, ly - 4, MARGIN + 36, ly - 4, colour, stroke(k.getKey())));
                sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.0f\" font-size=\"10.5\" fill=\"#333\">%s</text>\n",
                        MARGIN + 44, ly, esc(text)));
                ly += 16;
            }
        }
        sb.append("</svg>");
        return sb.toString();
    }

    /** The legend: per edge kind drawn, one line per name (a --show relation or the violated check). */
    private static Map<EdgeKind, List<String>> legendRows(GraphDrawing g) {
        Map<EdgeKind, List<String>> out = new EnumMap<>(EdgeKind.class);
        for (GraphDrawing.GraphEdge e : g.edges()) {
            String text = switch (e.kind()) {
                case SHOWN -> e.label() + ": relation of the model";
                case VIOLATION -> (g.violation() == null ? "violation" : g.violation().check())
                        + ": the cycle that violates this check";
                default -> e.kind().word() + ": " + e.kind().description();
            };
            List<String> rows = out.computeIfAbsent(e.kind(), k -> new ArrayList<>());
            if (!rows.contains(text)) {
                rows.add(text);
            }
        }
        return new LinkedHashMap<>(out);
    }

    private static double[] centre(GraphDrawing.GraphEvent e, double[] x, double[] width, Map<Integer, Integer> row, int top) {
        return new double[] {x[e.column()] + width[e.column()] / 2, top + row.get(e.id()) * ROW + BOX_H / 2.0};
    }

    private static String stroke(EdgeKind kind) {
        return switch (DotRenderer.line(kind)) {
            case "dashed" -> "stroke-width=\"1.3\" stroke-dasharray=\"5 3\"";
            case "dotted" -> "stroke-width=\"1.3\" stroke-dasharray=\"1.5 2.5\"";
            case "bold" -> kind == EdgeKind.VIOLATION ? "stroke-width=\"3.2\"" : "stroke-width=\"2.2\"";
            case "thin" -> "stroke-width=\"0.8\"";
            default -> "stroke-width=\"1.3\"";
        };
    }

    /**
     * One edge from box {@code a} to box {@code b}: a straight arrow between neighbours of one
     * column, otherwise a curve bent to the right of its direction ({@code k}-th parallel edge bent
     * further), clipped to the two boxes, its label at the curve's middle.
     */
    private static void edge(StringBuilder sb, GraphDrawing.GraphEdge e, double[] a, double[] b, double wa, double wb,
                             boolean sameColumn, int k) {
        if (e.from() == e.to()) {
            // a loop (an irreflexive check's event): a small arc on the box's right side
            double rx = a[0] + wa / 2;
            sb.append(String.format(Locale.ROOT, "<path class=\"edge edge-%s\" data-from=\"%d\" data-to=\"%d\" "
                            + "d=\"M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"%s\" %s "
                            + "marker-end=\"url(#arrow-%s)\"/>\n", e.kind().word(), e.from(), e.to(), rx, a[1] - 8, rx + 34,
                    a[1] - 30, rx + 34, a[1] + 30, rx, a[1] + 8, DotRenderer.colour(e.kind()), stroke(e.kind()), e.kind().word()));
            return;
        }
        double dx = b[0] - a[0];
        double dy = b[1] - a[1];
        double length = Math.max(1, Math.hypot(dx, dy));
        boolean straight = sameColumn && Math.abs(dy) <= ROW + 1 && k == 0 && e.kind() == EdgeKind.PO;
        double bend = straight ? 0 : (sameColumn ? 0.45 * wa / 2 + 18 * k + 18 : 24 + 18 * k);
        if (sameColumn && !straight) {
            bend = Math.max(bend, Math.abs(dy) / 4);
        }
        // control point: the middle, moved perpendicular to the direction
        double mx = (a[0] + b[0]) / 2 + (-dy / length) * bend;
        double my = (a[1] + b[1]) / 2 + (dx / length) * bend;
        double[] from = clip(a, mx, my, wa);
        double[] to = clip(b, mx, my, wb);
        String colour = DotRenderer.colour(e.kind());
        sb.append(String.format(Locale.ROOT, "<path class=\"edge edge-%s\" data-from=\"%d\" data-to=\"%d\" "
                        + "d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"%s\" %s marker-end=\"url(#arrow-%s)\"/>",
                e.kind().word(), e.from(), e.to(), from[0], from[1], mx, my, to[0], to[1], colour, stroke(e.kind()),
                e.kind().word()));
        if (e.kind() != EdgeKind.PO) {
            // the quadratic curve's middle point
            double lx = 0.25 * from[0] + 0.5 * mx + 0.25 * to[0];
            double lyy = 0.25 * from[1] + 0.5 * my + 0.25 * to[1];
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%s\" text-anchor=\"middle\" "
                            + "fill=\"%s\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">%s</text>", lx, lyy + 3,
                    e.kind() == EdgeKind.PPO ? "8.5" : "10", colour, esc(e.label())));
        }
        sb.append('\n');
    }

    /** Where the line from a box's centre {@code c} towards {@code (tx, ty)} leaves the box. */
    private static double[] clip(double[] c, double tx, double ty, double w) {
        double dx = tx - c[0];
        double dy = ty - c[1];
        double hw = w / 2 + 2;
        double hh = BOX_H / 2.0 + 2;
        double s = Math.min(dx == 0 ? Double.MAX_VALUE : hw / Math.abs(dx), dy == 0 ? Double.MAX_VALUE : hh / Math.abs(dy));
        if (s == Double.MAX_VALUE) {
            return c;
        }
        return new double[] {c[0] + dx * s, c[1] + dy * s};
    }

    /** Escapes text for SVG element content and attribute values. */
    static String esc(String s) {
        return HtmlReport.esc(s);
    }
}
