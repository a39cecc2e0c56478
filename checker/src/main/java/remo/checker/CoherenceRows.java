package remo.checker;

import remo.models.algebra.BitMatrix;
import remo.models.algebra.IntervalRow;
import remo.models.algebra.Relation;

/**
 * {@link CoherenceRules}' order rules a member at a time, for universes beyond
 * {@link Relation#denseLimit()} events ({@link ChoiceIndex#byRows}): the same forced pairs and the
 * same known pairs, computed as rows of intervals ({@link IntervalRow}) instead of a test per pair
 * of members. A location of n writes in program order has rows of a few intervals each, so the
 * rules cost O(n log n) per application instead of n² pair tests (issue 28: one thread of n
 * stores).
 */
final class CoherenceRows {
    private CoherenceRows() {
    }

    private static final int[] NONE = new int[0];

    /** Forced co and rao pairs, as {@link CoherenceRules}' pair-by-pair rule finds them. */
    static CoherenceRules.Result orders(CoherenceRules rules, CoherenceRules.Rule rule, CoherenceRules.Converses conv,
                                        BitMatrix c, PartialCandidate node) {
        ChoiceIndex space = rules.space;
        boolean changed = false;
        if (rule.co() != null || rule.fr() != null) {
            for (int l = 0; l < node.co.length; l++) {
                CoherenceRules.Result r = forced(rules, node.co[l], space.coMembers[l], conv.coBefore(), conv.frBefore(), c, node);
                if (r == CoherenceRules.Result.CONFLICT) {
                    return r;
                }
                changed |= r == CoherenceRules.Result.CHANGED;
            }
        }
        if (rule.rao() != null) {
            for (int k = 0; k < node.rao.length; k++) {
                CoherenceRules.Result r = forced(rules, node.rao[k], space.raoMembers[k], conv.raoBefore(), null, c, node);
                if (r == CoherenceRules.Result.CONFLICT) {
                    return r;
                }
                changed |= r == CoherenceRules.Result.CHANGED;
            }
        }
        return changed ? CoherenceRules.Result.CHANGED : CoherenceRules.Result.UNCHANGED;
    }

    /**
     * For each surely existing member {@code a}: the surely existing members {@code b} not yet
     * ordered with it such that {@code co(b, a)} enters the check directly while the closure has
     * {@code (a, b)}, or a reader {@code r} of {@code b} has {@code fr(r, a)} directly while the
     * closure has {@code (a, r)}; all are required after {@code a} at once.
     */
    private static CoherenceRules.Result forced(CoherenceRules rules, OrderKnowledge o, OrderMembers m,
                                                Relation directBefore, Relation frBefore, BitMatrix c,
                                                PartialCandidate node) {
        int k = m.size();
        int[] sure = m.existing(node.existence, true);
        Relation knownBefore = null;
        int[] from = new int[8];
        int[][] later = new int[8][];
        int count = 0;
        for (int a = 0; a < k; a++) {
            if ((a & 4095) == 4095) {
                rules.budget.checkTime(); // a long order: the time limit holds within one pass
            }
            int ea = m.events[a];
            if (node.existence[ea] != 1) {
                continue;
            }
            int[] open = IntervalRow.difference(IntervalRow.difference(sure, o.after(a)), IntervalRow.range(a, a + 1));
            if (open.length == 0) {
                continue;
            }
            if (knownBefore == null) {
                knownBefore = o.knownPairs().converse();
            }
            open = IntervalRow.difference(open, knownBefore.row(a));
            if (open.length == 0) {
                continue;
            }
            int[] closed = c.row(ea);
            int[] forced = directBefore == null ? NONE
                    : IntervalRow.intersection(open, m.toSlots(IntervalRow.intersection(closed, directBefore.row(ea))));
            if (frBefore != null) {
                int[] readers = IntervalRow.intersection(closed, frBefore.row(ea));
                for (int i = 0; i < readers.length; i += 2) {
                    for (int r = readers[i]; r < readers[i + 1]; r++) {
                        int src = node.source[r];
                        if (src < 0 || node.existence[r] != 1) {
                            continue;
                        }
                        int slot = rules.space.writeSlot[src];
                        if (slot >= 0 && slot < k && m.events[slot] == src && IntervalRow.contains(open, slot)) {
                            forced = IntervalRow.with(forced, slot);
                        }
                    }
                }
            }
            if (forced.length > 0) {
                if (count == from.length) {
                    from = java.util.Arrays.copyOf(from, 2 * count);
                    later = java.util.Arrays.copyOf(later, 2 * count);
                }
                from[count] = a;
                later[count] = forced;
                count++;
            }
        }
        if (count == 0) {
            return CoherenceRules.Result.UNCHANGED;
        }
        return o.requireRows(from, later, count) ? CoherenceRules.Result.CHANGED : CoherenceRules.Result.CONFLICT;
    }

    /**
     * Adds to closure {@code c} the pairs that known co and rao pairs put into the check's relation
     * directly (the pair itself, and the fr pairs of the earlier write's readers), then closes it
     * once.
     *
     * @return false if that closes a cycle
     */
    static boolean addKnownPairs(CoherenceRules rules, CoherenceRules.Rule rule, BitMatrix c, PartialCandidate node) {
        ChoiceIndex space = rules.space;
        boolean any = false;
        for (int l = 0; l < node.co.length && (rule.co() != null || rule.fr() != null); l++) {
            any |= addOrderPairs(rules, node.co[l], space.coMembers[l], rule.co(), rule.fr(), c, node);
        }
        for (int k = 0; k < node.rao.length && rule.rao() != null; k++) {
            any |= addOrderPairs(rules, node.rao[k], space.raoMembers[k], rule.rao(), null, c, node);
        }
        return !any || c.closeTransitively();
    }

    /** Adds the rows of one order's known pairs to {@code c} (not closed); whether any pair was new. */
    private static boolean addOrderPairs(CoherenceRules rules, OrderKnowledge o, OrderMembers m, Relation direct,
                                         Relation fr, BitMatrix c, PartialCandidate node) {
        boolean any = false;
        int[] sure = m.existing(node.existence, true);
        for (int a = 0; a < m.size(); a++) {
            if ((a & 4095) == 4095) {
                rules.budget.checkTime();
            }
            int ea = m.events[a];
            if (node.existence[ea] != 1) {
                continue;
            }
            int[] later = IntervalRow.intersection(o.after(a), sure);
            if (later.length == 0) {
                continue;
            }
            int[] events = m.toEvents(later);
            if (direct != null) {
                any |= addNew(c, ea, IntervalRow.intersection(events, direct.row(ea)));
            }
            for (int r = fr == null ? -1 : rules.firstReader[ea]; r >= 0; r = rules.nextReader[r]) {
                any |= addNew(c, r, IntervalRow.intersection(events, fr.row(r)));
            }
        }
        return any;
    }

    private static boolean addNew(BitMatrix c, int from, int[] to) {
        if (to.length == 0) {
            return false;
        }
        int[] fresh = IntervalRow.difference(to, c.row(from));
        if (fresh.length == 0) {
            return false;
        }
        c.addRow(from, fresh);
        return true;
    }
}
