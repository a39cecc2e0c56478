package remo.models.algebra;

import java.util.Arrays;

/**
 * The interval form of {@link Relation.Builder}: rows of intervals ({@link IntervalRow}) built pair
 * by pair or range by range. Additions to a row are appended unsorted and merged into the row when
 * it is read or built, so adding the n pairs of a row one at a time costs O(n log n), not O(n²).
 * Indices are checked by {@link Relation.Builder}.
 */
final class IntervalRowsBuilder {
    private final int size;
    private final int[][] rows;
    /** Per row, intervals added since the row was last merged: {@code [lo, hi)} pairs, unsorted. */
    private final int[][] pending;
    private final int[] pendingCount;
    private EventSet lastSet;
    private int[] lastSetRow;

    IntervalRowsBuilder(int size) {
        this.size = size;
        this.rows = SparseRows.empty(size);
        this.pending = new int[size][];
        this.pendingCount = new int[size];
    }

    /** Adds {@code [lo, hi)} to row {@code from} ({@code lo < hi}). */
    void append(int from, int lo, int hi) {
        int[] p = pending[from];
        int n = pendingCount[from];
        if (p == null || 2 * n + 2 > p.length) {
            p = p == null ? new int[4] : Arrays.copyOf(p, p.length * 2);
            pending[from] = p;
        }
        p[2 * n] = lo;
        p[2 * n + 1] = hi;
        pendingCount[from] = n + 1;
    }

    /** Row {@code from} with its pending intervals merged in. */
    int[] row(int from) {
        int n = pendingCount[from];
        if (n > 0) {
            rows[from] = IntervalRow.union(rows[from], IntervalRow.normalize(pending[from], n));
            pendingCount[from] = 0;
            if (pending[from].length > 64) {
                pending[from] = null;
            }
        }
        return rows[from];
    }

    /** Adds the events of {@code to} to row {@code from}. */
    void addRow(int from, EventSet to) {
        if (to != lastSet) {
            lastSet = to;
            lastSetRow = to.intervals();
        }
        rows[from] = IntervalRow.union(row(from), lastSetRow);
    }

    /** Adds the events of {@code intervals} ({@link IntervalRow}, not changed afterwards) to row {@code from}. */
    void addRanges(int from, int[] intervals) {
        rows[from] = IntervalRow.union(row(from), intervals);
    }

    /** Adds {@code (order[i], order[j])} for {@code from <= i < j < to}: each event gets the set of those after it. */
    void addOrder(int[] order, int from, int to) {
        int[] later = IntervalRow.EMPTY;
        for (int i = to - 1; i >= from; i--) {
            if (later.length > 0) {
                rows[order[i]] = IntervalRow.union(row(order[i]), later);
            }
            later = IntervalRow.with(later, order[i]);
        }
    }

    void remove(int from, int to) {
        rows[from] = IntervalRow.without(row(from), to);
    }

    boolean contains(int from, int to) {
        return IntervalRow.contains(row(from), to);
    }

    void addAll(int[][] other) {
        for (int i = 0; i < size; i++) {
            rows[i] = IntervalRow.union(row(i), other[i]);
        }
    }

    /** The rows built so far (a copy of the row array; the rows themselves are shared, never changed). */
    int[][] build() {
        for (int i = 0; i < size; i++) {
            row(i);
        }
        return rows.clone();
    }
}
