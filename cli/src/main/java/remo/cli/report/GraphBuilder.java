package remo.cli.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import remo.checker.Execution;
import remo.checker.GraphCheck;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.ModelCheck;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.Relation;

/**
 * Turns collected {@link Execution}s into {@link GraphDrawing}s: lays the existing events of the
 * execution's {@link ExecutionGraph} out in columns (one per node and issuing thread: NIC events are
 * placed at the node where they are performed, {@link ExecutionGraph.Event#node()}), and computes the edges to draw from the witnesses
 * ({@code rf}, {@code co}, {@code fr}, {@code rao}), the model ({@code ppo}, {@code pm},
 * {@code wm}, relations named with {@code --show}) and, for a rejected execution, the cycle of the
 * failing check found by {@link GraphCheck}. Rendering only: it never changes a verdict.
 */
public final class GraphBuilder {
    private final CatModel model;
    private final Set<String> skippedChecks;
    private final List<String> shownRelations;

    /**
     * @param model          the model the executions were checked under
     * @param skippedChecks  checks the run ignored ({@code --skipcheck})
     * @param shownRelations names of model relations to draw as well ({@code --show NAME}); names the
     *                       model does not define as relations are skipped (see {@link #unknownRelations})
     */
    public GraphBuilder(CatModel model, Set<String> skippedChecks, List<String> shownRelations) {
        this.model = model;
        this.skippedChecks = Set.copyOf(skippedChecks);
        this.shownRelations = List.copyOf(shownRelations);
    }

    /** Whether {@code name} denotes a relation of {@code model}: a {@code let} binding or a built-in relation. */
    public static boolean isRelation(CatModel model, String name) {
        if (model.isRelationName(name)) {
            return true;
        }
        Builtin b = Builtin.byCatName(name);
        return b != null && !b.isSet();
    }

    /** The names among the shown relations that the model does not define as relations. */
    public List<String> unknownRelations() {
        return shownRelations.stream().filter(n -> !isRelation(model, n)).toList();
    }

    /**
     * Prepares one execution for drawing.
     *
     * @param x    a complete candidate execution
     * @param name the graph's name, e.g. {@code SB-1}
     * @return the graph
     */
    public GraphDrawing build(Execution x, String name) {
        return build(x, name, false);
    }

    /**
     * Prepares one execution for drawing as this builder's model judges it, whatever model it was
     * enumerated under: a weak model's execution that the strong model rejects (the violating
     * execution of a robustness analysis, models.md §10) is drawn forbidden, with the strong
     * model's failing check and its cycle.
     *
     * @param x    a complete candidate execution
     * @param name the graph's name
     * @return the graph
     */
    public GraphDrawing buildJudged(Execution x, String name) {
        return build(x, name, true);
    }

