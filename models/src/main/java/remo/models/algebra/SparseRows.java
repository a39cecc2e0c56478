package remo.models.algebra;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The algorithms of a relation stored by intervals ({@link Relation} over more than
 * {@link Relation#denseLimit()} events): static methods over {@code int[][] rows}, one
 * {@link IntervalRow} per event (never {@code null}; {@link IntervalRow#EMPTY} for none). Every
 * one costs O(n + r) or O((n + r) log n) for n events and r intervals in all, so that a relation
 * whose rows are a few intervals each (a thread's {@code po}, a coherence order in program order)
 * costs time and memory linear in n. The graph searches (closure, acyclicity, cycles) are in
 * {@link SparseSearch}.
 */
final class SparseRows {
    private SparseRows() {
    }

    /** {@code size} empty rows. */
    static int[][] empty(int size) {
        int[][] rows = new int[size][];
        Arrays.fill(rows, IntervalRow.EMPTY);
        return rows;
    }

    /** The rows of a dense bit matrix. */
    static int[][] ofBits(long[] bits, int size, int rowWords) {
        int[][] rows = new int[size][];
        for (int i = 0; i < size; i++) {
            rows[i] = IntervalRow.ofWords(bits, i * rowWords, rowWords);
        }
        return rows;
    }

    /** The dense bit matrix of {@code rows}. */
    static long[] toBits(int[][] rows, int rowWords) {
        long[] bits = new long[rows.length * rowWords];
        for (int i = 0; i < rows.length; i++) {
            IntervalRow.orInto(rows[i], bits, i * rowWords);
        }
        return bits;
    }

    /** The rows of {@code a} and {@code b} combined one by one by {@code op}. */
    static int[][] combine(int[][] a, int[][] b, Relation.Op op) {
        int[][] out = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = switch (op) {
                case UNION -> IntervalRow.union(a[i], b[i]);
                case INTERSECTION -> IntervalRow.intersection(a[i], b[i]);
                case DIFFERENCE -> IntervalRow.difference(a[i], b[i]);
            };
        }
        return out;
    }

    /** {@code [from]; rows; [to]}. */
    static int[][] restrict(int[][] rows, EventSet from, EventSet to) {
        int[][] out = empty(rows.length);
        int[] mask = to.intervals();
        from.forEach(i -> out[i] = IntervalRow.intersection(rows[i], mask));
        return out;
    }

    /** Whether some event is related to itself. */
    static boolean hasLoop(int[][] rows) {
        for (int i = 0; i < rows.length; i++) {
            if (IntervalRow.contains(rows[i], i)) {
                return true;
            }
        }
        return false;
    }

    /** The events with a successor, as intervals. */
    static int[] domain(int[][] rows) {
        int[] out = new int[8];
        int n = 0;
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length == 0) {
                continue;
            }
            if (n > 0 && out[n - 1] == i) {
                out[n - 1] = i + 1;
            } else {
                if (n + 2 > out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                out[n++] = i;
                out[n++] = i + 1;
            }
        }
        return n == 0 ? IntervalRow.EMPTY : Arrays.copyOf(out, n);
    }

    /** The events with a predecessor, as intervals: a count of covering intervals per event. */
    static int[] range(int[][] rows) {
        int size = rows.length;
        int[] delta = new int[size + 1];
        for (int[] r : rows) {
            for (int k = 0; k < r.length; k += 2) {
                delta[r[k]]++;
                delta[r[k + 1]]--;
            }
        }
        int[] out = new int[8];
        int n = 0;
        int covered = 0;
        for (int e = 0; e < size; e++) {
            covered += delta[e];
            if (covered > 0) {
                if (n > 0 && out[n - 1] == e) {
                    out[n - 1] = e + 1;
                } else {
                    if (n + 2 > out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    out[n++] = e;
                    out[n++] = e + 1;
                }
            }
        }
        return n == 0 ? IntervalRow.EMPTY : Arrays.copyOf(out, n);
    }

    /** If every row is empty or {@code {i}} (a partial identity {@code [S]}), S; otherwise {@code null}. */
    static int[] diagonal(int[][] rows) {
        for (int i = 0; i < rows.length; i++) {
            int[] r = rows[i];
            if (r.length != 0 && (r.length != 2 || r[0] != i || r[1] != i + 1)) {
                return null;
            }
        }
        return domain(rows);
    }

    /**
     * {@code a ; b}. A partial identity on either side is a mask; otherwise each row of {@code a}
     * is cut to the events with successors in {@code b} and the rows of those are joined (a row
     * shared by consecutive events, as in a product, is joined once).
     */
    static int[][] compose(int[][] a, int[][] b) {
        int size = a.length;
        int[][] out = new int[size][];
        int[] diagonal = diagonal(b);
        if (diagonal != null) {
            for (int i = 0; i < size; i++) {
                out[i] = IntervalRow.intersection(a[i], diagonal);
            }
            return out;
        }
        diagonal = diagonal(a);
        if (diagonal != null) {
            for (int i = 0; i < size; i++) {
                out[i] = IntervalRow.contains(diagonal, i) ? b[i] : IntervalRow.EMPTY;
            }
            return out;
        }
        int[] useful = domain(b);
        int[] buffer = new int[16];
        for (int i = 0; i < size; i++) {
            int[] via = IntervalRow.intersection(a[i], useful);
            if (via.length == 0) {
                out[i] = IntervalRow.EMPTY;
                continue;
            }
            if (via.length == 2 && via[1] == via[0] + 1) {
                out[i] = b[via[0]];
                continue;
            }
            int n = 0;
            int[] last = null;
            for (int k = 0; k < via.length; k += 2) {
                for (int j = via[k]; j < via[k + 1]; j++) {
                    int[] r = b[j];
                    if (r == last) {
                        continue;
                    }
                    last = r;
                    if (n + r.length > buffer.length) {
                        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, n + r.length));
                    }
                    System.arraycopy(r, 0, buffer, n, r.length);
                    n += r.length;
                }
            }
            out[i] = IntervalRow.normalize(buffer, n / 2);
        }
        return out;
    }

    /**
     * {@code rows^-1}, by a sweep over the columns: the rows whose intervals cover the column are
     * kept as intervals of row numbers, updated where an interval starts or ends; a column whose
     * set did not change shares the previous column's row.
     */
    static int[][] converse(int[][] rows) {
        int size = rows.length;
        int[] startCount = new int[size + 1];
        int[] endCount = new int[size + 1];
        for (int[] r : rows) {
            for (int k = 0; k < r.length; k += 2) {
                startCount[r[k]]++;
                endCount[r[k + 1]]++;
            }
        }
        int[] startAt = offsets(startCount);
        int[] endAt = offsets(endCount);
        int[] starts = new int[startAt[size + 1]];
        int[] ends = new int[endAt[size + 1]];
        int[] fillStart = Arrays.copyOf(startAt, size + 1);
        int[] fillEnd = Arrays.copyOf(endAt, size + 1);
        for (int i = 0; i < size; i++) {
            int[] r = rows[i];
            for (int k = 0; k < r.length; k += 2) {
                starts[fillStart[r[k]]++] = i;
                ends[fillEnd[r[k + 1]]++] = i;
            }
        }
        int[][] out = new int[size][];
        ActiveRows active = new ActiveRows();
        int[] current = IntervalRow.EMPTY;
        for (int c = 0; c < size; c++) {
            boolean changed = false;
            for (int k = endAt[c]; k < endAt[c + 1]; k++) {
                active.remove(ends[k]);
                changed = true;
            }
            for (int k = startAt[c]; k < startAt[c + 1]; k++) {
                active.add(starts[k]);
                changed = true;
            }
            if (changed) {
                current = active.toRow();
            }
            out[c] = current;
        }
        return out;
    }

    /** {@code counts} turned into start offsets: {@code out[c]} is the sum of the counts before c; length + 1. */
    private static int[] offsets(int[] counts) {
        int[] out = new int[counts.length + 1];
        for (int c = 0; c < counts.length; c++) {
            out[c + 1] = out[c] + counts[c];
        }
        return out;
    }

    /** A set of row numbers as intervals, with single numbers added and removed ({@link #converse}). */
    private static final class ActiveRows {
        private final TreeMap<Integer, Integer> intervals = new TreeMap<>();

        void add(int i) {
            Map.Entry<Integer, Integer> left = intervals.floorEntry(i);
            Integer right = intervals.get(i + 1);
            if (left != null && left.getValue() == i) {
                intervals.put(left.getKey(), right != null ? right : i + 1);
                if (right != null) {
                    intervals.remove(i + 1);
                }
            } else if (right != null) {
                intervals.remove(i + 1);
                intervals.put(i, right);
            } else {
                intervals.put(i, i + 1);
            }
        }

        void remove(int i) {
            Map.Entry<Integer, Integer> e = intervals.floorEntry(i);
            int lo = e.getKey();
            int hi = e.getValue();
            intervals.remove(lo);
            if (lo < i) {
                intervals.put(lo, i);
            }
            if (i + 1 < hi) {
                intervals.put(i + 1, hi);
            }
        }

        int[] toRow() {
            if (intervals.isEmpty()) {
                return IntervalRow.EMPTY;
            }
            int[] out = new int[2 * intervals.size()];
            int n = 0;
            for (Map.Entry<Integer, Integer> e : intervals.entrySet()) {
                out[n++] = e.getKey();
                out[n++] = e.getValue();
            }
            return out;
        }
    }
}
