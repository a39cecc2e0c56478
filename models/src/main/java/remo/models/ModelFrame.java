package remo.models;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import remo.core.FlagValues;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * Evaluates one {@link CatModel} over one {@link EventUniverse}. Values that do not depend on
 * the witnesses are computed once and memoised for the frame's lifetime (architecture.md: "evaluate
 * the model's static part once per program"); witness-dependent values are memoised per
 * evaluation, so a {@code let} used by several checks is computed once per candidate.
 *
 * <p>Not thread-safe: use one frame per thread.
 */
public final class ModelFrame {
    private static final Object EMPTY = new Object() {
        @Override
        public String toString() {
            return "0";
        }
    };

    private final CatModel model;
    private final EventUniverse universe;
    private final FlagValues flags;
    private final boolean[] skipped;
    private final Object[][] staticMemo;
    private final Object[][] dynamicMemo;
    private final int[][] dynamicStamp;
    private final Object[][] witnessMemo;
    private final int[][] witnessStamp;
    private final Object[][][] groupValue;
    private final int[][] groupStamp;
    private final Object[][][] groupCurrent;
    private int epoch = 1;
    private long deadline = Long.MAX_VALUE;
    private Witnesses witnesses;
    private boolean exact;

    ModelFrame(CatModel model, EventUniverse universe, FlagValues flags, Set<String> skippedChecks) {
        this.model = model;
        this.universe = universe;
        this.flags = flags;
        this.skipped = new boolean[model.checks().size()];
        for (CatCheck c : model.checks()) {
            skipped[c.index()] = !c.appliesUnder(flags)
                    || (!skippedChecks.isEmpty() && c.skipNames().stream().anyMatch(skippedChecks::contains));
        }
        int n = model.nodeCount;
        staticMemo = new Object[2][n];
        dynamicMemo = new Object[2][n];
        dynamicStamp = new int[2][n];
        int b = Builtin.values().length;
        witnessMemo = new Object[2][b];
        witnessStamp = new int[2][b];
        groupValue = new Object[2][model.groupCount][];
        groupStamp = new int[2][model.groupCount];
        groupCurrent = new Object[2][model.groupCount][];
    }

    /**
     * Sets a deadline ({@link System#nanoTime()} value): evaluations on large universes check it
     * before each costly operation and throw {@link EvaluationTimeoutException} once it has passed.
     */
    public void setDeadline(long nanoTime) {
        this.deadline = nanoTime;
    }

    /** The model evaluated by this frame. */
    public CatModel model() {
        return model;
    }

    /**
     * Evaluates every consistency check on a complete candidate, and, if it is consistent, every
     * flag check.
     *
     * @param w exact witnesses ({@link Witnesses#exact})
     * @return consistency, the first failing check, and the raised flags
     */
    public CheckOutcome check(Witnesses w) {
        begin(w, true);
        CatCheck failed = null;
        for (CatCheck c : model.checks()) {
            if (!skipped[c.index()] && !holds(c, Bound.LOWER)) {
                failed = c;
                break;
            }
        }
        List<CatCheck> raised = new ArrayList<>();
        if (failed == null) {
            for (CatCheck f : model.flagChecks()) {
                if (f.appliesUnder(flags) && holds(f, Bound.LOWER)) {
                    raised.add(f);
                }
            }
        }
        return new CheckOutcome(failed == null, failed, raised);
    }

    /**
     * Looks for a consistency check that fails on every completion of a partial candidate.
     *
     * @param w bounds on the witnesses (lower: fixed so far; upper: possible)
     * @return a check that is violated whatever the remaining choices, or {@code null} if none is
     *         known to be
     */
    public CatCheck definitelyViolated(Witnesses w) {
        return definitelyViolated(w, c -> false);
    }