    private GraphDrawing build(Execution x, String name, boolean judge) {
        Program program = x.structure().program();
        boolean[] exists = x.exists();
        int n = x.structure().size();
        ModelFrame frame = x.frame(model, skippedChecks);
        Witnesses w = x.witnesses();

        // ---- violation first: it marks events
        GraphDrawing.Violation violation = null;
        boolean rejected = !x.consistent();
        GraphCheck.Verdict v = rejected || judge ? GraphCheck.check(x, model, skippedChecks) : null;
        if (judge) {
            rejected = !v.consistent();
        }
        if (rejected) {
            String check = v.failedCheck() != null ? v.failedCheck() : x.failedCheck();
            ModelCheck mc = findCheck(check);
            violation = new GraphDrawing.Violation(check, mc == null ? null : mc.kindKeyword(),
                    mc == null ? null : mc.expressionText(), v.consistent() ? List.of() : v.cycle());
        }
        Set<Integer> onCycle = violation == null ? Set.of() : Set.copyOf(violation.cycle());

        // ---- columns and events (of the execution's graph)
        ExecutionGraph graph = x.graph();
        Map<Long, Integer> columnIndex = new TreeMap<>();
        for (ExecutionGraph.Event e : graph.events()) {
            if (e.exists()) {
                columnIndex.put(columnKey(e), 0);
            }
        }
        List<GraphDrawing.Column> columns = new ArrayList<>();
        for (Map.Entry<Long, Integer> c : columnIndex.entrySet()) {
            int node = (int) (c.getKey() >> 32);
            int thread = (int) (c.getKey() & 0xffffffffL) - 1;
            String label = thread < 0 ? "init"
                    : program.thread(thread).node() == node ? "P" + thread : "P" + thread + " remote";
            c.setValue(columns.size());
            columns.add(new GraphDrawing.Column(node, thread, label));
        }
        List<GraphDrawing.GraphEvent> events = new ArrayList<>();
        for (ExecutionGraph.Event e : graph.events()) {
            if (!e.exists()) {
                continue;
            }
            StringBuilder label = new StringBuilder("e").append(e.id()).append(' ').append(e.label());
            if (e.location() >= 0) {
                label.append(' ').append(graph.locations().get(e.location()).region()).append('=').append(e.value());
            }
            int instr = (int) e.po();
            String instruction = e.label() == EventLabel.IW ? "init"
                    : program.thread(e.thread()).sourceTexts().get(instr).trim();
            events.add(new GraphDrawing.GraphEvent(e.id(), e.label().name(), e.label().isNic(), e.label() == EventLabel.IW,
                    e.thread(), instr, columnIndex.get(columnKey(e)), label.toString(), instruction, onCycle.contains(e.id())));
        }

        // ---- edges
        Map<EdgeKind, Relation> full = new LinkedHashMap<>();
        Relation co = x.co().transitiveClosure();
        Relation rao = x.rao().transitiveClosure();
        full.put(EdgeKind.RF, x.rf());
        full.put(EdgeKind.CO, co);
        full.put(EdgeKind.FR, x.rf().converse().compose(co));
        full.put(EdgeKind.RAO, rao);
        if (isRelation(model, "ppo")) {
            full.put(EdgeKind.PPO, frame.relation("ppo", w));
        }
        full.put(EdgeKind.PM, frame.relation("pm", w));
        full.put(EdgeKind.WM, frame.relation("wm", w));
        full.put(EdgeKind.PO, frame.relation("po", w));

        List<GraphDrawing.GraphEdge> edges = new ArrayList<>();
        Relation coImmediate = immediate(co);
        add(edges, EdgeKind.RF, x.rf(), exists);
        add(edges, EdgeKind.CO, coImmediate, exists);
        add(edges, EdgeKind.FR, x.rf().converse().compose(coImmediate), exists);
        add(edges, EdgeKind.RAO, immediate(rao), exists);
        Relation ppoDrawn = Relation.empty(n);
        if (full.containsKey(EdgeKind.PPO)) {
            ppoDrawn = reduce(full.get(EdgeKind.PPO));
            add(edges, EdgeKind.PPO, ppoDrawn, exists);
        }
        add(edges, EdgeKind.PM, full.get(EdgeKind.PM), exists);
        add(edges, EdgeKind.WM, full.get(EdgeKind.WM), exists);
        // program order between neighbours of one column, unless ppo already draws the pair
        for (int i = 0; i + 1 < events.size(); i++) {
            GraphDrawing.GraphEvent a = events.get(i);
            for (int j = i + 1; j < events.size(); j++) {
                GraphDrawing.GraphEvent b = events.get(j);
                if (b.column() == a.column()) {
                    if (!a.init() && !ppoDrawn.contains(a.id(), b.id())) {
                        edges.add(new GraphDrawing.GraphEdge(EdgeKind.PO, a.id(), b.id(), "po"));
                    }
                    break;
                }
            }
        }
        for (String r : shownRelations) {
            if (isRelation(model, r)) {
                Relation rel = frame.relation(r, w);
                if (rel != null) {
                    for (int[] p : rel.pairs()) {
                        if (exists[p[0]] && exists[p[1]]) {
                            edges.add(new GraphDrawing.GraphEdge(EdgeKind.SHOWN, p[0], p[1], r));
                        }
                    }
                }
            }
        }
        Map<String, String> modelNames = violation == null ? Map.of() : modelExplanations(full, frame, w, violation);
        if (violation != null) {
            for (int[] p : cycleEdges(violation)) {
                String label = violation.check() + explain(full, modelNames, p[0], p[1]);
                // the cycle's edge replaces the plain edge it names ("tso: ppo" draws the ppo edge once)
                edges.removeIf(e -> e.kind() != EdgeKind.VIOLATION && e.from() == p[0] && e.to() == p[1]
                        && label.matches(".*\\b" + java.util.regex.Pattern.quote(e.label()) + "\\b.*"));
                edges.add(new GraphDrawing.GraphEdge(EdgeKind.VIOLATION, p[0], p[1], label));
            }
        }
        edges.sort(Comparator.comparing(GraphDrawing.GraphEdge::kind).thenComparingInt(GraphDrawing.GraphEdge::from)
                .thenComparingInt(GraphDrawing.GraphEdge::to).thenComparing(GraphDrawing.GraphEdge::label));

        String status = rejected ? "forbidden" : ShowMode.satisfiesCondition(x) ? "witness" : "allowed";
        return new GraphDrawing(name, caption(x, name, status, violation, full, modelNames), status, columns, events, edges,
                violation);
    }

