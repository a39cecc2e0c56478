package remo.checker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import remo.core.rdma.EventLabel;
import remo.core.rdma.RaoClass;
import remo.litmus.Program;
import remo.litmus.StateItem;
import remo.models.algebra.Relation;

/**
 * The candidate executions of a program, described statically (models.md §4.1): its reads and the
 * writes each may read from, every {@code co} pair a candidate may contain and the ones all contain,
 * the rao classes and every {@code rao} pair, and where the items of a final state come from. The
 * choosers of the axiomatic engine walk this space; computed once per program and flags.
 */
final class CandidateSpace {
    final EventStructure structure;
    final Program program;
    /** Number of events. */
    final int n;
    /** The read events, in event order (the order rf is chosen in). */
    final int[] reads;
    /** For each read (by index in {@link #reads}), the writes to its location of other instructions. */
    final int[][] sources;
    /** sourcesBelow[i]: number of rf choices for reads i.. (product of source counts). */
    final double[] sourcesBelow;
    /** For each location, its writes other than the initial write, in event order (the writes co orders). */
    final int[][] writesAt;
    /** Every co pair a candidate may contain: writes to one location, never into an initial write. */
    final Relation coPotential;
    /** The co pairs every candidate contains: the initial write before each unconditional write. */
    final Relation coInitial;
    /** The NAR events of each rao class (models.md §4.1), classes in order of their first NAR. */
    final int[][] raoClasses;
    /** The key of each rao class in recorded graphs. */
    final String[] raoKeys;
    /** Every rao pair a candidate may contain. */
    final Relation raoPotential;
    final Relation empty;
    /** The items of a full final state, in print order, and where each value comes from. */
    final StateItem[] fullItems;
    final int[] itemLocation;
    final int[] itemThread;
    final String[] itemRegister;
    /** The printed items (models.md §9.4), computed once per check. */
    final List<StateItem> printed;
    /** The printed items and their indices in {@link #fullItems} (-1: not in the full state, reads 0). */
    final StateItem[] printedItems;
    final int[] printedIndex;
    /** Whether a poll of the program is statically blocked (models.md §3.1): every candidate blocks. */
    final boolean staticallyBlocked;

