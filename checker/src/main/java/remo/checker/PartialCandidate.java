package remo.checker;

import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.IntervalRow;
import remo.models.algebra.Relation;

/**
 * One node of the exploration: a partial candidate execution (models.md §4). It holds the
 * reads-from choices made so far with the options each open read has left, what is known of
 * every {@code co} and {@code rao} order ({@link OrderKnowledge}), and what is known of the
 * existence of the conditional writes. It describes the set of its completions by lower and upper
 * bounds ({@link #witnesses}), which the model's checks are evaluated on.
 *
 * <p>Mutable; {@link #copy()} before branching.
 */
final class PartialCandidate {
    private final ChoiceIndex space;
    /** Per event: the source write of a read, or -1 (undecided, or not a read). */
    final int[] source;
    /** Per read index: the candidate indices still allowed, as a bit set. */
    private final long[][] options;
    final OrderKnowledge[] co;
    final OrderKnowledge[] rao;
    /** Per event: 1 exists, 0 does not, -1 unknown (conditional writes, events of guarded x86 instructions). */
    final byte[] existence;

    PartialCandidate(ChoiceIndex space) {
        this.space = space;
        source = new int[space.size];
        java.util.Arrays.fill(source, -1);
        options = new long[space.reads.length][];
        for (int i = 0; i < options.length; i++) {
            int k = space.sources[i].length;
            options[i] = new long[(k + 63) >>> 6];
            for (int j = 0; j < k; j++) {
                options[i][j >>> 6] |= 1L << j;
            }
        }
        co = new OrderKnowledge[space.locationWrites.length];
        for (int l = 0; l < co.length; l++) {
            co[l] = new OrderKnowledge(space.locationWrites[l].length, true);
        }
        rao = new OrderKnowledge[space.raoClasses.length];
        for (int c = 0; c < rao.length; c++) {
            rao[c] = new OrderKnowledge(space.raoClasses[c].length, false);
        }
        existence = new byte[space.size];
        for (int e = 0; e < space.size; e++) {
            existence[e] = (byte) (space.conditional[e] ? -1 : 1);
        }
    }

    private PartialCandidate(PartialCandidate p) {
        space = p.space;
        source = p.source.clone();
        options = new long[p.options.length][];
        for (int i = 0; i < options.length; i++) {
            options[i] = p.options[i].clone();
        }
        co = new OrderKnowledge[p.co.length];
        for (int l = 0; l < co.length; l++) {
            co[l] = p.co[l].copy();
        }
        rao = new OrderKnowledge[p.rao.length];
        for (int c = 0; c < rao.length; c++) {
            rao[c] = p.rao[c].copy();
        }
        existence = p.existence.clone();
    }

    PartialCandidate copy() {
        return new PartialCandidate(this);
    }

    boolean decided(int read) {
        return source[space.reads[read]] >= 0;
    }

    /** Whether candidate {@code j} of read {@code i} is still allowed (and may exist). */
    boolean allows(int i, int j) {
        return (options[i][j >>> 6] & (1L << j)) != 0 && existence[space.sources[i][j]] != 0;
    }

    /** Removes candidate {@code j} from read {@code i}'s options. */
    void exclude(int i, int j) {
        options[i][j >>> 6] &= ~(1L << j);
    }

    /** Number of options left to undecided read {@code i}. */
    int optionCount(int i) {
        int c = 0;
        for (int j = 0; j < space.sources[i].length; j++) {
            if (allows(i, j)) {
                c++;
            }
        }
        return c;
    }

    /** Read {@code i} (which exists) reads from its candidate {@code j}; a conditional source must then exist. */
    void choose(int i, int j) {
        int w = space.sources[i][j];
        source[space.reads[i]] = w;
        if (existence[w] < 0) {
            existence[w] = 1;
        }
    }

    /**
     * Takes in what the values fixed so far say about existence.
     *
     * @return {@code false} if a write that some read has chosen surely does not exist
     */
    boolean absorb(ValueSolver.PartialValues values) {
        byte[] known = values.existence();
        for (int e = 0; e < known.length; e++) {
            if (known[e] >= 0 && existence[e] != known[e]) {
                if (existence[e] >= 0) {
                    return false;
                }
                existence[e] = known[e];
            }
        }
        return settleAbsentReads();
    }