    private ModelCheck findCheck(String name) {
        if (name == null) {
            return null;
        }
        for (ModelCheck c : model.checks()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** Columns sort by node, then init (thread -1) first, then thread. */
    private static long columnKey(ExecutionGraph.Event e) {
        return ((long) e.node() << 32) | (e.thread() + 1L);
    }

    private static void add(List<GraphDrawing.GraphEdge> edges, EdgeKind kind, Relation r, boolean[] exists) {
        for (int[] p : r.pairs()) {
            if (exists[p[0]] && exists[p[1]]) {
                edges.add(new GraphDrawing.GraphEdge(kind, p[0], p[1], kind.word()));
            }
        }
    }

    /** Immediate successors of a strict order: {@code r \ (r; r)}. */
    static Relation immediate(Relation r) {
        return r.difference(r.compose(r));
    }

    /** Drops the pairs implied by a longer chain ({@code r \ (r; r+)}), unless {@code r} is cyclic. */
    static Relation reduce(Relation r) {
        if (!r.isAcyclic()) {
            return r;
        }
        return r.difference(r.compose(r.transitiveClosure()));
    }

    private static List<int[]> cycleEdges(GraphDrawing.Violation v) {
        List<Integer> c = v.cycle();
        List<int[]> out = new ArrayList<>();
        if (c.isEmpty()) {
            return out;
        }
        if ("empty".equals(v.checkKind()) && c.size() == 2) {
            out.add(new int[] {c.get(0), c.get(1)});
            return out;
        }
        for (int i = 0; i < c.size(); i++) {
            out.add(new int[] {c.get(i), c.get((i + 1) % c.size())});
        }
        return out;
    }

    /**
     * Names for the cycle edges that no drawn relation contains (e.g. {@code rao-ord} in the RDMA
     * models): for each such edge {@code "a,b"}, the {@code let}-bound relation of the model with the
     * fewest pairs that contains it.
     */
    private Map<String, String> modelExplanations(Map<EdgeKind, Relation> full, ModelFrame frame, Witnesses w,
                                                  GraphDrawing.Violation v) {
        Map<String, String> modelNames = new java.util.HashMap<>();
        for (int[] p : cycleEdges(v)) {
            if (!explainBase(full, p[0], p[1]).isEmpty()) {
                continue;
            }
            String best = null;
            int bestSize = Integer.MAX_VALUE;
            for (String name : new java.util.TreeSet<>(model.boundNames())) {
                if (!model.isRelationName(name)) {
                    continue;
                }
                Relation r = frame.relation(name, w);
                if (r != null && r.contains(p[0], p[1]) && r.pairCount() < bestSize) {
                    best = name;
                    bestSize = r.pairCount();
                }
            }
            if (best != null) {
                modelNames.put(p[0] + "," + p[1], best);
            }
        }
        return modelNames;
    }

    /** {@code ": fr"}: the drawn relations that contain the pair, else the model relation found for it. */
    private static String explain(Map<EdgeKind, Relation> full, Map<String, String> modelNames, int a, int b) {
        List<String> kinds = explainBase(full, a, b);
        if (kinds.isEmpty() && modelNames.containsKey(a + "," + b)) {
            kinds = List.of(modelNames.get(a + "," + b));
        }
        return kinds.isEmpty() ? "" : ": " + String.join("|", kinds);
    }

    /** The drawn relations that contain the pair (po only when ppo does not). */
    private static List<String> explainBase(Map<EdgeKind, Relation> full, int a, int b) {
        List<String> kinds = new ArrayList<>();
        for (Map.Entry<EdgeKind, Relation> e : full.entrySet()) {
            if (e.getKey() == EdgeKind.PO && kinds.contains("ppo")) {
                continue;
            }
            if (e.getValue().contains(a, b)) {
                kinds.add(e.getKey().word());
            }
        }
        return kinds;
    }

    private List<String> caption(Execution x, String name, String status, GraphDrawing.Violation v,
                                 Map<EdgeKind, Relation> full, Map<String, String> modelNames) {
        Program p = x.structure().program();
        List<String> lines = new ArrayList<>();
        String what = switch (status) {
            case "witness" -> "allowed, satisfies the condition (witness)";
            case "allowed" -> "allowed, does not satisfy the condition";
            default -> "forbidden" + (ShowMode.satisfiesCondition(x) ? ", would satisfy the condition" : "");
        };
        lines.add(p.name() + " under " + model.name() + ": " + name + ", " + what);
        lines.add("final state: " + x.finalState().project(p.printedItems()).format(p) + "   condition: "
                + p.quantifier().keyword() + " (" + ProgramPrinter.printProp(p.condition(), p.dialect()) + ")");
        if (v != null) {
            StringBuilder sb = new StringBuilder("violates ").append(v.check());
            if (v.expression() != null) {
                sb.append(": ").append(v.checkKind()).append(' ').append(v.expression());
            }
            lines.add(sb.toString());
            if (!v.cycle().isEmpty()) {
                StringBuilder c = new StringBuilder("empty".equals(v.checkKind()) ? "pair: " : "cycle: ");
                List<int[]> es = cycleEdges(v);
                for (int i = 0; i < es.size(); i++) {
                    int[] e = es.get(i);
                    if (i == 0) {
                        c.append('e').append(e[0]);
                    }
                    String ex = explain(full, modelNames, e[0], e[1]);
                    c.append(" -").append(ex.isEmpty() ? "?" : ex.substring(2)).append("-> e").append(e[1]);
                }
                lines.add(c.toString());
            }
        }
        if (!x.flags().isEmpty()) {
            lines.add("flags: " + String.join(", ", x.flags()));
        }
        return lines;
    }
}