    /**
     * {@link #definitelyViolated(Witnesses)}, leaving the property of the checks in
     * {@code testedByCaller} to the caller: their relations are evaluated (and then available
     * through {@link #lowerValue}) but not tested, for a caller that tests acyclicity on its own
     * closure of the relation.
     */
    public CatCheck definitelyViolated(Witnesses w, java.util.function.Predicate<CatCheck> testedByCaller) {
        begin(w, false);
        for (CatCheck c : model.checks()) {
            if (skipped[c.index()]) {
                continue;
            }
            if (testedByCaller.test(c)) {
                eval(c.expr, c.negated() ? Bound.UPPER : Bound.LOWER);
                continue;
            }
            // a positive check fails for sure if it fails on the lower bound; a negated one if
            // the un-negated property holds on the upper bound
            Object v = eval(c.expr, c.negated() ? Bound.UPPER : Bound.LOWER);
            if (propertyHolds(c, v) == c.negated()) {
                return c;
            }
        }
        return null;
    }

    /**
     * Evaluates a named {@code let} binding (or a built-in) on a complete candidate, for graph
     * output ({@code --show NAME}).
     *
     * @return the relation, or {@code null} if the name is unknown or denotes a set
     */
    public Relation relation(String name, Witnesses w) {
        Node n = model.binding(name).orElse(null);
        if (n == null) {
            Builtin b = Builtin.byCatName(name);
            if (b == null || b.isSet()) {
                return null;
            }
            begin(w, true);
            Object v = builtin(b, Bound.LOWER);
            return v instanceof Relation r ? r : Relation.empty(universe.size());
        }
        if (n.type == Node.Type.SET) {
            return null;
        }
        begin(w, true);
        Object v = eval(n, Bound.LOWER);
        return v instanceof Relation r ? r : Relation.empty(universe.size());
    }

    /**
     * The relation whose cycle (acyclic), loop (irreflexive) or pairs (empty) make check {@code c}
     * fail on a complete candidate; for graph output and messages.
     *
     * @return the checked relation, or {@code null} if the check is on a set
     */
    public Relation checkedRelation(CatCheck c, Witnesses w) {
        begin(w, true);
        Object v = eval(c.expr, Bound.LOWER);
        if (v == EMPTY) {
            return Relation.empty(universe.size());
        }
        return v instanceof Relation r ? r : null;
    }

    /**
     * The relation a consistency check tests, evaluated on the lower bounds of a partial candidate
     * (pairs present in every completion). Right after {@link #definitelyViolated} with the same
     * {@code w} the memoised values are reused.
     *
     * @return the relation, or {@code null} if the check is on a set
     */
    public Relation lowerValue(CatCheck c, Witnesses w) {
        if (w != witnesses || exact) {
            begin(w, false);
        }
        Object v = eval(c.expr, Bound.LOWER);
        if (v == EMPTY) {
            return Relation.empty(universe.size());
        }
        return v instanceof Relation r ? r : null;
    }

    /** Whether consistency check {@code c} is evaluated (not skipped with {@code --skipcheck}). */
    public boolean isActive(CatCheck c) {
        return !c.isFlag() && !skipped[c.index()];
    }

    /** The universe the frame evaluates over. */
    EventUniverse universe() {
        return universe;
    }

    /** The flag values deciding {@code if} variants. */
    FlagValues flags() {
        return flags;
    }

    /** Evaluates node {@code n} on bound {@code b} of {@code w}, in a new evaluation epoch. */
    Object valueUnder(Node n, Witnesses w, Bound b) {
        begin(w, false);
        Object v = eval(n, b);
        return v == EMPTY ? null : v;
    }

    private void begin(Witnesses w, boolean exactBounds) {
        this.witnesses = w;
        this.exact = exactBounds;
        epoch++;
    }

    private boolean holds(CatCheck c, Bound b) {
        boolean p = propertyHolds(c, eval(c.expr, b));
        return c.negated() != p;
    }

    private static boolean propertyHolds(CatCheck c, Object v) {
        if (v == EMPTY) {
            return true;
        }
        switch (c.kind()) {
            case ACYCLIC:
                return ((Relation) v).isAcyclic();
            case IRREFLEXIVE:
                return ((Relation) v).isIrreflexive();
            case EMPTY:
                return v instanceof Relation r ? r.isEmpty() : ((EventSet) v).isEmpty();
            default:
                throw new AssertionError(c.kind());
        }
    }

