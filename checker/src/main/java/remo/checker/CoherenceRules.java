package remo.checker;

import java.util.ArrayList;
import java.util.List;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.DirectPairs;
import remo.models.CatCheck;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.BitMatrix;
import remo.models.algebra.Relation;
import remo.models.cat.CatStatement.CheckKind;

/**
 * Propagation for the model's acyclicity checks: from the transitive closure {@code C} of a check's
 * relation on the lower bounds, the open choices that would close a cycle are removed
 * ({@link DirectPairs} says where {@code rf}, {@code co}, {@code fr}, {@code rao} pairs enter the
 * relation). With {@code C(a, b)}:
 * <ul>
 *   <li>co (rao): if a {@code co} pair {@code (b, a)} enters directly, {@code co(a, b)} is forced;</li>
 *   <li>fr: if {@code r} reads {@code w} and an {@code fr} pair {@code (r, b)} enters directly with
 *       {@code C(b, r)}, then {@code co(w, b)} is impossible, so {@code co(b, w)} is forced;</li>
 *   <li>rf: read {@code r} cannot read {@code w} if {@code rf(w, r)} enters directly and
 *       {@code C(r, w)}, or if a write {@code b} is known co-after {@code w} with {@code fr(r, b)}
 *       entering directly and {@code C(b, r)}.</li>
 * </ul>
 * Every removed choice leaves only completions that violate the check, so the exploration stays
 * exact for any model; the rules merely save evaluating those completions.
 */
final class CoherenceRules {

    /** The direct pairs of one acyclicity check in one frame. */
    record Rule(CatCheck check, Relation rf, Relation co, Relation fr, Relation rao) {
    }

    /**
     * A rule's direct pairs, converse, for the rules a row at a time ({@link ChoiceIndex#byRows}):
     * {@code coBefore.row(a)} holds the {@code b} with {@code co(b, a)} entering directly.
     */
    record Converses(Relation coBefore, Relation frBefore, Relation raoBefore) {
        static Converses of(Rule r) {
            return new Converses(r.co == null ? null : r.co.converse(), r.fr == null ? null : r.fr.converse(),
                    r.rao == null ? null : r.rao.converse());
        }
    }

    final ChoiceIndex space;
    /** The run's limits: checked between the rules' passes and, on long orders, between rows. */
    final Budget budget;
    private final List<Rule> rules = new ArrayList<>();
    /** Per rule, its converses when the rules go a row at a time; else empty. */
    private final List<Converses> converses = new ArrayList<>();
    /** The reads of each write, as linked lists: firstReader[w], nextReader[r]. */
    final int[] firstReader;
    final int[] nextReader;

    /** The rules of {@code model}'s active acyclicity checks over {@code frame}'s universe. */
    CoherenceRules(ChoiceIndex space, CatModel model, ModelFrame frame, Budget budget) {
        this.space = space;
        this.budget = budget;
        this.firstReader = new int[space.size];
        this.nextReader = new int[space.size];
        for (CatCheck c : model.checks()) {
            if (c.kind() != CheckKind.ACYCLIC || c.negated() || !frame.isActive(c)) {
                continue;
            }
            budget.checkTime(); // each check's direct pairs are a few relations over every event
            Witnesses loose = space.loosest;
            Rule r = new Rule(c, DirectPairs.of(frame, c, Builtin.RF_REL, loose), DirectPairs.of(frame, c, Builtin.CO, loose),
                    DirectPairs.of(frame, c, Builtin.FR, loose), DirectPairs.of(frame, c, Builtin.RAO, loose));
            if (r.rf != null || r.co != null || r.fr != null || r.rao != null) {
                rules.add(r);
                if (space.byRows) {
                    converses.add(Converses.of(r));
                }
            }
        }
    }

    /** Whether {@link #apply} tests the acyclicity of check {@code c} itself. */
    boolean tests(CatCheck c) {
        for (Rule r : rules) {
            if (r.check == c) {
                return true;
            }
        }
        return false;
    }

    /** Outcome of {@link #apply}. */
    enum Result { UNCHANGED, CHANGED, CONFLICT }

    private static boolean has(Relation d, int a, int b) {
        return d != null && d.contains(a, b);
    }

    /**
     * Applies the rules to {@code node}, whose bounds {@code w} the frame has just evaluated
     * without finding a violated check among those it does not {@link #tests test} itself.
     *
     * @return {@link Result#CONFLICT} if a tested check is violated or no completion is left
     */
    Result apply(ModelFrame frame, Witnesses w, PartialCandidate node) {
        boolean changed = false;
        java.util.Arrays.fill(firstReader, -1);
        for (int r : space.reads) {
            int src = node.source[r];
            if (src >= 0 && node.existence[r] == 1) {
                nextReader[r] = firstReader[src];
                firstReader[src] = r;
            }
        }
        BitMatrix[] closures = new BitMatrix[rules.size()];
        for (int i = 0; i < closures.length; i++) {
            Relation x = frame.lowerValue(rules.get(i).check, w);
            if (x != null) {
                closures[i] = BitMatrix.of(x);
                if (!closures[i].closeTransitively()) {
                    return Result.CONFLICT;
                }
            }
        }
        // to a fixpoint: forced pairs enter the closures directly (with the fr pairs of their
        // readers), which may force more, without evaluating the model again
        boolean again = true;
        while (again) {
            again = false;
            budget.checkTime();
            for (int i = 0; i < closures.length; i++) {
                if (closures[i] == null) {
                    continue;
                }
                Result r = space.byRows ? CoherenceRows.orders(this, rules.get(i), converses.get(i), closures[i], node)
                        : orders(rules.get(i), closures[i], node);
                if (r == Result.CONFLICT) {
                    return r;
                }
                again |= r == Result.CHANGED;
                changed |= reads(rules.get(i), closures[i], node);
            }
            changed |= again;
            if (again) {
                for (int i = 0; i < closures.length; i++) {
                    if (closures[i] != null && !(space.byRows ? CoherenceRows.addKnownPairs(this, rules.get(i), closures[i], node)
                            : addKnownPairs(rules.get(i), closures[i], node))) {
                        return Result.CONFLICT;
                    }
                }
            }
        }
        return changed ? Result.CHANGED : Result.UNCHANGED;
    }

