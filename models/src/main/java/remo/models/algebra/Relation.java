package remo.models.algebra;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable binary relation over events {@code 0..size-1}, stored as a bit matrix (one row of
 * {@code ceil(size/64)} words per event). Composition, closure, union, intersection and
 * difference are word-parallel (architecture.md, "Performance approach").
 *
 * <p>All binary operations require operands over the same number of events; mixing sizes throws
 * {@link IllegalArgumentException}. Indices outside {@code 0..size-1} throw
 * {@link IndexOutOfBoundsException}.
 */
public final class Relation {
    final int size;
    final int rowWords;
    final long[] bits;

    Relation(int size, long[] bits) {
        this.size = size;
        this.rowWords = EventSet.wordCount(size);
        this.bits = bits;
    }

    /** The empty relation over {@code size} events. */
    public static Relation empty(int size) {
        return new Relation(size, new long[size * EventSet.wordCount(size)]);
    }

    /** The identity on {@code set}: {@code [S]} in cat. */
    public static Relation identity(EventSet set) {
        int w = EventSet.wordCount(set.size);
        long[] b = new long[set.size * w];
        set.forEach(e -> b[e * w + (e >>> 6)] |= 1L << e);
        return new Relation(set.size, b);
    }

    /** The cartesian product {@code S * T}. */
    public static Relation product(EventSet from, EventSet to) {
        from.same(to);
        int w = EventSet.wordCount(from.size);
        long[] b = new long[from.size * w];
        from.forEach(e -> System.arraycopy(to.words, 0, b, e * w, w));
        return new Relation(from.size, b);
    }

    /** A mutable builder for a relation over {@code size} events. */
    public static Builder builder(int size) {
        return new Builder(size);
    }

    /** Builds relations edge by edge; {@link #build()} may be called once per builder state. */
    public static final class Builder {
        private final int size;
        private final int w;
        private final long[] bits;

        private Builder(int size) {
            this.size = size;
            this.w = EventSet.wordCount(size);
            this.bits = new long[size * w];
        }

        /** Adds the pair {@code (from, to)}. */
        public Builder add(int from, int to) {
            if (from < 0 || from >= size || to < 0 || to >= size) {
                throw new IndexOutOfBoundsException("pair (" + from + "," + to + ") outside 0.." + (size - 1));
            }
            bits[from * w + (to >>> 6)] |= 1L << to;
            return this;
        }

        /**
         * Adds the pairs {@code (from, to)} for every {@code to} in {@code lo..hi-1}, a word at a time.
         *
         * @throws IndexOutOfBoundsException if {@code from} or the range is outside 0..size-1
         */
        public Builder addRange(int from, int lo, int hi) {
            if (from < 0 || from >= size || lo < 0 || hi > size) {
                throw new IndexOutOfBoundsException("row " + from + ", range " + lo + ".." + hi + " outside 0.." + size);
            }
            int base = from * w;
            for (int k = lo; k < hi; ) {
                int word = k >>> 6;
                int end = Math.min(hi, (word + 1) << 6);
                long mask = (end - k == 64 ? -1L : ((1L << (end - k)) - 1)) << (k & 63);
                bits[base + word] |= mask;
                k = end;
            }
            return this;
        }

        /** Adds the pairs {@code (from, to)} for every {@code to} in {@code to}, a word at a time. */
        public Builder addRow(int from, EventSet to) {
            if (to.size != size) {
                throw new IllegalArgumentException("set over " + to.size + " events added to builder over " + size);
            }
            if (from < 0 || from >= size) {
                throw new IndexOutOfBoundsException("row " + from + " outside 0.." + (size - 1));
            }
            int base = from * w;
            for (int m = 0; m < w; m++) {
                bits[base + m] |= to.words[m];
            }
            return this;
        }

        /** Removes the pair {@code (from, to)} if present. */
        public Builder remove(int from, int to) {
            bits[from * w + (to >>> 6)] &= ~(1L << to);
            return this;
        }

        /** Whether the pair is present. */
        public boolean contains(int from, int to) {
            return (bits[from * w + (to >>> 6)] & (1L << to)) != 0;
        }

        /** Adds every pair of {@code r}. */
        public Builder addAll(Relation r) {
            if (r.size != size) {
                throw new IllegalArgumentException("relation over " + r.size + " events added to builder over " + size);
            }
            for (int i = 0; i < bits.length; i++) {
                bits[i] |= r.bits[i];
            }
            return this;
        }

        /** The relation built so far (a copy; the builder stays usable). */
        public Relation build() {
            return new Relation(size, bits.clone());
        }
    }