    // ------------------------------------------------------------------ evaluation

    Object evalStatic(Node n, Bound b) {
        return eval(n, b);
    }

    private Object eval(Node n, Bound b) {
        if (exact) {
            b = Bound.LOWER;
        }
        int bi = b.ordinal();
        if (n.inRec || n.op == Node.Op.REC_VAR) {
            // a let rec variable is read from its group's current iterate while the group's fixpoint
            // is computed, so it must not be memoised as an ordinary node (recursive() caches groups)
            return compute(n, b);
        }
        if (!n.dynamic) {
            Object v = staticMemo[bi][n.id];
            if (v == null) {
                v = compute(n, b);
                staticMemo[bi][n.id] = v;
            }
            return v;
        }
        if (dynamicStamp[bi][n.id] == epoch) {
            return dynamicMemo[bi][n.id];
        }
        Object v = compute(n, b);
        dynamicMemo[bi][n.id] = v;
        dynamicStamp[bi][n.id] = epoch;
        return v;
    }

    private EventSet all(Bound b) {
        return universe.set(Builtin.ALL, b);
    }

    private Object compute(Node n, Bound b) {
        if (deadline != Long.MAX_VALUE && universe.size() > 64 && System.nanoTime() > deadline) {
            throw new EvaluationTimeoutException();
        }
        switch (n.op) {
            case BUILTIN:
                return builtin(n.builtin, b);
            case EMPTY:
                return EMPTY;
            case UNION: {
                Object l = eval(n.left, b);
                Object r = eval(n.right, b);
                if (l == EMPTY) {
                    return r;
                }
                if (r == EMPTY) {
                    return l;
                }
                return l instanceof Relation lr ? lr.union((Relation) r) : ((EventSet) l).union((EventSet) r);
            }
            case INTERSECTION: {
                Object l = eval(n.left, b);
                if (l == EMPTY) {
                    return EMPTY;
                }
                Object r = eval(n.right, b);
                if (r == EMPTY) {
                    return EMPTY;
                }
                return l instanceof Relation lr ? lr.intersection((Relation) r) : ((EventSet) l).intersection((EventSet) r);
            }
            case DIFFERENCE: {
                Object l = eval(n.left, b);
                if (l == EMPTY) {
                    return EMPTY;
                }
                Object r = eval(n.right, b.flip());
                if (r == EMPTY) {
                    return l;
                }
                return l instanceof Relation lr ? lr.difference((Relation) r) : ((EventSet) l).difference((EventSet) r);
            }
            case SEQUENCE: {
                Object l = eval(n.left, b);
                if (l == EMPTY) {
                    return EMPTY;
                }
                Object r = eval(n.right, b);
                if (r == EMPTY) {
                    return EMPTY;
                }
                return ((Relation) l).compose((Relation) r);
            }
            case PRODUCT: {
                Object l = eval(n.left, b);
                Object r = eval(n.right, b);
                if (l == EMPTY || r == EMPTY) {
                    return EMPTY;
                }
                return Relation.product((EventSet) l, (EventSet) r);
            }
            case COMPLEMENT: {
                Object v = eval(n.left, b.flip());
                if (n.type == Node.Type.SET) {
                    return v == EMPTY ? all(b) : all(b).difference((EventSet) v);
                }
                return v == EMPTY ? Relation.product(all(b), all(b)) : ((Relation) v).complement(all(b));
            }
            case PLUS: {
                Object v = eval(n.left, b);
                return v == EMPTY ? EMPTY : ((Relation) v).transitiveClosure();
            }
            case STAR: {
                Object v = eval(n.left, b);
                return v == EMPTY ? Relation.identity(all(b)) : ((Relation) v).reflexiveTransitiveClosure(all(b));
            }
            case OPTION: {
                Object v = eval(n.left, b);
                return v == EMPTY ? Relation.identity(all(b)) : ((Relation) v).reflexiveClosure(all(b));
            }
            case INVERSE: {
                Object v = eval(n.left, b);
                return v == EMPTY ? EMPTY : ((Relation) v).converse();
            }
            case IDENTITY_OF: {
                Object v = eval(n.left, b);
                return v == EMPTY ? EMPTY : Relation.identity((EventSet) v);
            }
            case DOMAIN: {
                Object v = eval(n.left, b);
                return v == EMPTY ? EMPTY : ((Relation) v).domain();
            }
            case RANGE: {
                Object v = eval(n.left, b);
                return v == EMPTY ? EMPTY : ((Relation) v).range();
            }
            case IF:
                return n.condition.eval(flags) ? eval(n.left, b) : eval(n.right, b);
            case REC_VAR:
                return recursive(n, b);
            default:
                throw new AssertionError(n.op);
        }
    }

