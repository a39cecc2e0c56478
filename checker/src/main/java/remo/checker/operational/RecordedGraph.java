package remo.checker.operational;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.checker.Event;
import remo.checker.EventStructure;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;

/**
 * Reads the graph recorded by a run that reached a final state (operational.md §6.2) from a state
 * whose layout records it: values, which events exist, {@code rf}, {@code co} (per location,
 * {@code IW(x)} then the writes in the order they updated {@code M}) and {@code rao} (per class,
 * the {@code NAR}s in the order they took {@code unit}). Event ids are those of the program's
 * {@link EventStructure}; every event exists except a conditional write that was not performed (a
 * failed {@code cas}'s {@code W}, a non-writing {@code rcas}'s {@code NRW}).
 */
final class RecordedGraph {

    private RecordedGraph() {
    }

    /**
     * The graph of a final state.
     *
     * @throws IllegalArgumentException if the layout does not record graphs
     */
    static ExecutionGraph of(MachineLayout layout, long[] state) {
        if (!layout.recordsGraph) {
            throw new IllegalArgumentException("the layout does not record graphs");
        }
        EventStructure s = layout.structure;
        int n = s.size();
        long[] values = new long[n];
        boolean[] exists = new boolean[n];
        int[] rf = new int[n];
        Arrays.fill(rf, -1);
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
                rf[id] = (int) rel - 1;
            } else if (e.kind().isWrite()) {
                coByLocation.get(e.location()).add(new int[] {(int) rel, id});
            }
            if (e.kind() == EventLabel.NAR) {
                MachineLayout.NicOp op = layout.ops[layout.items[layout.threads[e.thread()].itemOf[e.instruction()]].op()];
                raoByClass.get(op.raoClass()).add(new int[] {(int) state[layout.raoBase + id], id});
            }
        }
        List<List<Integer>> co = new ArrayList<>();
        for (List<int[]> writes : coByLocation) {
            co.add(inOrder(writes));
        }
        Map<String, List<Integer>> rao = new LinkedHashMap<>();
        for (int c = 0; c < raoByClass.size(); c++) {
            rao.put(layout.raoKeys.get(c), inOrder(raoByClass.get(c)));
        }
        return s.graph(values, exists, rf, co, rao);
    }

    /** The events of (position, event) pairs, by position. */
    private static List<Integer> inOrder(List<int[]> positioned) {
        positioned.sort((p, q) -> Integer.compare(p[0], q[0]));
        List<Integer> out = new ArrayList<>(positioned.size());
        for (int[] p : positioned) {
            out.add(p[1]);
        }
        return out;
    }
}