    /** Number of events. */
    public int size() {
        return size;
    }

    /** Whether {@code (from, to)} is in the relation. */
    public boolean contains(int from, int to) {
        if (from < 0 || from >= size || to < 0 || to >= size) {
            throw new IndexOutOfBoundsException("pair (" + from + "," + to + ") outside 0.." + (size - 1));
        }
        return BitRows.get(bits, rowWords, from, to);
    }

    /** The events {@code to} with {@code (from, to)} in the relation. */
    public EventSet successors(int from) {
        long[] w = Arrays.copyOfRange(bits, from * rowWords, (from + 1) * rowWords);
        return new EventSet(size, w);
    }

    /** Whether there is no pair. */
    public boolean isEmpty() {
        for (long b : bits) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** Number of pairs. */
    public int pairCount() {
        int c = 0;
        for (long b : bits) {
            c += Long.bitCount(b);
        }
        return c;
    }

    /** All pairs as {@code int[]{from, to}}, in row-major order. */
    public List<int[]> pairs() {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            for (int k = 0; k < rowWords; k++) {
                long w = bits[base + k];
                while (w != 0) {
                    int b = Long.numberOfTrailingZeros(w);
                    out.add(new int[] {i, (k << 6) + b});
                    w &= w - 1;
                }
            }
        }
        return out;
    }

    private void same(Relation other) {
        if (other.size != size) {
            throw new IllegalArgumentException("relations over " + size + " and " + other.size + " events");
        }
    }

