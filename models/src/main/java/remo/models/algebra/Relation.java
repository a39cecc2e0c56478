package remo.models.algebra;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable binary relation over events {@code 0..size-1}, in one of two forms chosen by the
 * number of events:
 * <ul>
 *   <li>up to {@link #denseLimit()} events, a bit matrix (one row of {@code ceil(size/64)} words per
 *       event): composition, closure, union, intersection and difference are word-parallel
 *       (architecture.md, "Performance approach");</li>
 *   <li>beyond, one row of intervals per event ({@link IntervalRow}, algorithms in
 *       {@link SparseRows}): a program of thousands of events whose relations are a few intervals
 *       a row (a thread's {@code po}, {@code [R]; po; [R]} in a thread of loads, a coherence order in
 *       program order) costs time and memory linear in its length instead of the n²/64 words of a
 *       matrix (issue 28, "Cost linear in program length").</li>
 * </ul>
 * Both forms give the same answers; operations on one relation of each form work (the other
 * operand is converted), so the limit may change while relations exist.
 *
 * <p>All binary operations require operands over the same number of events; mixing sizes throws
 * {@link IllegalArgumentException}. Indices outside {@code 0..size-1} throw
 * {@link IndexOutOfBoundsException}.
 */
public final class Relation {
    /** The default of {@link #denseLimit()}: measured in docs/performance.md, "One thread of N accesses". */
    public static final int DEFAULT_DENSE_LIMIT = 2048;

    private static volatile int denseLimit = Math.max(0, Integer.getInteger("remo.relation.denseLimit", DEFAULT_DENSE_LIMIT));

    final int size;
    final int rowWords;
    /** The bit matrix, or {@code null} in the interval form. */
    final long[] bits;
    /** The rows of intervals, or {@code null} in the bit-matrix form. */
    final int[][] rows;

    Relation(int size, long[] bits) {
        this.size = size;
        this.rowWords = EventSet.wordCount(size);
        this.bits = bits;
        this.rows = null;
    }

    Relation(int size, int[][] rows) {
        this.size = size;
        this.rowWords = EventSet.wordCount(size);
        this.bits = null;
        this.rows = rows;
    }

    /**
     * The largest number of events whose relations are bit matrices; larger ones are rows of
     * intervals. The system property {@code remo.relation.denseLimit} sets it at start-up (default
     * {@value #DEFAULT_DENSE_LIMIT}).
     */
    public static int denseLimit() {
        return denseLimit;
    }

