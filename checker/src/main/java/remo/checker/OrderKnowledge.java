package remo.checker;

import java.util.Arrays;

/**
 * What a partial candidate knows about one strict total order: the {@code co} of one location
 * (member 0 is its initial write) or the {@code rao} of one class (models.md §4.1). Members are
 * placed one at a time by insertion into the order of the members placed so far, so every total
 * order is reached by exactly one sequence of positions whatever the insertion sequence; besides
 * that, the known pairs hold pairs that every consistent completion must have (derived by
 * {@link CoherenceRules}), transitively closed. A placed member's position respects the known pairs.
 *
 * <p>Mutable; {@link #copy()} before branching.
 */
final class OrderKnowledge {
    private final int size;
    private final int words;
    /** before[a * words + b / 64] bit b: a is known to come before b. */
    private final long[] before;
    /** The placed members in order. */
    private final int[] placed;
    private int placedCount;
    private final boolean[] isPlaced;

    /**
     * @param size      number of members
     * @param firstHead whether member 0 comes first (the initial write of a {@code co}), placed
     */
    OrderKnowledge(int size, boolean firstHead) {
        this.size = size;
        this.words = (size + 63) >>> 6;
        this.before = new long[size * words];
        this.placed = new int[size];
        this.isPlaced = new boolean[size];
        if (firstHead && size > 0) {
            for (int b = 1; b < size; b++) {
                set(0, b);
            }
            placed[0] = 0;
            placedCount = 1;
            isPlaced[0] = true;
        }
    }

    private OrderKnowledge(OrderKnowledge o) {
        this.size = o.size;
        this.words = o.words;
        this.before = o.before.clone();
        this.placed = o.placed.clone();
        this.placedCount = o.placedCount;
        this.isPlaced = o.isPlaced.clone();
    }

    OrderKnowledge copy() {
        return new OrderKnowledge(this);
    }

    int size() {
        return size;
    }

    boolean before(int a, int b) {
        return (before[a * words + (b >>> 6)] & (1L << b)) != 0;
    }

    private void set(int a, int b) {
        before[a * words + (b >>> 6)] |= 1L << b;
    }

    /** Whether member {@code m} has been placed. */
    boolean isPlaced(int m) {
        return isPlaced[m];
    }

    /** Number of placed members. */
    int placedCount() {
        return placedCount;
    }

    /** The placed members in order (a copy). */
    int[] placedOrder() {
        return Arrays.copyOf(placed, placedCount);
    }

    /**
     * Records that {@code a} comes before {@code b}, with the pairs transitivity implies.
     *
     * @return {@code false} if that contradicts a known pair (no consistent completion)
     */
    boolean require(int a, int b) {
        if (before(a, b)) {
            return true;
        }
        if (a == b || before(b, a)) {
            return false;
        }
        long[] down = downSet(a);
        long[] up = upSet(b);
        return join(down, up);
    }

    /**
     * Records a batch of pairs {@code (pairs[2i], pairs[2i+1])} and closes transitively once.
     *
     * @return {@code false} if they contradict the known pairs or each other
     */
    boolean requireAll(int[] pairs, int count) {
        boolean any = false;
        for (int i = 0; i < count; i++) {
            int a = pairs[2 * i];
            int b = pairs[2 * i + 1];
            if (!before(a, b)) {
                if (a == b || before(b, a)) {
                    return false;
                }
                set(a, b);
                any = true;
            }
        }
        if (!any) {
            return true;
        }
        for (int k = 0; k < size; k++) {
            int kb = k * words;
            long kbit = 1L << k;
            int kw = k >>> 6;
            for (int i = 0; i < size; i++) {
                int ib = i * words;
                if ((before[ib + kw] & kbit) != 0) {
                    for (int m = 0; m < words; m++) {
                        before[ib + m] |= before[kb + m];
                    }
                }
            }
        }
        for (int x = 0; x < size; x++) {
            if (before(x, x)) {
                return false;
            }
        }
        return true;
    }

