package remo.models.algebra;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A set of events as sorted, disjoint, non-adjacent half-open intervals {@code [s0, e0), [s1, e1),
 * …}, stored as {@code int[] {s0, e0, s1, e1, …}} (the empty set: an empty array): the row of a
 * relation stored by intervals ({@link Relation}, for programs of thousands of events), and what
 * {@link Relation#row}, {@link BitMatrix#row} and {@link EventSet#ranges} give callers that work
 * a row at a time. A thread's {@code po} row, the rows of
 * {@code [R]; po; [W]} in a thread of one kind of access, a coherence order written in program
 * order: one interval each, so such a relation costs O(n) words, not O(n²/64).
 *
 * <p>Arrays are never changed once made: every operation returns a new array (or one of its
 * arguments, or {@link #EMPTY}), so rows can be shared between relations; the rows given out of
 * this package are copies. Static methods only; arguments are not checked (the callers own them).
 */
public final class IntervalRow {
    /** The empty set. */
    public static final int[] EMPTY = new int[0];

    private IntervalRow() {
    }

    /** {@code [lo, hi)}; {@link #EMPTY} if {@code lo >= hi}. */
    public static int[] range(int lo, int hi) {
        return lo < hi ? new int[] {lo, hi} : EMPTY;
    }

    /** Whether {@code x} is in {@code r}: a binary search over the interval starts. */
    public static boolean contains(int[] r, int x) {
        int lo = 0;
        int hi = r.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (r[2 * mid] > x) {
                hi = mid - 1;
            } else if (r[2 * mid + 1] <= x) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** The index (of its start, even) of the first interval of {@code r} that ends after {@code x}, or {@code r.length}. */
    public static int firstEndingAfter(int[] r, int x) {
        int lo = 0;
        int hi = r.length / 2;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (r[2 * mid + 1] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return 2 * lo;
    }

    /** The smallest element of {@code r} that is {@code >= x}, or -1. */
    public static int nextAtLeast(int[] r, int x) {
        int k = firstEndingAfter(r, x);
        return k == r.length ? -1 : Math.max(x, r[k]);
    }

    /** Whether some element of {@code r} lies in {@code [lo, hi)}. */
    public static boolean meets(int[] r, int lo, int hi) {
        int x = nextAtLeast(r, lo);
        return x >= 0 && x < hi;
    }

    /** Number of elements. */
    public static long cardinality(int[] r) {
        long c = 0;
        for (int k = 0; k < r.length; k += 2) {
            c += r[k + 1] - r[k];
        }
        return c;
    }

    /** Calls {@code action} on every element in ascending order. */
    public static void forEach(int[] r, IntConsumer action) {
        for (int k = 0; k < r.length; k += 2) {
            for (int x = r[k]; x < r[k + 1]; x++) {
                action.accept(x);
            }
        }
    }

    /** The elements of {@code r}, ascending. */
    public static int[] elements(int[] r) {
        int[] out = new int[(int) cardinality(r)];
        int n = 0;
        for (int k = 0; k < r.length; k += 2) {
            for (int x = r[k]; x < r[k + 1]; x++) {
                out[n++] = x;
            }
        }
        return out;
    }

    /** The intervals of the bits set in {@code words[offset .. offset + count)} (bit i of the row is element i). */
    static int[] ofWords(long[] words, int offset, int count) {
        int[] out = new int[8];
        int n = 0;
        int k = 0;
        int limit = count << 6;
        while (k < limit) {
            int start = nextBit(words, offset, count, k, true);
            if (start < 0) {
                break;
            }
            int end = nextBit(words, offset, count, start, false);
            if (end < 0) {
                end = limit;
            }
            if (n + 2 > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[n++] = start;
            out[n++] = end;
            k = end;
        }
        return n == 0 ? EMPTY : Arrays.copyOf(out, n);
    }

    /** The first bit index {@code >= from} whose bit is {@code set} (1) or clear (0), or -1. */
    private static int nextBit(long[] words, int offset, int count, int from, boolean set) {
        int w = from >>> 6;
        if (w >= count) {
            return -1;
        }
        long word = set ? words[offset + w] : ~words[offset + w];
        word &= -1L << (from & 63);
        while (true) {
            if (word != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++w == count) {
                return -1;
            }
            word = set ? words[offset + w] : ~words[offset + w];
        }
    }

    /** Sets the bits of the elements of {@code r} in {@code words}, whose bit 0 is {@code words[offset]}'s. */
    static void orInto(int[] r, long[] words, int offset) {
        for (int k = 0; k < r.length; k += 2) {
            int lo = r[k];
            int hi = r[k + 1];
            while (lo < hi) {
                int w = lo >>> 6;
                int end = Math.min(hi, (w + 1) << 6);
                long mask = (end - lo == 64 ? -1L : ((1L << (end - lo)) - 1)) << (lo & 63);
                words[offset + w] |= mask;
                lo = end;
            }
        }
    }

    /**
     * The union of {@code count} intervals {@code [pairs[2i], pairs[2i+1])} given in any order,
     * empty ones and overlaps allowed.
     */
    public static int[] normalize(int[] pairs, int count) {
        if (count == 0) {
            return EMPTY;
        }
        long[] keyed = new long[count];
        int m = 0;
        for (int i = 0; i < count; i++) {
            int lo = pairs[2 * i];
            int hi = pairs[2 * i + 1];
            if (lo < hi) {
                keyed[m++] = ((long) lo << 32) | (hi & 0xffffffffL);
            }
        }
        if (m == 0) {
            return EMPTY;
        }
        Arrays.sort(keyed, 0, m);
        int[] out = new int[2 * m];
        int n = 0;
        for (int i = 0; i < m; i++) {
            int lo = (int) (keyed[i] >>> 32);
            int hi = (int) keyed[i];
            if (n > 0 && lo <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], hi);
            } else {
                out[n++] = lo;
                out[n++] = hi;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** {@code a ∪ b}. */
    public static int[] union(int[] a, int[] b) {
        if (a.length == 0) {
            return b;
        }
        if (b.length == 0 || a == b) {
            return a;
        }
        int[] out = new int[a.length + b.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            int lo;
            int hi;
            if (j == b.length || (i < a.length && a[i] <= b[j])) {
                lo = a[i];
                hi = a[i + 1];
                i += 2;
            } else {
                lo = b[j];
                hi = b[j + 1];
                j += 2;
            }
            if (n > 0 && lo <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], hi);
            } else {
                out[n++] = lo;
                out[n++] = hi;
            }
        }
        return finish(out, n, a, b);
    }

    /** {@code a ∩ b}. */
    public static int[] intersection(int[] a, int[] b) {
        if (a.length == 0 || b.length == 0) {
            return EMPTY;
        }
        if (a == b) {
            return a;
        }
        int[] out = new int[a.length + b.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            int lo = Math.max(a[i], b[j]);
            int hi = Math.min(a[i + 1], b[j + 1]);
            if (lo < hi) {
                out[n++] = lo;
                out[n++] = hi;
            }
            if (a[i + 1] < b[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return finish(out, n, a, b);
    }

    /** {@code a \ b}. */
    public static int[] difference(int[] a, int[] b) {
        if (a.length == 0 || b.length == 0) {
            return a;
        }
        if (a == b) {
            return EMPTY;
        }
        int[] out = new int[a.length + b.length];
        int n = 0;
        int j = 0;
        for (int i = 0; i < a.length; i += 2) {
            int lo = a[i];
            int hi = a[i + 1];
            while (j < b.length && b[j + 1] <= lo) {
                j += 2;
            }
            int k = j;
            while (lo < hi) {
                if (k == b.length || b[k] >= hi) {
                    out[n++] = lo;
                    out[n++] = hi;
                    break;
                }
                if (b[k] > lo) {
                    out[n++] = lo;
                    out[n++] = b[k];
                }
                lo = Math.max(lo, b[k + 1]);
                k += 2;
            }
        }
        return finish(out, n, a, null);
    }

    /** {@code out[0..n)} as a row, reusing {@code a} or {@code b} when equal to it. */
    private static int[] finish(int[] out, int n, int[] a, int[] b) {
        if (n == 0) {
            return EMPTY;
        }
        if (n == a.length && Arrays.equals(out, 0, n, a, 0, n)) {
            return a;
        }
        if (b != null && n == b.length && Arrays.equals(out, 0, n, b, 0, n)) {
            return b;
        }
        return Arrays.copyOf(out, n);
    }

    /** Whether every element of {@code a} is in {@code b}. */
    public static boolean isSubset(int[] a, int[] b) {
        int j = 0;
        for (int i = 0; i < a.length; i += 2) {
            while (j < b.length && b[j + 1] <= a[i]) {
                j += 2;
            }
            if (j == b.length || b[j] > a[i] || b[j + 1] < a[i + 1]) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code a} and {@code b} have an element in common. */
    public static boolean intersects(int[] a, int[] b) {
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (Math.max(a[i], b[j]) < Math.min(a[i + 1], b[j + 1])) {
                return true;
            }
            if (a[i + 1] < b[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return false;
    }

    /** {@code r} with {@code x} added. */
    public static int[] with(int[] r, int x) {
        return contains(r, x) ? r : union(r, new int[] {x, x + 1});
    }

    /** {@code r} without {@code x}. */
    public static int[] without(int[] r, int x) {
        return contains(r, x) ? difference(r, new int[] {x, x + 1}) : r;
    }
}