    /**
     * Gives every read that surely does not exist its first source, as the plain enumeration does
     * (its source means nothing, and one choice stands for the candidate).
     *
     * @return {@code false} if such a read already has another source (the candidate is counted
     *         on the path with its first source)
     */
    boolean settleAbsentReads() {
        for (int i = 0; i < space.reads.length; i++) {
            int r = space.reads[i];
            if (existence[r] == 0) {
                if (source[r] < 0) {
                    source[r] = space.sources[i][0];
                } else if (source[r] != space.sources[i][0]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether every choice is made: rf of every read, every existing write and every NAR placed. */
    boolean isComplete() {
        for (int r : space.reads) {
            if (source[r] < 0) {
                return false;
            }
        }
        for (int l = 0; l < co.length; l++) {
            int[] ws = space.locationWrites[l];
            for (int k = 0; k < ws.length; k++) {
                if (existence[ws[k]] < 0 || (existence[ws[k]] == 1 && !co[l].isPlaced(k))) {
                    return false;
                }
            }
        }
        for (OrderKnowledge o : rao) {
            if (o.placedCount() < o.size()) {
                return false;
            }
        }
        return true;
    }

    /** The events that exist in every completion. */
    EventSet existingLower() {
        return existing(true);
    }

    /** The events that exist in some completion. */
    EventSet existingUpper() {
        return existing(false);
    }

    private EventSet existing(boolean lower) {
        int n = 0;
        int[] ids = new int[space.size];
        for (int e = 0; e < space.size; e++) {
            if (lower ? existence[e] == 1 : existence[e] != 0) {
                ids[n++] = e;
            }
        }
        return EventSet.of(space.size, java.util.Arrays.copyOf(ids, n));
    }

    /**
     * Bounds on the witnesses of the completions: rf chosen so far / still possible; co and rao
     * pairs known / not excluded by a known pair (both orders are total, so a pair is impossible
     * exactly when its converse is known).
     */
    Witnesses witnesses() {
        int n = space.size;
        Relation.Builder rfLower = Relation.builder(n);
        Relation.Builder rfUpper = Relation.builder(n);
        for (int i = 0; i < space.reads.length; i++) {
            int r = space.reads[i];
            if (existence[r] == 0) {
                continue;
            }
            if (source[r] >= 0) {
                if (existence[r] == 1) {
                    rfLower.add(source[r], r);
                }
                rfUpper.add(source[r], r);
            } else {
                for (int j = 0; j < space.sources[i].length; j++) {
                    if (allows(i, j)) {
                        rfUpper.add(space.sources[i][j], r);
                    }
                }
            }
        }
        Relation.Builder coLower = Relation.builder(n);
        Relation.Builder coUpper = Relation.builder(n);
        for (int l = 0; l < co.length; l++) {
            if (space.byRows) {
                orderBoundsByRows(co[l], space.coMembers[l], true, coLower, coUpper);
            } else {
                orderBounds(co[l], space.locationWrites[l], true, coLower, coUpper);
            }
        }
        Relation.Builder raoLower = Relation.builder(n);
        Relation.Builder raoUpper = Relation.builder(n);
        for (int c = 0; c < rao.length; c++) {
            if (space.byRows) {
                orderBoundsByRows(rao[c], space.raoMembers[c], false, raoLower, raoUpper);
            } else {
                orderBounds(rao[c], space.raoClasses[c], false, raoLower, raoUpper);
            }
        }
        return new Witnesses(rfLower.build(), rfUpper.build(), coLower.build(), coUpper.build(), raoLower.build(),
                raoUpper.build());
    }

    private void orderBounds(OrderKnowledge o, int[] members, boolean headFirst, Relation.Builder lower,
                             Relation.Builder upper) {
        for (int a = 0; a < members.length; a++) {
            int ea = members[a];
            if (existence[ea] == 0) {
                continue;
            }
            for (int b = 0; b < members.length; b++) {
                int eb = members[b];
                if (a == b || existence[eb] == 0 || (headFirst && b == 0)) {
                    continue;
                }
                if (o.before(a, b)) {
                    if (existence[ea] == 1 && existence[eb] == 1) {
                        lower.add(ea, eb);
                    }
                    upper.add(ea, eb);
                } else if (!o.before(b, a)) {
                    upper.add(ea, eb);
                }
            }
        }
    }

    /**
     * {@link #orderBounds} a member at a time: the lower row of a surely existing member is the
     * members known after it that surely exist; the upper row of a member that may exist is every
     * other member that may exist and is not known before it (never the head of a co order). Each
     * row is a few intervals when the members are written in program order, so a location of n
     * writes costs O(n log n), not n² pair tests.
     */
    private void orderBoundsByRows(OrderKnowledge o, OrderMembers members, boolean headFirst, Relation.Builder lower,
                                   Relation.Builder upper) {
        int k = members.size();
        int[] sure = members.existing(existence, true);
        int[] possible = members.existing(existence, false);
        if (headFirst && k > 0) {
            sure = IntervalRow.difference(sure, IntervalRow.range(0, 1));
            possible = IntervalRow.difference(possible, IntervalRow.range(0, 1));
        }
        Relation knownBefore = o.knownPairs().converse();
        for (int a = 0; a < k; a++) {
            int ea = members.events[a];
            if (existence[ea] == 0) {
                continue;
            }
            int[] self = IntervalRow.range(a, a + 1);
            if (existence[ea] == 1) {
                lower.addRanges(ea, members.toEvents(IntervalRow.difference(IntervalRow.intersection(o.after(a), sure), self)));
            }
            int[] notBefore = IntervalRow.difference(IntervalRow.difference(possible, knownBefore.row(a)), self);
            upper.addRanges(ea, members.toEvents(notBefore));
        }
    }
}