    /** {@code a} and every member known before it. */
    private long[] downSet(int a) {
        long[] d = new long[words];
        d[a >>> 6] |= 1L << a;
        for (int x = 0; x < size; x++) {
            if (before(x, a)) {
                d[x >>> 6] |= 1L << x;
            }
        }
        return d;
    }

    /** {@code b} and every member known after it. */
    private long[] upSet(int b) {
        long[] u = new long[words];
        u[b >>> 6] |= 1L << b;
        for (int m = 0; m < words; m++) {
            u[m] |= before[b * words + m];
        }
        return u;
    }

    /** Every member of {@code down} before every member of {@code up}; false if they meet. */
    private boolean join(long[] down, long[] up) {
        for (int m = 0; m < words; m++) {
            if ((down[m] & up[m]) != 0) {
                return false;
            }
        }
        for (int m = 0; m < words; m++) {
            long w = down[m];
            while (w != 0) {
                int x = (m << 6) + Long.numberOfTrailingZeros(w);
                w &= w - 1;
                int base = x * words;
                for (int k = 0; k < words; k++) {
                    before[base + k] |= up[k];
                }
            }
        }
        return true;
    }

    /** Like {@link #join} where {@code down} and {@code up} share only {@code self}. */
    private boolean joinAllowingSelf(long[] down, long[] up, int self) {
        for (int m = 0; m < words; m++) {
            long both = down[m] & up[m];
            if (m == self >>> 6) {
                both &= ~(1L << self);
            }
            if (both != 0) {
                return false;
            }
        }
        for (int m = 0; m < words; m++) {
            long w = down[m];
            while (w != 0) {
                int x = (m << 6) + Long.numberOfTrailingZeros(w);
                w &= w - 1;
                int base = x * words;
                for (int k = 0; k < words; k++) {
                    before[base + k] |= up[k];
                }
            }
        }
        before[self * words + (self >>> 6)] &= ~(1L << self);
        return true;
    }

    /**
     * The insertion indices allowed for unplaced member {@code m} by the known pairs: {@code m}
     * may be inserted at any index in {@code [lo, hi]} of the placed order (index i: before the
     * member now at i).
     *
     * @return {@code {lo, hi}}; {@code hi < lo} if no position is left
     */
    int[] positions(int m) {
        int lo = 0;
        int hi = placedCount;
        for (int i = 0; i < placedCount; i++) {
            int p = placed[i];
            if (before(p, m)) {
                lo = i + 1;
            }
        }
        for (int i = placedCount - 1; i >= 0; i--) {
            if (before(m, placed[i])) {
                hi = i;
            }
        }
        return new int[] {lo, hi};
    }

    /**
     * Places {@code m} at insertion index {@code index} (one of {@link #positions}).
     *
     * @return {@code false} if the position contradicts a known pair
     */
    boolean place(int m, int index) {
        boolean known = true;
        for (int i = 0; i < placedCount && known; i++) {
            known = i < index ? before(placed[i], m) : before(m, placed[i]);
        }
        if (!known) {
            // m after the placed member at index-1 and what precedes it, before the one at index
            long[] down = downSet(m);
            if (index > 0) {
                long[] pre = downSet(placed[index - 1]);
                for (int k = 0; k < words; k++) {
                    down[k] |= pre[k];
                }
            }
            long[] up = upSet(m);
            if (index < placedCount) {
                long[] post = upSet(placed[index]);
                for (int k = 0; k < words; k++) {
                    up[k] |= post[k];
                }
            }
            // down and up now hold m; everything of down before everything of up, except (m, m)
            if (!joinAllowingSelf(down, up, m)) {
                return false;
            }
        }
        System.arraycopy(placed, index, placed, index + 1, placedCount - index);
        placed[index] = m;
        placedCount++;
        isPlaced[m] = true;
        return true;
    }
}