    private Object recursive(Node var, Bound b) {
        Node.RecGroup g = var.group;
        int bi = b.ordinal();
        if (groupCurrent[bi][g.id] != null) {
            return groupCurrent[bi][g.id][var.recIndex];
        }
        boolean cacheable = !g.dynamic;
        if (groupValue[bi][g.id] != null && (cacheable || groupStamp[bi][g.id] == epoch)) {
            return groupValue[bi][g.id][var.recIndex];
        }
        int k = g.variables.length;
        Object[] current = new Object[k];
        for (int i = 0; i < k; i++) {
            current[i] = EMPTY;
        }
        groupCurrent[bi][g.id] = current;
        try {
            boolean changed = true;
            while (changed) {
                changed = false;
                Object[] next = new Object[k];
                for (int i = 0; i < k; i++) {
                    next[i] = eval(g.bodies[i], b);
                }
                for (int i = 0; i < k; i++) {
                    if (!sameValue(next[i], current[i])) {
                        changed = true;
                    }
                    current[i] = next[i];
                }
            }
        } finally {
            groupCurrent[bi][g.id] = null;
        }
        groupValue[bi][g.id] = current;
        groupStamp[bi][g.id] = epoch;
        return current[var.recIndex];
    }

    private static boolean sameValue(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == EMPTY) {
            return b instanceof Relation r ? r.isEmpty() : ((EventSet) b).isEmpty();
        }
        if (b == EMPTY) {
            return sameValue(b, a);
        }
        return a.equals(b);
    }

    private Object builtin(Builtin bt, Bound b) {
        if (!bt.isWitness()) {
            return bt.isSet() ? universe.set(bt, b) : universe.relation(bt, b);
        }
        int bi = b.ordinal();
        int k = bt.ordinal();
        if (witnessStamp[bi][k] == epoch) {
            return witnessMemo[bi][k];
        }
        Relation v;
        switch (bt) {
            case RF_REL: v = witnesses.rf(b); break;
            case CO: v = witnesses.co(b); break;
            case RAO: v = witnesses.rao(b); break;
            case FR: v = ((Relation) builtin(Builtin.RF_REL, b)).converse().compose((Relation) builtin(Builtin.CO, b)); break;
            case RFI: v = ((Relation) builtin(Builtin.RF_REL, b)).intersection(universe.relation(Builtin.INT, b)); break;
            case RFE: v = ((Relation) builtin(Builtin.RF_REL, b)).intersection(universe.relation(Builtin.EXT, b)); break;
            case COI: v = ((Relation) builtin(Builtin.CO, b)).intersection(universe.relation(Builtin.INT, b)); break;
            case COE: v = ((Relation) builtin(Builtin.CO, b)).intersection(universe.relation(Builtin.EXT, b)); break;
            case FRI: v = ((Relation) builtin(Builtin.FR, b)).intersection(universe.relation(Builtin.INT, b)); break;
            case FRE: v = ((Relation) builtin(Builtin.FR, b)).intersection(universe.relation(Builtin.EXT, b)); break;
            default: throw new AssertionError(bt);
        }
        witnessMemo[bi][k] = v;
        witnessStamp[bi][k] = epoch;
        return v;
    }
}
