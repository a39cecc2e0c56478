package remo.cli.report;

import java.util.List;

/**
 * One execution prepared for drawing: its existing events grouped in columns, the edges to draw
 * and, for a forbidden execution, the check that rejects it. A value independent of any output
 * format (DOT, JSON); built by {@link GraphBuilder}. Event and edge lists are in a fixed order
 * (events by id; edges by kind, then source, then target) so output is stable.
 *
 * @param name      a name for the graph, unique within one run ({@code SB-1})
 * @param caption   lines describing the execution (test, model, status, final state, violation)
 * @param status    {@code witness} (consistent, satisfies the condition), {@code allowed}
 *                  (consistent) or {@code forbidden} (rejected by the model)
 * @param columns   the columns, ordered by node, then init column first, then thread
 * @param events    the existing events, by id
 * @param edges     the edges to draw
 * @param violation the failing check of a forbidden execution, or {@code null}
 */
public record GraphDrawing(String name, List<String> caption, String status, List<Column> columns,
                             List<GraphEvent> events, List<GraphEdge> edges, Violation violation) {

    public GraphDrawing {
        caption = List.copyOf(caption);
        columns = List.copyOf(columns);
        events = List.copyOf(events);
        edges = List.copyOf(edges);
    }

    /**
     * A column of events performed at one node on behalf of one thread (or the initial writes of
     * the locations homed at the node).
     *
     * @param node   the node where the events are performed
     * @param thread the issuing thread, or -1 for the initial writes
     * @param label  {@code init}, {@code P0}, or {@code P0 remote} for NIC events a thread of
     *               another node performs here
     */
    public record Column(int node, int thread, String label) {
        /** A DOT-safe identifier of the column, e.g. {@code n2_t0} or {@code n1_init}. */
        public String key() {
            return "n" + node + "_" + (thread < 0 ? "init" : "t" + thread);
        }
    }

    /**
     * One event.
     *
     * @param id          the event's dense id (models.md §2.2)
     * @param kind        its kind ({@code W}, {@code NRW}, …)
     * @param nic         whether it is a NIC event
     * @param init        whether it is an initial write
     * @param thread      the issuing thread, or -1 for an initial write
     * @param instr       the instruction's index in its thread, or -1 for an initial write
     * @param column      index of its column in {@link #columns()}
     * @param label       first label line: {@code e5 NRW y=1}
     * @param instruction second label line: the instruction's source text, or {@code init}
     * @param onViolation whether the event lies on the violation's cycle
     */
    public record GraphEvent(int id, String kind, boolean nic, boolean init, int thread, int instr, int column, String label, String instruction,
                             boolean onViolation) {
    }

    /**
     * One edge.
     *
     * @param kind  its kind
     * @param from  source event id
     * @param to    target event id
     * @param label the text drawn on it ({@code rf}, the relation name for {@link EdgeKind#SHOWN},
     *              {@code tso: fr} for {@link EdgeKind#VIOLATION})
     */
    public record GraphEdge(EdgeKind kind, int from, int to, String label) {
    }

    /**
     * Why a forbidden execution is rejected.
     *
     * @param check      the failing check's name (its {@code as} name)
     * @param checkKind  {@code acyclic}, {@code irreflexive} or {@code empty}
     * @param expression the checked expression in cat syntax, or {@code null} if unknown
     * @param cycle      events of the cycle (acyclic: in edge order, the last related to the first),
     *                   the loop (irreflexive) or the pair (empty); empty if none was found
     */
    public record Violation(String check, String checkKind, String expression, List<Integer> cycle) {
        public Violation {
            cycle = List.copyOf(cycle);
        }
    }
}
