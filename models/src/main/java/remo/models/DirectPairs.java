package remo.models;

import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * Where a witness enters a check's relation directly. For a check {@code acyclic X} and a witness
 * {@code W} ({@code rf}, {@code co}, {@code fr} or {@code rao}), {@link #of} computes a relation
 * {@code D} such that on every candidate completing the frame's bounds, {@code X} contains every
 * pair of {@code W} that lies in {@code D}. For example {@code co} enters {@code (po & loc) | rf |
 * co | fr} everywhere ({@code D} = all pairs), and {@code rf} enters {@code ppo | (rf \ rfi-cpu) |
 * …} outside the pairs {@code rfi-cpu} may hold.
 *
 * <p>The exploration uses {@code D} to see, from the transitive closure of {@code X}'s lower
 * bound, which open choices would close a cycle (a pair {@code (a, b)} of {@code W} in {@code D}
 * with {@code b} already before {@code a}), without evaluating the model per choice. {@code D} is
 * an under-approximation: pairs that reach {@code X} through compositions with other witnesses are
 * left out, which only weakens the pruning, never its soundness (the cat semantics, models.md §7).
 */
public final class DirectPairs {
    private final ModelFrame frame;
    private final Witnesses loosest;
    private final Builtin witness;

    private DirectPairs(ModelFrame frame, Witnesses loosest, Builtin witness) {
        this.frame = frame;
        this.loosest = loosest;
        this.witness = witness;
    }

    /**
     * The direct pairs of {@code witness} in {@code check}'s relation.
     *
     * @param frame   the frame whose universe (existing events) the pairs are for
     * @param check   a consistency check on a relation
     * @param witness {@link Builtin#RF_REL}, {@link Builtin#CO}, {@link Builtin#FR} or {@link Builtin#RAO}
     * @param loosest the loosest bounds of the program's candidates (empty lower bounds, every
     *                possible pair as upper bounds): the right operand of a difference is taken at
     *                its upper bound there, which contains its value on every candidate
     * @return {@code D}, or {@code null} if the witness does not enter the relation directly
     * @throws IllegalArgumentException if {@code witness} is none of the four
     */
    public static Relation of(ModelFrame frame, CatCheck check, Builtin witness, Witnesses loosest) {
        if (witness != Builtin.RF_REL && witness != Builtin.CO && witness != Builtin.FR && witness != Builtin.RAO) {
            throw new IllegalArgumentException("not a base witness: " + witness.catName());
        }
        Relation d = new DirectPairs(frame, loosest, witness).direct(check.expr);
        return d == null || d.isEmpty() ? null : d;
    }

    private Relation staticValue(Node n) {
        Object v = frame.valueUnder(n, loosest, Bound.LOWER);
        return v instanceof Relation r ? r : null;
    }

    private Relation allPairs() {
        EventSet all = frame.universe().set(Builtin.ALL, Bound.UPPER);
        return Relation.product(all, all);
    }

    private Relation direct(Node n) {
        if (n.inRec || n.op == Node.Op.REC_VAR || n.type == Node.Type.SET) {
            return null;
        }
        if (!n.dynamic) {
            return staticValue(n);
        }
        switch (n.op) {
            case BUILTIN:
                return base(n.builtin);
            case UNION:
                return union(direct(n.left), direct(n.right));
            case INTERSECTION: {
                Relation l = direct(n.left);
                Relation r = l == null ? null : direct(n.right);
                return r == null ? null : l.intersection(r);
            }
            case DIFFERENCE: {
                Relation l = direct(n.left);
                if (l == null) {
                    return null;
                }
                Object r = frame.valueUnder(n.right, loosest, Bound.UPPER);
                return r instanceof Relation rr ? l.difference(rr) : l;
            }
            case SEQUENCE: {
                // a static side contributes at least its identity pairs: [S]; X contains X's rows in S
                if (!n.left.dynamic) {
                    Relation id = identityPart(staticValue(n.left));
                    Relation d = id == null ? null : direct(n.right);
                    return d == null ? null : id.compose(d);
                }
                if (!n.right.dynamic) {
                    Relation id = identityPart(staticValue(n.right));
                    Relation d = id == null ? null : direct(n.left);
                    return d == null ? null : d.compose(id);
                }
                return null;
            }
            case PLUS:
            case STAR:
            case OPTION:
                return direct(n.left);
            case IF:
                return n.condition.eval(frame.flags()) ? direct(n.left) : direct(n.right);
            default:
                return null;
        }
    }

    private Relation base(Builtin b) {
        Builtin whole;
        Builtin internal;
        Builtin external;
        switch (witness) {
            case RF_REL: whole = Builtin.RF_REL; internal = Builtin.RFI; external = Builtin.RFE; break;
            case CO: whole = Builtin.CO; internal = Builtin.COI; external = Builtin.COE; break;
            case FR: whole = Builtin.FR; internal = Builtin.FRI; external = Builtin.FRE; break;
            default: whole = Builtin.RAO; internal = null; external = null; break;
        }
        if (b == whole) {
            return allPairs();
        }
        if (b == internal) {
            return frame.universe().relation(Builtin.INT, Bound.LOWER);
        }
        if (b == external) {
            return frame.universe().relation(Builtin.EXT, Bound.LOWER);
        }
        return null;
    }

    private static Relation union(Relation a, Relation b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : a.union(b);
    }

    private static Relation identityPart(Relation r) {
        if (r == null) {
            return null;
        }
        Relation id = r.intersection(Relation.identity(EventSet.all(r.size())));
        return id.isEmpty() ? null : id;
    }
}