    /**
     * Sets {@link #denseLimit()} for the relations made from now on (0: every relation in the
     * interval form), for the differential tests that compare both forms in one run and for
     * measurements; relations already made keep their form.
     *
     * @throws IllegalArgumentException if {@code limit < 0}
     */
    public static void setDenseLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("negative limit " + limit);
        }
        denseLimit = limit;
    }

    /** Whether relations over {@code size} events are made as bit matrices. */
    static boolean denseFor(int size) {
        return size <= denseLimit;
    }

    private boolean isDense() {
        return bits != null;
    }

    /** This relation's bit matrix (converted from the interval form if need be). */
    long[] matrix() {
        return bits != null ? bits : SparseRows.toBits(rows, rowWords);
    }

    /** This relation's rows of intervals (converted from the bit matrix if need be). */
    int[][] intervalRows() {
        return rows != null ? rows : SparseRows.ofBits(bits, size, rowWords);
    }

    /** The empty relation over {@code size} events. */
    public static Relation empty(int size) {
        return denseFor(size) ? new Relation(size, new long[size * EventSet.wordCount(size)])
                : new Relation(size, SparseRows.empty(size));
    }

    /** The identity on {@code set}: {@code [S]} in cat. */
    public static Relation identity(EventSet set) {
        return identity(set, denseFor(set.size));
    }

    private static Relation identity(EventSet set, boolean dense) {
        int w = EventSet.wordCount(set.size);
        if (!dense) {
            int[][] rows = SparseRows.empty(set.size);
            set.forEach(e -> rows[e] = new int[] {e, e + 1});
            return new Relation(set.size, rows);
        }
        long[] b = new long[set.size * w];
        set.forEach(e -> b[e * w + (e >>> 6)] |= 1L << e);
        return new Relation(set.size, b);
    }

    /** The cartesian product {@code S * T}. */
    public static Relation product(EventSet from, EventSet to) {
        return product(from, to, denseFor(from.size));
    }

    private static Relation product(EventSet from, EventSet to, boolean dense) {
        from.same(to);
        int w = EventSet.wordCount(from.size);
        if (!dense) {
            int[][] rows = SparseRows.empty(from.size);
            int[] row = to.intervals();
            from.forEach(e -> rows[e] = row);
            return new Relation(from.size, rows);
        }
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
        /** The bit matrix, or {@code null} when building rows of intervals. */
        private final long[] bits;
        private final IntervalRowsBuilder rows;

        private Builder(int size) {
            this.size = size;
            this.w = EventSet.wordCount(size);
            this.bits = denseFor(size) ? new long[size * w] : null;
            this.rows = bits == null ? new IntervalRowsBuilder(size) : null;
        }

        private void check(int from, int to) {
            if (from < 0 || from >= size || to < 0 || to >= size) {
                throw new IndexOutOfBoundsException("pair (" + from + "," + to + ") outside 0.." + (size - 1));
            }
        }

        /** Adds the pair {@code (from, to)}. */
        public Builder add(int from, int to) {
            check(from, to);
            if (bits != null) {
                bits[from * w + (to >>> 6)] |= 1L << to;
            } else {
                rows.append(from, to, to + 1);
            }
            return this;
        }

        /**
         * Adds the pairs {@code (from, to)} for every {@code to} in {@code lo..hi-1}, a word (or an
         * interval) at a time.
         *
         * @throws IndexOutOfBoundsException if {@code from} or the range is outside 0..size-1
         */
        public Builder addRange(int from, int lo, int hi) {
            if (from < 0 || from >= size || lo < 0 || hi > size) {
                throw new IndexOutOfBoundsException("row " + from + ", range " + lo + ".." + hi + " outside 0.." + size);
            }
            if (bits == null) {
                if (lo < hi) {
                    rows.append(from, lo, hi);
                }
                return this;
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
            if (bits == null) {
                rows.addRow(from, to);
                return this;
            }
            int base = from * w;
            for (int m = 0; m < w; m++) {
                bits[base + m] |= to.words[m];
            }
            return this;
        }

        /**
         * Adds the pairs {@code (from, to)} for every {@code to} in {@code intervals}
         * ({@link IntervalRow}).
         *
         * @throws IndexOutOfBoundsException if {@code from} or an interval is outside 0..size-1
         */
        public Builder addRanges(int from, int[] intervals) {
            if (from < 0 || from >= size || (intervals.length > 0 && (intervals[0] < 0 || intervals[intervals.length - 1] > size))) {
                throw new IndexOutOfBoundsException("row " + from + " or its intervals outside 0.." + size);
            }
            if (bits == null) {
                rows.addRanges(from, intervals.clone());
            } else {
                IntervalRow.orInto(intervals, bits, from * w);
            }
            return this;
        }

        /**
         * Adds the pairs {@code (order[i], order[j])} for {@code from <= i < j < to}: the strict
         * total order that the listed events take in that order (a coherence order, a rao order),
         * in time linear in its length when the order runs through consecutive events.
         *
         * @throws IndexOutOfBoundsException if an event is outside 0..size-1
         */
        public Builder addOrder(int[] order, int from, int to) {
            for (int i = from; i < to; i++) {
                check(order[i], order[i]);
            }
            if (bits == null) {
                rows.addOrder(order, from, to);
                return this;
            }
            // from the last event back: each event's row absorbs the set of the events after it,
            // a word at a time (k rows of n/64 words, not k²/2 pairs)
            long[] later = new long[w];
            for (int i = to - 1; i >= from; i--) {
                int base = order[i] * w;
                for (int m = 0; m < w; m++) {
                    bits[base + m] |= later[m];
                }
                later[order[i] >>> 6] |= 1L << order[i];
            }
            return this;
        }

        /** Removes the pair {@code (from, to)} if present. */
        public Builder remove(int from, int to) {
            if (bits != null) {
                bits[from * w + (to >>> 6)] &= ~(1L << to);
            } else {
                rows.remove(from, to);
            }
            return this;
        }

        /** Whether the pair is present. */
        public boolean contains(int from, int to) {
            return bits != null ? (bits[from * w + (to >>> 6)] & (1L << to)) != 0 : rows.contains(from, to);
        }

        /** Adds every pair of {@code r}. */
        public Builder addAll(Relation r) {
            if (r.size != size) {
                throw new IllegalArgumentException("relation over " + r.size + " events added to builder over " + size);
            }
            if (bits != null) {
                long[] other = r.matrix();
                for (int i = 0; i < bits.length; i++) {
                    bits[i] |= other[i];
                }
            } else {
                rows.addAll(r.intervalRows());
            }
            return this;
        }

        /** The relation built so far (a copy; the builder stays usable). */
        public Relation build() {
            return bits != null ? new Relation(size, bits.clone()) : new Relation(size, rows.build());
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
        return isDense() ? BitRows.get(bits, rowWords, from, to) : IntervalRow.contains(rows[from], to);
    }

    /**
     * The events {@code to} with {@code (from, to)} in the relation, as intervals
     * ({@link IntervalRow}, a copy): O(intervals) in the interval form.
     */
    public int[] row(int from) {
        if (from < 0 || from >= size) {
            throw new IndexOutOfBoundsException("row " + from + " outside 0.." + (size - 1));
        }
        return isDense() ? IntervalRow.ofWords(bits, from * rowWords, rowWords) : rows[from].clone();
    }

    /** The events {@code to} with {@code (from, to)} in the relation. */
    public EventSet successors(int from) {
        if (!isDense()) {
            return EventSet.ofIntervals(size, rows[from]);
        }
        long[] w = Arrays.copyOfRange(bits, from * rowWords, (from + 1) * rowWords);
        return new EventSet(size, w);
    }

    /** Whether there is no pair. */
    public boolean isEmpty() {
        return isDense() ? Arrays.stream(bits).allMatch(b -> b == 0) : Arrays.stream(rows).allMatch(r -> r.length == 0);
    }

    /** Number of pairs ({@link Integer#MAX_VALUE} if there are more). */
    public int pairCount() {
        long c = isDense() ? Arrays.stream(bits).map(Long::bitCount).sum()
                : Arrays.stream(rows).mapToLong(IntervalRow::cardinality).sum();
        return (int) Math.min(Integer.MAX_VALUE, c);
    }

    /** All pairs as {@code int[]{from, to}}, in row-major order. */
    public List<int[]> pairs() {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int from = i;
            successors(i).forEach(to -> out.add(new int[] {from, to}));
        }
        return out;
    }

    private void same(Relation other) {
        if (other.size != size) {
            throw new IllegalArgumentException("relations over " + size + " and " + other.size + " events");
        }
    }

    /** What {@link #combine} does to each pair of rows (or words). */
    enum Op { UNION, INTERSECTION, DIFFERENCE }

    private Relation combine(Relation other, Op op) {
        same(other);
        return isDense() ? new Relation(size, BitRows.combine(bits, other.matrix(), op))
                : new Relation(size, SparseRows.combine(rows, other.intervalRows(), op));
    }

    /** {@code this | other}. */
    public Relation union(Relation other) {
        return combine(other, Op.UNION);
    }

    /** {@code this & other}. */
    public Relation intersection(Relation other) {
        return combine(other, Op.INTERSECTION);
    }

    /** {@code this \ other}. */
    public Relation difference(Relation other) {
        return combine(other, Op.DIFFERENCE);
    }

    /**
     * {@code this ; other}: pairs (a, c) with (a, b) in this and (b, c) in other.
     *
     * <p>Cost: a partial identity on either side ({@code [S]}) is a mask: {@code r;[S]} keeps the
     * columns of each row in S, {@code [S];r} the rows in S, one pass over the words. Otherwise
     * one row of {@code other} is or-ed per pair (a, b) of this whose b has successors in
     * {@code other}. So {@code [A];po;[B]} costs O(n²/64) words, not O(n³/64) (the fixed-graph check
     * of recorded traces of thousands of events, nic.md §6.5); in the interval form, O(n) intervals
     * when its rows are intervals.
     */
    public Relation compose(Relation other) {
        same(other);
        if (!isDense()) {
            return new Relation(size, SparseRows.compose(rows, other.intervalRows()));
        }
        return new Relation(size, BitRows.compose(bits, other.matrix(), size, rowWords));
    }

    /** {@code this^-1}. */
    public Relation converse() {
        return isDense() ? new Relation(size, BitRows.converse(bits, size, rowWords))
                : new Relation(size, SparseRows.converse(rows));
    }

    /**
     * {@code this+}: transitive closure. An acyclic relation is closed in reverse topological order,
     * each row absorbing the closed rows of its successors that it does not reach yet (a chain such
     * as a coherence order costs a row per pair of neighbours, not per pair); a cyclic one by
     * Warshall over bit rows, or in the interval form per strongly connected component
     * ({@link SparseSearch#closure}).
     */
    public Relation transitiveClosure() {
        if (!isDense()) {
            return new Relation(size, SparseSearch.closure(rows));
        }
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
        return union(identity(universe, isDense()));
    }

    /** {@code this*} over {@code universe}: the transitive closure plus the identity on the universe. */
    public Relation reflexiveTransitiveClosure(EventSet universe) {
        return transitiveClosure().union(identity(universe, isDense()));
    }

    /** {@code ~this} with respect to {@code universe * universe}. */
    public Relation complement(EventSet universe) {
        return product(universe, universe, isDense()).difference(this);
    }

    /** The events with at least one successor. */
    public EventSet domain() {
        return isDense() ? new EventSet(size, BitRows.domain(bits, size, rowWords))
                : EventSet.ofIntervals(size, SparseRows.domain(rows));
    }

    /** The events with at least one predecessor. */
    public EventSet range() {
        return isDense() ? new EventSet(size, BitRows.range(bits, size, rowWords))
                : EventSet.ofIntervals(size, SparseRows.range(rows));
    }

    /** {@code [from]; this; [to]}. */
    public Relation restrict(EventSet from, EventSet to) {
        return isDense() ? new Relation(size, BitRows.restrict(bits, rowWords, from, to))
                : new Relation(size, SparseRows.restrict(rows, from, to));
    }

    /** Whether no event is related to itself. */
    public boolean isIrreflexive() {
        return isDense() ? !BitRows.hasLoop(bits, size, rowWords) : !SparseRows.hasLoop(rows);
    }

    /**
     * Whether the relation has no cycle ({@code this+} irreflexive): events without predecessors
     * are removed until none remain or a cycle is left ({@link BitRows#topologicalOrder}); in the
     * interval form, a depth-first search finds no edge back to its path ({@link SparseSearch#isAcyclic}).
     */
    public boolean isAcyclic() {
        return isDense() ? BitRows.topologicalOrder(bits, size, rowWords) != null : SparseSearch.isAcyclic(rows);
    }

    /**
     * One cycle of the relation, as the list of its events in edge order (the last event is
     * related to the first), or an empty list if the relation is acyclic. A self-loop gives a
     * one-event cycle. The cycle found is a shortest cycle through the smallest event on a cycle.
     */
    public List<Integer> findCycle() {
        return isDense() ? BitRows.findCycle(bits, size, rowWords) : SparseSearch.findCycle(rows);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Relation r) || r.size != size) {
            return false;
        }
        if (isDense() && r.isDense()) {
            return Arrays.equals(r.bits, bits);
        }
        int[][] a = intervalRows();
        int[][] b = r.intervalRows();
        for (int i = 0; i < size; i++) {
            if (!Arrays.equals(a[i], b[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        // the same for both forms of one relation: over the rows' intervals
        int h = size;
        int[][] r = intervalRows();
        for (int i = 0; i < size; i++) {
            h = h * 31 + Arrays.hashCode(r[i]);
        }
        return h;
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