    CandidateSpace(EventStructure s) {
        this.structure = s;
        this.program = s.program();
        this.n = s.size();
        TreeMap<StateItem, int[]> itemSources = new TreeMap<>();
        for (int l = 0; l < program.locations().size(); l++) {
            itemSources.put(new StateItem.LocationItem(program.locations().get(l).name()), new int[] {l, -1});
        }
        for (Map.Entry<Integer, SortedSet<String>> e : program.finalRegisters().entrySet()) {
            for (String r : e.getValue()) {
                itemSources.put(new StateItem.RegisterItem(e.getKey(), r), new int[] {-1, e.getKey()});
            }
        }
        fullItems = itemSources.keySet().toArray(new StateItem[0]);
        itemLocation = new int[fullItems.length];
        itemThread = new int[fullItems.length];
        itemRegister = new String[fullItems.length];
        for (int k = 0; k < fullItems.length; k++) {
            int[] src = itemSources.get(fullItems[k]);
            itemLocation[k] = src[0];
            itemThread[k] = src[1];
            itemRegister[k] = fullItems[k] instanceof StateItem.RegisterItem ri ? ri.register() : null;
        }
        printed = List.copyOf(program.printedItems());
        printedItems = printed.toArray(new StateItem[0]);
        printedIndex = new int[printedItems.length];
        for (int k = 0; k < printedItems.length; k++) {
            printedIndex[k] = Math.max(-1, Arrays.binarySearch(fullItems, printedItems[k]));
        }
        staticallyBlocked = !s.blockedPolls().isEmpty();
        empty = Relation.empty(n);

        List<Event> events = s.events();
        // the writes of each location, in event order: every per-read and per-write loop below
        // walks its location's writes only (a thread of N loads costs O(N), not O(N^2))
        List<List<Integer>> locationWrites = new ArrayList<>();
        for (int l = 0; l < s.locationCount(); l++) {
            locationWrites.add(new ArrayList<>());
        }
        List<Integer> readList = new ArrayList<>();
        for (Event e : events) {
            if (e.kind().isRead()) {
                readList.add(e.id());
            }
            if (e.kind().isWrite()) {
                locationWrites.get(e.location()).add(e.id());
            }
        }
        reads = toArray(readList);
        sources = new int[reads.length][];
        for (int i = 0; i < reads.length; i++) {
            Event r = s.event(reads[i]);
            List<Integer> writes = new ArrayList<>();
            for (int w : locationWrites.get(r.location())) {
                Event we = s.event(w);
                if (!(we.thread() == r.thread() && we.instruction() == r.instruction())) {
                    writes.add(w);
                }
            }
            sources[i] = toArray(writes);
        }
        sourcesBelow = new double[reads.length + 1];
        sourcesBelow[reads.length] = 1;
        for (int i = reads.length - 1; i >= 0; i--) {
            sourcesBelow[i] = sourcesBelow[i + 1] * Math.max(1, sources[i].length);
        }

        Relation.Builder co = Relation.builder(n);
        Relation.Builder init = Relation.builder(n);
        for (List<Integer> ws : locationWrites) {
            // every write of the location before every other one that is not an initial write:
            // the location's writes other than initial ones, in ranges of consecutive ids
            int[] targets = ranges(ws.stream().mapToInt(Integer::intValue).filter(w -> s.event(w).kind() != EventLabel.IW).toArray());
            for (int a : ws) {
                addAllBut(co, a, targets);
            }
        }
        for (Event a : events) {
            // the initial write of a location is co-before each of its writes that surely exists
            if (a.kind().isWrite() && a.kind() != EventLabel.IW && !a.conditional()) {
                init.add(a.location(), a.id());
            }
        }
        coPotential = co.build();
        int[] perLocation = new int[s.locationCount()];
        for (Event e : events) {
            if (e.kind().isWrite() && e.kind() != EventLabel.IW) {
                perLocation[e.location()]++;
            }
        }
        writesAt = new int[perLocation.length][];
        for (int l = 0; l < perLocation.length; l++) {
            writesAt[l] = new int[perLocation[l]];
            perLocation[l] = 0;
        }
        for (Event e : events) {
            if (e.kind().isWrite() && e.kind() != EventLabel.IW) {
                writesAt[e.location()][perLocation[e.location()]++] = e.id();
            }
        }
        coInitial = init.build();

        Map<RaoClass, List<Integer>> classes = new LinkedHashMap<>();
        for (Event e : events) {
            if (e.kind() == EventLabel.NAR) {
                classes.computeIfAbsent(s.raoClass(e), k -> new ArrayList<>()).add(e.id());
            }
        }
        raoClasses = new int[classes.size()][];
        raoKeys = new String[classes.size()];
        int c = 0;
        for (Map.Entry<RaoClass, List<Integer>> e : classes.entrySet()) {
            raoClasses[c] = toArray(e.getValue());
            raoKeys[c++] = e.getKey().key();
        }
        Relation.Builder rao = Relation.builder(n);
        for (int[] cls : raoClasses) {
            int[] members = ranges(cls);
            for (int a : cls) {
                addAllBut(rao, a, members);
            }
        }
        raoPotential = rao.build();
    }

    /**
     * Adds the pairs {@code (from, t)} for every {@code t} of the ascending {@code targets} but
     * {@code from}, given as {@link #ranges} of consecutive ids: O(ranges) per row.
     */
    static void addAllBut(Relation.Builder b, int from, int[] ranges) {
        for (int k = 0; k < ranges.length; k += 2) {
            int lo = ranges[k];
            int hi = ranges[k + 1];
            if (from >= lo && from < hi) {
                b.addRange(from, lo, from);
                b.addRange(from, from + 1, hi);
            } else {
                b.addRange(from, lo, hi);
            }
        }
    }

    /** The ascending {@code ids} as ranges {@code [lo, hi)} of consecutive ids: {@code {lo0, hi0, lo1, hi1, ...}}. */
    static int[] ranges(int[] ids) {
        int[] out = new int[2 * ids.length];
        int n = 0;
        for (int id : ids) {
            if (n > 0 && out[n - 1] == id) {
                out[n - 1] = id + 1;
            } else {
                out[n++] = id;
                out[n++] = id + 1;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static int[] toArray(List<Integer> list) {
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    /**
     * {@code from · (from + 1) · … · size}: the number of ways to insert the elements {@code from}
     * to {@code size} of an order one after the other (1 if {@code from > size}).
     */
    static double orders(int from, int size) {
        double remaining = 1;
        for (int j = from; j <= size; j++) {
            remaining *= j;
        }
        return remaining;
    }
}