    /** {@code this | other}. */
    public Relation union(Relation other) {
        same(other);
        long[] b = bits.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] |= other.bits[i];
        }
        return new Relation(size, b);
    }

    /** {@code this & other}. */
    public Relation intersection(Relation other) {
        same(other);
        long[] b = bits.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] &= other.bits[i];
        }
        return new Relation(size, b);
    }

    /** {@code this \ other}. */
    public Relation difference(Relation other) {
        same(other);
        long[] b = bits.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] &= ~other.bits[i];
        }
        return new Relation(size, b);
    }

    /**
     * {@code this ; other}: pairs (a, c) with (a, b) in this and (b, c) in other.
     *
     * <p>Cost: a partial identity on either side ({@code [S]}) is a mask: {@code r;[S]} keeps the
     * columns of each row in S, {@code [S];r} the rows in S, one pass over the words. Otherwise
     * one row of {@code other} is or-ed per pair (a, b) of this whose b has successors in
     * {@code other}. So {@code [A];po;[B]} costs O(n²/64) words, not O(n³/64) (the fixed-graph check
     * of recorded traces of thousands of events, nic.md §6.5).
     */
    public Relation compose(Relation other) {
        same(other);
        int w = rowWords;
        long[] diagonal = other.diagonal();
        if (diagonal != null) {
            long[] out = bits.clone();
            for (int i = 0; i < size; i++) {
                int base = i * w;
                for (int m = 0; m < w; m++) {
                    out[base + m] &= diagonal[m];
                }
            }
            return new Relation(size, out);
        }
        long[] out = new long[bits.length];
        diagonal = diagonal();
        if (diagonal != null) {
            for (int i = 0; i < size; i++) {
                if ((diagonal[i >>> 6] & (1L << i)) != 0) {
                    System.arraycopy(other.bits, i * w, out, i * w, w);
                }
            }
            return new Relation(size, out);
        }
        long[] useful = other.domain().words;
        for (int i = 0; i < size; i++) {
            int base = i * w;
            for (int k = 0; k < w; k++) {
                long word = bits[base + k] & useful[k];
                while (word != 0) {
                    int j = (k << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                    int jb = j * w;
                    for (int m = 0; m < w; m++) {
                        out[base + m] |= other.bits[jb + m];
                    }
                }
            }
        }
        return new Relation(size, out);
    }

    /**
     * If this relation is a partial identity {@code [S]}, the words of S; otherwise {@code null}.
     * Stops at the first pair off the diagonal, so a relation that is not one costs little.
     */
    private long[] diagonal() {
        long[] set = new long[rowWords];
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            int own = i >>> 6;
            for (int k = 0; k < rowWords; k++) {
                long word = bits[base + k];
                if (word == 0) {
                    continue;
                }
                if (k != own || word != (1L << i)) {
                    return null;
                }
                set[own] |= word;
            }
        }
        return set;
    }

    /** {@code this^-1}. */
    public Relation converse() {
        long[] out = new long[bits.length];
        int w = rowWords;
        for (int i = 0; i < size; i++) {
            int base = i * w;
            for (int k = 0; k < w; k++) {
                long word = bits[base + k];
                while (word != 0) {
                    int j = (k << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                    out[j * w + (i >>> 6)] |= 1L << i;
                }
            }
        }
        return new Relation(size, out);
    }

    /**
     * {@code this+}: transitive closure. An acyclic relation is closed in reverse topological order,
     * each row absorbing the closed rows of its successors that it does not reach yet (a chain such
     * as a coherence order costs a row per pair of neighbours, not per pair); a cyclic one by
     * Warshall over bit rows.
     */
    public Relation transitiveClosure() {
        long[] b = bits.clone();
        int[] order = BitRows.topologicalOrder(b, size, rowWords);
        if (order == null) {
            BitRows.closeWarshall(b, size, rowWords);
        } else {
            BitRows.closeAcyclic(b, size, rowWords, order);
        }
        return new Relation(size, b);
    }

    /** {@code this?} over {@code universe}: the relation plus the identity on the universe. */
    public Relation reflexiveClosure(EventSet universe) {
        return union(identity(universe));
    }

    /** {@code this*} over {@code universe}: the transitive closure plus the identity on the universe. */
    public Relation reflexiveTransitiveClosure(EventSet universe) {
        return transitiveClosure().union(identity(universe));
    }

    /** {@code ~this} with respect to {@code universe * universe}. */
    public Relation complement(EventSet universe) {
        return product(universe, universe).difference(this);
    }

    /** The events with at least one successor. */
    public EventSet domain() {
        long[] w = new long[rowWords];
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            for (int k = 0; k < rowWords; k++) {
                if (bits[base + k] != 0) {
                    w[i >>> 6] |= 1L << i;
                    break;
                }
            }
        }
        return new EventSet(size, w);
    }

    /** The events with at least one predecessor. */
    public EventSet range() {
        long[] w = new long[rowWords];
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            for (int k = 0; k < rowWords; k++) {
                w[k] |= bits[base + k];
            }
        }
        return new EventSet(size, w);
    }

    /** {@code [from]; this; [to]}. */
    public Relation restrict(EventSet from, EventSet to) {
        long[] b = new long[bits.length];
        int w = rowWords;
        from.forEach(i -> {
            int base = i * w;
            for (int m = 0; m < w; m++) {
                b[base + m] = bits[base + m] & to.words[m];
            }
        });
        return new Relation(size, b);
    }

    /** Whether no event is related to itself. */
    public boolean isIrreflexive() {
        return !BitRows.hasLoop(bits, size, rowWords);
    }

    /**
     * Whether the relation has no cycle ({@code this+} irreflexive): events without predecessors
     * are removed until none remain or a cycle is left ({@link BitRows#topologicalOrder}).
     */
    public boolean isAcyclic() {
        return BitRows.topologicalOrder(bits, size, rowWords) != null;
    }

    /**
     * One cycle of the relation, as the list of its events in edge order (the last event is
     * related to the first), or an empty list if the relation is acyclic. A self-loop gives a
     * one-event cycle. The cycle found is a shortest cycle through the smallest event on a cycle.
     */
    public List<Integer> findCycle() {
        Relation closure = transitiveClosure();
        for (int start = 0; start < size; start++) {
            if (!closure.contains(start, start)) {
                continue;
            }
            // breadth-first search from start back to start
            int[] parent = new int[size];
            Arrays.fill(parent, -2);
            int[] queue = new int[size];
            int head = 0;
            int tail = 0;
            queue[tail++] = start;
            parent[start] = -1;
            int last = -1;
            search:
            while (head < tail) {
                int u = queue[head++];
                int base = u * rowWords;
                for (int k = 0; k < rowWords; k++) {
                    long word = bits[base + k];
                    while (word != 0) {
                        int v = (k << 6) + Long.numberOfTrailingZeros(word);
                        word &= word - 1;
                        if (v == start) {
                            last = u;
                            break search;
                        }
                        if (parent[v] == -2) {
                            parent[v] = u;
                            queue[tail++] = v;
                        }
                    }
                }
            }
            List<Integer> cycle = new ArrayList<>();
            for (int v = last; v != -1; v = parent[v]) {
                cycle.add(0, v);
            }
            return cycle;
        }
        return List.of();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Relation r && r.size == size && Arrays.equals(r.bits, bits);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bits) * 31 + size;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int[] p : pairs()) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append('(').append(p[0]).append(',').append(p[1]).append(')');
        }
        return sb.append('}').toString();
    }
}
