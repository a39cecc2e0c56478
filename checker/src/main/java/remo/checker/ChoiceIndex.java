package remo.checker;

import remo.core.rdma.EventLabel;
import java.util.ArrayList;
import java.util.List;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The {@link CandidateSpace} indexed for the exploration ({@link GraphExplorer}): where each event
 * sits among the choices — its read index, its slot in its location's writes (the initial write
 * first) and its rao class and slot — and the loosest bounds of the space's witnesses. The reads,
 * their sources and the rao classes are the space's own, so both enumerations share one rule
 * (models.md §4.1).
 */
final class ChoiceIndex {
    final CandidateSpace candidateSpace;
    final EventStructure structure;
    final int size;
    final int[] reads;
    /** Per read (by index in {@link #reads}): the writes it may read from, as {@link CandidateSpace#sources}. */
    final int[][] sources;
    /** Per event: its index in {@link #reads}, or -1. */
    final int[] readIndex;
    /** Per location: its writes, the initial write first. */
    final int[][] locationWrites;
    /** Per write event: its location, and its slot in {@link #locationWrites}. */
    final int[] writeLocation;
    final int[] writeSlot;
    /** The rao classes explored (none when rao orders are not chosen). */
    final int[][] raoClasses;
    /** Per NAR event: its class and its slot in the class; -1 otherwise. */
    final int[] raoClass;
    final int[] raoSlot;
    final boolean[] conditional;
    /** The loosest bounds: nothing fixed, every pair possible. */
    final Witnesses loosest;
    /** Per location and per rao class: its members with their slots and events ({@link OrderMembers}). */
    final OrderMembers[] coMembers;
    final OrderMembers[] raoMembers;
    /**
     * Whether the orders' bounds and the coherence rules go a row of intervals at a time (more
     * than {@link #rowsAbove()} events), so that a thread of n accesses costs O(n) rows of a few
     * intervals, not a step per pair; below, pair by pair, which is faster on small tests. Both
     * give the same bounds and forced pairs (RowRulesTest compares them on the corpora).
     */
    final boolean byRows;

    /** Events above which {@link #byRows}; tests lower it to run the row rules on small programs. */
    static final int DEFAULT_ROWS_ABOVE = 256;
    private static volatile int rowsAbove = DEFAULT_ROWS_ABOVE;

    static int rowsAbove() {
        return rowsAbove;
    }

    /** Sets {@link #rowsAbove()} (tests: 0 runs every program by rows; {@link Integer#MAX_VALUE} none). */
    static void setRowsAbove(int events) {
        rowsAbove = events;
    }

    ChoiceIndex(CandidateSpace space) {
        this.candidateSpace = space;
        EventStructure s = space.structure;
        this.structure = s;
        this.size = s.size();
        this.reads = space.reads;
        this.sources = space.sources;
        this.raoClasses = space.raoClasses;
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
                if (e.kind() == EventLabel.IW) {
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
            for (int w : sources[i]) {
                rf.add(w, reads[i]);
            }
        }
        Relation empty = space.empty;
        loosest = new Witnesses(empty, rf.build(), empty, space.coPotential, empty, space.raoPotential);
        coMembers = new OrderMembers[locs];
        for (int l = 0; l < locs; l++) {
            coMembers[l] = new OrderMembers(locationWrites[l]);
        }
        raoMembers = new OrderMembers[raoClasses.length];
        for (int c = 0; c < raoClasses.length; c++) {
            raoMembers[c] = new OrderMembers(raoClasses[c]);
        }
        byRows = size > rowsAbove;
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
