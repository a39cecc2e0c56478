package remo.models.algebra;

/**
 * A mutable square bit matrix over events {@code 0..size-1} (one row of {@code ceil(size/64)}
 * words per event), for the exploration's working relations: it is closed transitively in place
 * and read bit by bit without allocating. Convert from and to the immutable {@link Relation}.
 *
 * <p>Indices outside {@code 0..size-1} are not checked (callers own their indices).
 */
public final class BitMatrix {
    private final int size;
    private final int rowWords;
    private final long[] bits;

    private BitMatrix(int size, long[] bits) {
        this.size = size;
        this.rowWords = EventSet.wordCount(size);
        this.bits = bits;
    }

    /** A copy of {@code r}'s pairs. */
    public static BitMatrix of(Relation r) {
        return new BitMatrix(r.size, r.bits.clone());
    }

    /** Number of events. */
    public int size() {
        return size;
    }

    /** Whether {@code (from, to)} is set. */
    public boolean get(int from, int to) {
        return BitRows.get(bits, rowWords, from, to);
    }

    /** Sets {@code (from, to)}. */
    public void set(int from, int to) {
        bits[from * rowWords + (to >>> 6)] |= 1L << to;
    }

    /**
     * Replaces the matrix by its transitive closure. An acyclic relation is closed in reverse
     * topological order, each row absorbing the closed rows of its successors nearest first and
     * skipping successors it already reaches (so a transitive relation such as {@code po} costs a
     * bit test per pair, not a row per pair); a cyclic one by Warshall's algorithm.
     *
     * @return whether the relation is acyclic
     */
    public boolean closeTransitively() {
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
        return BitRows.hasLoop(bits, size, rowWords);
    }

    /** An immutable copy. */
    public Relation toRelation() {
        return new Relation(size, bits.clone());
    }
}
