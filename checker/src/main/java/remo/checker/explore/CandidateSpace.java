package remo.checker.explore;

import java.util.ArrayList;
import java.util.List;
import remo.checker.Event;
import remo.checker.EventKind;
import remo.checker.EventStructure;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The choices that make up a candidate execution of one program (models.md §4.1), indexed for the
 * exploration: every read with the writes it may read from, the writes of every location (the
 * initial write first) and the {@code rao} classes. The read candidates and the rao classes are
 * given by the caller (the axiomatic engine decides them), so both enumerations share one rule.
 */
final class CandidateSpace {
    final EventStructure structure;
    final int size;
    final int[] reads;
    final int[][] candidates;
    /** Per event: its index in {@link #reads}, or -1. */
    final int[] readIndex;
    /** Per location: its writes, the initial write first. */
    final int[][] locationWrites;
    /** Per write event: its location, and its slot in {@link #locationWrites}. */
    final int[] writeLocation;
    final int[] writeSlot;
    final int[][] raoClasses;
    /** Per NAR event: its class and its slot in the class; -1 otherwise. */
    final int[] raoClass;
    final int[] raoSlot;
    final boolean[] conditional;
    /** The loosest bounds: nothing fixed, every pair possible. */
    final Witnesses loosest;

    CandidateSpace(EventStructure s, int[] reads, int[][] candidates, int[][] raoClasses, Relation coAllPotential,
                   Relation raoAll) {
        this.structure = s;
        this.size = s.size();
        this.reads = reads.clone();
        this.candidates = candidates;
        this.raoClasses = raoClasses;
        readIndex = fill(size);
        for (int i = 0; i < reads.length; i++) {
            readIndex[reads[i]] = i;
        }
        int locs = s.locationCount();
        List<List<Integer>> perLocation = new ArrayList<>();
        for (int l = 0; l < locs; l++) {
            perLocation.add(new ArrayList<>());
        }
        writeLocation = fill(size);
        writeSlot = fill(size);
        conditional = new boolean[size];
        for (Event e : s.events()) {
            conditional[e.id()] = e.conditional();
            if (e.kind().isWrite()) {
                List<Integer> ws = perLocation.get(e.location());
                if (e.kind() == EventKind.IW) {
                    ws.add(0, e.id());
                } else {
                    ws.add(e.id());
                }
            }
        }
        locationWrites = new int[locs][];
        for (int l = 0; l < locs; l++) {
            locationWrites[l] = perLocation.get(l).stream().mapToInt(Integer::intValue).toArray();
            for (int k = 0; k < locationWrites[l].length; k++) {
                writeLocation[locationWrites[l][k]] = l;
                writeSlot[locationWrites[l][k]] = k;
            }
        }
        raoClass = fill(size);
        raoSlot = fill(size);
        for (int c = 0; c < raoClasses.length; c++) {
            for (int k = 0; k < raoClasses[c].length; k++) {
                raoClass[raoClasses[c][k]] = c;
                raoSlot[raoClasses[c][k]] = k;
            }
        }
        Relation.Builder rf = Relation.builder(size);
        for (int i = 0; i < reads.length; i++) {
            for (int w : candidates[i]) {
                rf.add(w, reads[i]);
            }
        }
        Relation empty = Relation.empty(size);
        loosest = new Witnesses(empty, rf.build(), empty, coAllPotential, empty, raoAll);
    }

    private static int[] fill(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, -1);
        return a;
    }

    /** The events that exist in every candidate. */
    EventSet unconditionalEvents() {
        return structure.unconditionalEvents();
    }
}
