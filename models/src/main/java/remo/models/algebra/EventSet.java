package remo.models.algebra;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * An immutable set of events, as a bit vector over dense event indices {@code 0..size-1}.
 * Operations are word-parallel (architecture.md, "Performance approach").
 *
 * <p>All binary operations require operands of the same {@link #size()}; mixing sizes throws
 * {@link IllegalArgumentException}.
 */
public final class EventSet {
    final int size;
    final long[] words;
    /** The set as {@link IntervalRow} intervals, made when first asked for (a benign race: equal arrays). */
    private int[] intervals;

    EventSet(int size, long[] words) {
        this.size = size;
        this.words = words;
    }

    /** The empty set over {@code size} events. @throws IllegalArgumentException if size &lt; 0 */
    public static EventSet empty(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size);
        }
        return new EventSet(size, new long[wordCount(size)]);
    }

    /** The set of all {@code size} events. */
    public static EventSet all(int size) {
        long[] w = new long[wordCount(size)];
        for (int i = 0; i < size; i++) {
            w[i >>> 6] |= 1L << i;
        }
        return new EventSet(size, w);
    }

    /** The set holding exactly the given events. @throws IndexOutOfBoundsException for an index outside 0..size-1 */
    public static EventSet of(int size, int... events) {
        long[] w = new long[wordCount(size)];
        for (int e : events) {
            check(size, e);
            w[e >>> 6] |= 1L << e;
        }
        return new EventSet(size, w);
    }

    /** The set of the events {@code e} with {@code members[e]}, over {@code members.length} events. */
    public static EventSet of(boolean[] members) {
        long[] w = new long[wordCount(members.length)];
        for (int e = 0; e < members.length; e++) {
            if (members[e]) {
                w[e >>> 6] |= 1L << e;
            }
        }
        return new EventSet(members.length, w);
    }

    /** The set of the elements of {@code intervals} ({@link IntervalRow}) over {@code size} events. */
    public static EventSet ofIntervals(int size, int[] intervals) {
        int[] row = intervals.clone();
        long[] w = new long[wordCount(size)];
        IntervalRow.orInto(row, w, 0);
        EventSet s = new EventSet(size, w);
        s.intervals = row;
        return s;
    }

    /** The set as intervals ({@link IntervalRow}, a copy). */
    public int[] ranges() {
        return intervals().clone();
    }

    /** The set as intervals ({@link IntervalRow}), shared. */
    int[] intervals() {
        int[] r = intervals;
        if (r == null) {
            r = IntervalRow.ofWords(words, 0, words.length);
            intervals = r;
        }
        return r;
    }

    /**
     * Calls {@code action} on every maximal range {@code [lo, hi)} of consecutive elements, in
     * ascending order (O(size/64 + ranges)).
     */
    public void forEachRange(RangeAction action) {
        int[] r = intervals();
        for (int k = 0; k < r.length; k += 2) {
            action.accept(r[k], r[k + 1]);
        }
    }

    /** Receives the ranges of {@link #forEachRange}. */
    @FunctionalInterface
    public interface RangeAction {
        /** The elements {@code lo..hi-1}. */
        void accept(int lo, int hi);
    }

    static int wordCount(int size) {
        return (size + 63) >>> 6;
    }

    private static void check(int size, int e) {
        if (e < 0 || e >= size) {
            throw new IndexOutOfBoundsException("event " + e + " outside 0.." + (size - 1));
        }
    }

    /** Number of events in the universe this set is drawn from. */
    public int size() {
        return size;
    }

    /** Whether event {@code e} is in the set. */
    public boolean contains(int e) {
        check(size, e);
        return (words[e >>> 6] & (1L << e)) != 0;
    }

    /** Whether the set is empty. */
    public boolean isEmpty() {
        for (long w : words) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    /** Number of elements. */
    public int cardinality() {
        int c = 0;
        for (long w : words) {
            c += Long.bitCount(w);
        }
        return c;
    }

    /** The smallest element, or -1 if empty. */
    public int first() {
        for (int i = 0; i < words.length; i++) {
            if (words[i] != 0) {
                return (i << 6) + Long.numberOfTrailingZeros(words[i]);
            }
        }
        return -1;
    }

    /** Calls {@code action} on every element in ascending order. */
    public void forEach(IntConsumer action) {
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            while (w != 0) {
                int b = Long.numberOfTrailingZeros(w);
                action.accept((i << 6) + b);
                w &= w - 1;
            }
        }
    }

    /** The elements in ascending order. */
    public int[] toArray() {
        int[] out = new int[cardinality()];
        int[] k = {0};
        forEach(e -> out[k[0]++] = e);
        return out;
    }

    /** {@code this ∪ other}. */
    public EventSet union(EventSet other) {
        same(other);
        long[] w = words.clone();
        for (int i = 0; i < w.length; i++) {
            w[i] |= other.words[i];
        }
        return new EventSet(size, w);
    }

    /** {@code this ∩ other}. */
    public EventSet intersection(EventSet other) {
        same(other);
        long[] w = words.clone();
        for (int i = 0; i < w.length; i++) {
            w[i] &= other.words[i];
        }
        return new EventSet(size, w);
    }

    /** {@code this \ other}. */
    public EventSet difference(EventSet other) {
        same(other);
        long[] w = words.clone();
        for (int i = 0; i < w.length; i++) {
            w[i] &= ~other.words[i];
        }
        return new EventSet(size, w);
    }

    /** A copy with event {@code e} added. */
    public EventSet with(int e) {
        check(size, e);
        long[] w = words.clone();
        w[e >>> 6] |= 1L << e;
        return new EventSet(size, w);
    }

    /** Whether every element of this set is in {@code other}. */
    public boolean isSubsetOf(EventSet other) {
        same(other);
        for (int i = 0; i < words.length; i++) {
            if ((words[i] & ~other.words[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    void same(EventSet other) {
        if (other.size != size) {
            throw new IllegalArgumentException("event sets over " + size + " and " + other.size + " events");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventSet s && s.size == size && Arrays.equals(s.words, words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words) * 31 + size;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        forEach(e -> {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append(e);
        });
        return sb.append('}').toString();
    }
}
