package remo.nic.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.nic.det.Footprint;

/**
 * The {@link StepOrder} of one run, computed from the footprint of each step when first asked:
 * vector clocks over the processes of {@link Footprint#process} (a thread's CPU, its store buffer,
 * one word operation), each step joining the clocks of the previous step of its process, of the
 * step that created it ({@link Footprint#creator}) and of every earlier dependent step, as the
 * explorer's search orders them.
 */
final class StepClocks implements StepOrder {
    /** The same order as the search that chose the steps computed it, or null: computed here. */
    private final StepOrder known;
    private final List<Long> codes = new ArrayList<>();
    private final List<Footprint> footprints = new ArrayList<>();
    private int[] proc;
    private int[] seq;
    private int[][] clocks;

    /**
     * @param known the order of these steps as the search that chose them computed it (the same
     *              relation, so it is not computed twice), or null to compute it from the footprints
     */
    StepClocks(StepOrder known) {
        this.known = known;
    }

    /** Appends the next step of the run. */
    void add(long code, Footprint fp) {
        if (clocks != null) {
            throw new IllegalStateException("the order was read before the run ended");
        }
        codes.add(code);
        footprints.add(fp);
    }

    /** The number of steps recorded. */
    int size() {
        return codes.size();
    }

    @Override
    public boolean before(int i, int j) {
        if (i < 0 || j < 0 || i >= codes.size() || j >= codes.size()) {
            throw new IndexOutOfBoundsException("steps " + i + " and " + j + " of a run of " + codes.size());
        }
        if (known != null) {
            return known.before(i, j);
        }
        if (clocks == null) {
            compute();
        }
        return i < j && clocks[j][proc[i]] >= seq[i];
    }

    private void compute() {
        int n = codes.size();
        Map<Long, Integer> procIndex = new HashMap<>();
        Map<Long, Integer> stepOfCode = new HashMap<>();
        proc = new int[n];
        for (int k = 0; k < n; k++) {
            proc[k] = procIndex.computeIfAbsent(Footprint.process(codes.get(k)), x -> procIndex.size());
        }
        int procs = procIndex.size();
        seq = new int[n];
        clocks = new int[n][];
        int[] last = new int[procs];
        Arrays.fill(last, -1);
        for (int j = 0; j < n; j++) {
            int p = proc[j];
            int[] c = new int[procs];
            if (last[p] >= 0) {
                merge(c, clocks[last[p]]);
            }
            Integer creator = footprints.get(j).creator() < 0 ? null : stepOfCode.get(footprints.get(j).creator());
            if (creator != null) {
                merge(c, clocks[creator]);
            }
            for (int i = j - 1; i >= 0; i--) {
                if (proc[i] != p && c[proc[i]] < seq[i] && footprints.get(i).dependent(footprints.get(j))) {
                    merge(c, clocks[i]);
                }
            }
            seq[j] = (last[p] < 0 ? 0 : seq[last[p]]) + 1;
            c[p] = seq[j];
            clocks[j] = c;
            last[p] = j;
            stepOfCode.put(codes.get(j), j);
        }
    }

    private static void merge(int[] into, int[] from) {
        for (int k = 0; k < from.length; k++) {
            into[k] = Math.max(into[k], from[k]);
        }
    }
}
