package remo.models.algebra;

/**
 * A mutable square relation over events {@code 0..size-1}, for the exploration's working
 * relations: it is closed transitively in place and read pair by pair without allocating. Like
 * {@link Relation} it is a bit matrix (one row of {@code ceil(size/64)} words per event) up to
 * {@link Relation#denseLimit()} events and rows of intervals beyond (each row an immutable
 * {@link IntervalRow}, replaced when it changes, so a copy shares them). Convert from and to the
 * immutable {@link Relation}.
 *
 * <p>Indices outside {@code 0..size-1} are not checked (callers own their indices).
 */
public final class BitMatrix {
    private final int size;
    private final int rowWords;
    /** The bit matrix, or {@code null} in the interval form. */
    private final long[] bits;
    /** The rows of intervals, or {@code null}. */
    private int[][] rows;

    private BitMatrix(int size, long[] bits, int[][] rows) {
        this.size = size;
        this.rowWords = EventSet.wordCount(size);
        this.bits = bits;
        this.rows = rows;
    }

    /** A copy of {@code r}'s pairs, in {@code r}'s form. */
    public static BitMatrix of(Relation r) {
        return r.bits != null ? new BitMatrix(r.size, r.bits.clone(), null) : new BitMatrix(r.size, null, r.rows.clone());
    }

    /** An empty matrix over {@code size} events, in the form {@link Relation#denseLimit()} gives. */
    public static BitMatrix empty(int size) {
        return Relation.denseFor(size) ? new BitMatrix(size, new long[size * EventSet.wordCount(size)], null)
                : new BitMatrix(size, null, SparseRows.empty(size));
    }

    /** An independent copy. */
    public BitMatrix copy() {
        return bits != null ? new BitMatrix(size, bits.clone(), null) : new BitMatrix(size, null, rows.clone());
    }

    /** Number of events. */
    public int size() {
        return size;
    }

    /** Whether {@code (from, to)} is set. */
    public boolean get(int from, int to) {
        return bits != null ? BitRows.get(bits, rowWords, from, to) : IntervalRow.contains(rows[from], to);
    }

    /** Sets {@code (from, to)}. */
    public void set(int from, int to) {
        if (bits != null) {
            bits[from * rowWords + (to >>> 6)] |= 1L << to;
        } else {
            rows[from] = IntervalRow.with(rows[from], to);
        }
    }

    /**
     * Sets {@code (from, to)} for every {@code to} in {@code lo..hi-1}.
     */
    public void setRange(int from, int lo, int hi) {
        if (lo >= hi) {
            return;
        }
        if (bits != null) {
            for (int k = lo; k < hi; k++) {
                bits[from * rowWords + (k >>> 6)] |= 1L << k;
            }
        } else {
            rows[from] = IntervalRow.union(rows[from], new int[] {lo, hi});
        }
    }

    /** Whether some {@code to} in {@code lo..hi-1} has {@code (from, to)} set. */
    public boolean anyInRange(int from, int lo, int hi) {
        if (bits == null) {
            return IntervalRow.meets(rows[from], lo, hi);
        }
        for (int k = lo; k < hi; k++) {
            if (BitRows.get(bits, rowWords, from, k)) {
                return true;
            }
        }
        return false;
    }

    /** The events {@code to} with {@code (from, to)} set, as intervals ({@link IntervalRow}, a copy). */
    public int[] row(int from) {
        return bits != null ? IntervalRow.ofWords(bits, from * rowWords, rowWords) : rows[from].clone();
    }

    /** Sets {@code (from, to)} for every {@code to} in {@code intervals} ({@link IntervalRow}). */
    public void addRow(int from, int[] intervals) {
        if (bits != null) {
            IntervalRow.orInto(intervals, bits, from * rowWords);
        } else {
            rows[from] = IntervalRow.union(rows[from], intervals.clone());
        }
    }

    /**
     * Calls {@code action} on every maximal range {@code [lo, hi)} of events {@code to} with
     * {@code (from, to)} set, in ascending order.
     */
    public void forEachRange(int from, EventSet.RangeAction action) {
        int[] r = bits != null ? IntervalRow.ofWords(bits, from * rowWords, rowWords) : rows[from];
        for (int k = 0; k < r.length; k += 2) {
            action.accept(r[k], r[k + 1]);
        }
    }

    /**
     * Replaces the matrix by its transitive closure. An acyclic relation is closed in reverse
     * topological order, each row absorbing the closed rows of its successors nearest first and
     * skipping successors it already reaches (so a transitive relation such as {@code po} costs a
     * bit test per pair, not a row per pair); a cyclic one by Warshall's algorithm. In the interval
     * form, by {@link SparseSearch#closure}.
     *
     * @return whether the relation is acyclic
     */
    public boolean closeTransitively() {
        if (bits == null) {
            boolean acyclic = SparseSearch.isAcyclic(rows);
            rows = SparseSearch.closure(rows);
            return acyclic;
        }
        int[] order = BitRows.topologicalOrder(bits, size, rowWords);
        if (order == null) {
            BitRows.closeWarshall(bits, size, rowWords);
            return false;
        }
        int w = rowWords;
        long[] reach = new long[w];
        for (int k = size - 1; k >= 0; k--) {
            int v = order[k];
            int vb = v * w;
            java.util.Arrays.fill(reach, 0);
            for (int j = k + 1; j < size; j++) {
                int u = order[j];
                long ubit = 1L << u;
                int uw = u >>> 6;
                if ((bits[vb + uw] & ubit) != 0 && (reach[uw] & ubit) == 0) {
                    int ub = u * w;
                    reach[uw] |= ubit;
                    for (int m = 0; m < w; m++) {
                        reach[m] |= bits[ub + m];
                    }
                }
            }
            System.arraycopy(reach, 0, bits, vb, w);
        }
        return true;
    }

    /**
     * Adds {@code (from, to)} to a transitively closed matrix and keeps it closed: every event at
     * or before {@code from} absorbs {@code to} and its successors.
     *
     * @return false if the pair closes a cycle ({@code to} already reaches {@code from}); the
     *         matrix is then left unchanged
     */
    public boolean add(int from, int to) {
        if (get(from, to)) {
            return true;
        }
        if (from == to || get(to, from)) {
            return false;
        }
        if (bits == null) {
            int[] gained = IntervalRow.with(rows[to], to);
            for (int x = 0; x < size; x++) {
                if (x == from || IntervalRow.contains(rows[x], from)) {
                    rows[x] = IntervalRow.union(rows[x], gained);
                }
            }
            return true;
        }
        int w = rowWords;
        int tb = to * w;
        for (int x = 0; x < size; x++) {
            if (x == from || get(x, from)) {
                int xb = x * w;
                for (int m = 0; m < w; m++) {
                    bits[xb + m] |= bits[tb + m];
                }
                bits[xb + (to >>> 6)] |= 1L << to;
            }
        }
        return true;
    }

    /** Whether some event is related to itself. */
    public boolean hasLoop() {
        if (bits == null) {
            for (int i = 0; i < size; i++) {
                if (IntervalRow.contains(rows[i], i)) {
                    return true;
                }
            }
            return false;
        }
        return BitRows.hasLoop(bits, size, rowWords);
    }

    /** An immutable copy. */
    public Relation toRelation() {
        return bits != null ? new Relation(size, bits.clone()) : new Relation(size, rows.clone());
    }
}
