package remo.checker;

import java.util.Arrays;
import remo.models.algebra.BitMatrix;

/**
 * What a partial candidate knows about one strict total order: the {@code co} of one location
 * (member 0 is its initial write) or the {@code rao} of one class (models.md §4.1). Members are
 * placed one at a time by insertion into the order of the members placed so far, so every total
 * order is reached by exactly one sequence of positions whatever the insertion sequence; besides
 * that, the known pairs hold pairs that every consistent completion must have (derived by
 * {@link CoherenceRules}), transitively closed. A placed member's position respects the known pairs.
 *
 * <p>Invariants the operations rely on: the known pairs are transitively closed and acyclic, and
 * the placed members are pairwise ordered by them in their placed order (placing a member orders
 * it against every placed one). So a member's place is fixed by its placed neighbours alone, and
 * a member known after the last placed one goes at the end in O(1): a location of n writes in
 * program order is placed in O(n), and its known pairs (a {@link BitMatrix}, rows of intervals
 * beyond {@link remo.models.algebra.Relation#denseLimit()} members) cost O(n) words.
 *
 * <p>Mutable; {@link #copy()} before branching.
 */
final class OrderKnowledge {
    private final int size;
    /** (a, b) set: a is known to come before b. */
    private final BitMatrix before;
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
        this.before = BitMatrix.empty(size);
        this.placed = new int[size];
        this.isPlaced = new boolean[size];
        if (firstHead && size > 0) {
            before.setRange(0, 1, size);
            placed[0] = 0;
            placedCount = 1;
            isPlaced[0] = true;
        }
    }

    private OrderKnowledge(OrderKnowledge o) {
        this.size = o.size;
        this.before = o.before.copy();
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
        return before.get(a, b);
    }

    /** The members known to come after {@code a}, as intervals ({@link remo.models.algebra.IntervalRow}). */
    int[] after(int a) {
        return before.row(a);
    }

    /** The known pairs, immutable: for the members known before one, {@code knownPairs().converse()}. */
    remo.models.algebra.Relation knownPairs() {
        return before.toRelation();
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
     * @return {@code false} if that contradicts a known pair (no consistent completion); nothing
     *         is recorded then
     */
    boolean require(int a, int b) {
        return before.add(a, b);
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
                before.set(a, b);
                any = true;
            }
        }
        return !any || before.closeTransitively();
    }

    /**
     * Records that each member {@code members[i]} comes before every member of {@code later[i]}
     * (intervals of members, none of them known in either direction with {@code members[i]}),
     * and closes transitively once: {@link #requireAll} a row at a time.
     *
     * @return {@code false} if they contradict each other or the known pairs
     */
    boolean requireRows(int[] members, int[][] later, int count) {
        for (int i = 0; i < count; i++) {
            before.addRow(members[i], later[i]);
        }
        return count == 0 || before.closeTransitively();
    }

    /**
     * The insertion indices allowed for unplaced member {@code m} by the known pairs: {@code m}
     * may be inserted at any index in {@code [lo, hi]} of the placed order (index i: before the
     * member now at i). {@code lo} is after the last placed member known before {@code m}, found
     * from the end; {@code hi} at the first placed member from {@code lo} on known after it (by
     * the invariants none before {@code lo} is).
     *
     * @return {@code {lo, hi}}; {@code hi < lo} if no position is left
     */
    int[] positions(int m) {
        int lo = 0;
        for (int i = placedCount - 1; i >= 0; i--) {
            if (before(placed[i], m)) {
                lo = i + 1;
                break;
            }
        }
        int hi = placedCount;
        for (int i = lo; i < placedCount; i++) {
            if (before(m, placed[i])) {
                hi = i;
                break;
            }
        }
        return new int[] {lo, hi};
    }

    /**
     * Places {@code m} at insertion index {@code index} (one of {@link #positions}): it comes after
     * the placed member at {@code index - 1} and before the one at {@code index}, and so, by
     * transitivity, after and before every placed member on either side.
     *
     * @return {@code false} if the position contradicts a known pair
     */
    boolean place(int m, int index) {
        if (index > 0 && !before.add(placed[index - 1], m)) {
            return false;
        }
        if (index < placedCount && !before.add(m, placed[index])) {
            return false;
        }
        System.arraycopy(placed, index, placed, index + 1, placedCount - index);
        placed[index] = m;
        placedCount++;
        isPlaced[m] = true;
        return true;
    }
}