    /**
     * Adds to closure {@code c} the pairs that known co and rao pairs put into the check's
     * relation directly: the pair itself, and the fr pairs of the earlier write's readers.
     *
     * @return false if that closes a cycle
     */
    private boolean addKnownPairs(Rule rule, BitMatrix c, PartialCandidate node) {
        for (int l = 0; l < node.co.length && (rule.co != null || rule.fr != null); l++) {
            if (!addOrderPairs(node.co[l], space.locationWrites[l], rule.co, rule.fr, c, node)) {
                return false;
            }
        }
        for (int k = 0; k < node.rao.length && rule.rao != null; k++) {
            if (!addOrderPairs(node.rao[k], space.raoClasses[k], rule.rao, null, c, node)) {
                return false;
            }
        }
        return true;
    }

    private boolean addOrderPairs(OrderKnowledge o, int[] members, Relation direct, Relation fr, BitMatrix c,
                                  PartialCandidate node) {
        for (int a = 0; a < members.length; a++) {
            int ea = members[a];
            if (node.existence[ea] != 1) {
                continue;
            }
            for (int b = 0; b < members.length; b++) {
                int eb = members[b];
                if (a == b || node.existence[eb] != 1 || !o.before(a, b)) {
                    continue;
                }
                if (has(direct, ea, eb) && !c.add(ea, eb)) {
                    return false;
                }
                for (int r = fr == null ? -1 : firstReader[ea]; r >= 0; r = nextReader[r]) {
                    if (has(fr, r, eb) && !c.add(r, eb)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Forced co and rao pairs. */
    private Result orders(Rule rule, BitMatrix c, PartialCandidate node) {
        boolean changed = false;
        if (rule.co != null || rule.fr != null) {
            for (int l = 0; l < node.co.length; l++) {
                int[] pairs = forcedPairs(node.co[l], space.locationWrites[l], rule.co, rule.fr, c, node);
                if (pairs.length > 0) {
                    if (!node.co[l].requireAll(pairs, pairs.length / 2)) {
                        return Result.CONFLICT;
                    }
                    changed = true;
                }
            }
        }
        if (rule.rao != null) {
            for (int k = 0; k < node.rao.length; k++) {
                int[] pairs = forcedPairs(node.rao[k], space.raoClasses[k], rule.rao, null, c, node);
                if (pairs.length > 0) {
                    if (!node.rao[k].requireAll(pairs, pairs.length / 2)) {
                        return Result.CONFLICT;
                    }
                    changed = true;
                }
            }
        }
        return changed ? Result.CHANGED : Result.UNCHANGED;
    }

    /** Slot pairs (a, b) that every consistent completion must order a before b. */
    private int[] forcedPairs(OrderKnowledge o, int[] members, Relation direct, Relation fr, BitMatrix c,
                              PartialCandidate node) {
        int[] out = new int[16];
        int n = 0;
        int k = members.length;
        for (int a = 0; a < k; a++) {
            int ea = members[a];
            if (node.existence[ea] != 1) {
                continue;
            }
            for (int b = 0; b < k; b++) {
                int eb = members[b];
                if (a == b || node.existence[eb] != 1 || o.before(a, b) || o.before(b, a)) {
                    continue;
                }
                boolean forced = has(direct, eb, ea) && c.get(ea, eb);
                if (!forced && fr != null) {
                    // co(b, a) would put every reader of b fr-before a
                    for (int r = firstReader[eb]; r >= 0 && !forced; r = nextReader[r]) {
                        forced = has(fr, r, ea) && c.get(ea, r);
                    }
                }
                if (forced) {
                    if (2 * n + 2 > out.length) {
                        out = java.util.Arrays.copyOf(out, out.length * 2);
                    }
                    out[2 * n] = a;
                    out[2 * n + 1] = b;
                    n++;
                }
            }
        }
        return java.util.Arrays.copyOf(out, 2 * n);
    }

    /** Removes the rf options that close a cycle; whether any was removed. */
    private boolean reads(Rule rule, BitMatrix c, PartialCandidate node) {
        if (rule.rf == null && rule.fr == null) {
            return false;
        }
        boolean changed = false;
        for (int i = 0; i < space.reads.length; i++) {
            int r = space.reads[i];
            if (node.decided(i) || node.existence[r] != 1) {
                continue;
            }
            for (int j = 0; j < space.sources[i].length; j++) {
                if (!node.allows(i, j)) {
                    continue;
                }
                int w = space.sources[i][j];
                boolean out = has(rule.rf, w, r) && c.get(r, w);
                if (!out && rule.fr != null) {
                    int l = space.writeLocation[w];
                    int[] ws = space.locationWrites[l];
                    int slot = space.writeSlot[w];
                    for (int b = 0; b < ws.length && !out; b++) {
                        int eb = ws[b];
                        out = b != slot && node.existence[eb] == 1 && node.co[l].before(slot, b) && has(rule.fr, r, eb)
                                && c.get(eb, r);
                    }
                }
                if (out) {
                    node.exclude(i, j);
                    changed = true;
                }
            }
        }
        return changed;
    }
}
