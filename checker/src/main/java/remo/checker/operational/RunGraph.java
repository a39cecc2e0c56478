package remo.checker.operational;

import java.util.ArrayList;
import java.util.List;
import remo.checker.Event;
import remo.checker.EventKind;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.models.algebra.Relation;

/**
 * The graph recorded by a run that reached a final state (operational.md §6.2), read from a state
 * whose layout records the graph: values, which events exist, {@code rf}, {@code co} (per location,
 * {@code IW(x)} then the writes in the order they updated {@code M}, transitively closed) and
 * {@code rao} (per class, the {@code NAR}s in the order they took {@code unit}, closed). Event ids
 * are those of the program's {@link EventStructure}.
 *
 * @param values value of every event (0 for events without a value or that do not exist)
 * @param exists whether each event exists: every event except a conditional write that was not
 *               performed (a failed {@code cas}'s {@code W}, a non-writing {@code rcas}'s {@code NRW})
 * @param rf     reads-from
 * @param co     coherence, closed per location
 * @param rao    remote-atomic order, closed per class
 */
record RunGraph(long[] values, boolean[] exists, Relation rf, Relation co, Relation rao) {

    /**
     * Reads the graph of a final state.
     *
     * @throws IllegalArgumentException if the layout does not record graphs
     */
    static RunGraph of(MachineLayout layout, long[] state) {
        if (!layout.recordsGraph) {
            throw new IllegalArgumentException("the layout does not record graphs");
        }
        EventStructure s = layout.structure;
        int n = s.size();
        long[] values = new long[n];
        boolean[] exists = new boolean[n];
        Relation.Builder rf = Relation.builder(n);
        List<List<int[]>> coByLocation = new ArrayList<>();
        for (int x = 0; x < layout.locations; x++) {
            coByLocation.add(new ArrayList<>());
        }
        List<List<int[]>> raoByClass = new ArrayList<>();
        for (int c = 0; c < layout.raoClasses; c++) {
            raoByClass.add(new ArrayList<>());
        }
        for (Event e : s.events()) {
            int id = e.id();
            long rel = state[layout.relBase + id];
            exists[id] = !e.conditional() || rel > 0;
            if (!exists[id]) {
                continue;
            }
            values[id] = state[layout.valBase + id];
            if (e.kind().isRead()) {
                rf.add((int) rel - 1, id);
            } else if (e.kind().isWrite()) {
                coByLocation.get(e.location()).add(new int[] {(int) rel, id});
            }
            if (e.kind() == EventKind.NAR) {
                MachineLayout.NicOp op = layout.ops[layout.items[layout.threads[e.thread()].itemOf[e.instruction()]].op()];
                raoByClass.get(op.raoClass()).add(new int[] {(int) state[layout.raoBase + id], id});
            }
        }
        return new RunGraph(values, exists, rf.build(), totalOrders(n, coByLocation), totalOrders(n, raoByClass));
    }

    /** The union of the strict total orders given as (position, event) lists. */
    private static Relation totalOrders(int n, List<List<int[]>> groups) {
        Relation.Builder b = Relation.builder(n);
        for (List<int[]> g : groups) {
            g.sort((p, q) -> Integer.compare(p[0], q[0]));
            for (int i = 0; i < g.size(); i++) {
                for (int j = i + 1; j < g.size(); j++) {
                    b.add(g.get(i)[1], g.get(j)[1]);
                }
            }
        }
        return b.build();
    }

    /**
     * The graph as an {@link Execution}: consistent and complete by construction (operational.md
     * §7, soundness; the tests check it with {@link remo.checker.GraphCheck}), with no raised flag.
     */
    Execution toExecution(EventStructure structure, FinalState finalState) {
        return new Execution(structure, values.clone(), exists.clone(), rf, co, rao, finalState, true, null, false, List.of());
    }
}
