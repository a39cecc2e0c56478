package remo.litmus.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import remo.litmus.Prop;

/** Rewriting of final-condition propositions for the shrinker: folding, sizes and sub-term edits. */
final class PropRewriting {

    private PropRewriting() {
    }

    /** Number of nodes of the proposition tree (an atom or a constant counts 1). */
    static int size(Prop p) {
        if (p instanceof Prop.Not n) {
            return 1 + size(n.operand());
        }
        if (p instanceof Prop.And a) {
            return 1 + size(a.left()) + size(a.right());
        }
        if (p instanceof Prop.Or o) {
            return 1 + size(o.left()) + size(o.right());
        }
        if (p instanceof Prop.Implies i) {
            return 1 + size(i.left()) + size(i.right());
        }
        return 1;
    }

    /** Folds {@code true}/{@code false} operands away ({@code true /\ p} is {@code p}, and so on). */
    static Prop fold(Prop p) {
        if (p instanceof Prop.Not n) {
            Prop x = fold(n.operand());
            if (x instanceof Prop.Constant c) {
                return new Prop.Constant(!c.value());
            }
            return new Prop.Not(x);
        }
        if (p instanceof Prop.And a) {
            Prop l = fold(a.left());
            Prop r = fold(a.right());
            if (l instanceof Prop.Constant c) {
                return c.value() ? r : l;
            }
            if (r instanceof Prop.Constant c) {
                return c.value() ? l : r;
            }
            return new Prop.And(l, r);
        }
        if (p instanceof Prop.Or o) {
            Prop l = fold(o.left());
            Prop r = fold(o.right());
            if (l instanceof Prop.Constant c) {
                return c.value() ? l : r;
            }
            if (r instanceof Prop.Constant c) {
                return c.value() ? r : l;
            }
            return new Prop.Or(l, r);
        }
        if (p instanceof Prop.Implies i) {
            Prop l = fold(i.left());
            Prop r = fold(i.right());
            if (l instanceof Prop.Constant c) {
                return c.value() ? r : new Prop.Constant(true);
            }
            if (r instanceof Prop.Constant c && c.value()) {
                return r;
            }
            return new Prop.Implies(l, r);
        }
        return p;
    }

    /**
     * Every proposition obtained from {@code p} by one simplification of one sub-term, in pre-order of
     * the sub-terms: the sub-term replaced by {@code true}, by {@code false}, by each of its operands,
     * and for an atom {@code x != v} the atom {@code x = v}. Results are folded.
     */
    static List<Prop> simplifications(Prop p) {
        List<Prop> out = new ArrayList<>();
        collect(p, Function.identity(), out);
        List<Prop> folded = new ArrayList<>();
        for (Prop q : out) {
            folded.add(fold(q));
        }
        return folded;
    }

    /** Adds the edits of sub-term {@code p}, each placed into the whole by {@code context}. */
    private static void collect(Prop p, Function<Prop, Prop> context, List<Prop> out) {
        if (!(p instanceof Prop.Constant)) {
            out.add(context.apply(new Prop.Constant(true)));
            out.add(context.apply(new Prop.Constant(false)));
        }
        if (p instanceof Prop.Atom a && !a.equal()) {
            out.add(context.apply(new Prop.Atom(a.ref(), true, a.value())));
        }
        if (p instanceof Prop.Not n) {
            out.add(context.apply(n.operand()));
            collect(n.operand(), x -> context.apply(new Prop.Not(x)), out);
        } else if (p instanceof Prop.And a) {
            out.add(context.apply(a.left()));
            out.add(context.apply(a.right()));
            collect(a.left(), x -> context.apply(new Prop.And(x, a.right())), out);
            collect(a.right(), x -> context.apply(new Prop.And(a.left(), x)), out);
        } else if (p instanceof Prop.Or o) {
            out.add(context.apply(o.left()));
            out.add(context.apply(o.right()));
            collect(o.left(), x -> context.apply(new Prop.Or(x, o.right())), out);
            collect(o.right(), x -> context.apply(new Prop.Or(o.left(), x)), out);
        } else if (p instanceof Prop.Implies i) {
            out.add(context.apply(i.left()));
            out.add(context.apply(i.right()));
            collect(i.left(), x -> context.apply(new Prop.Implies(x, i.right())), out);
            collect(i.right(), x -> context.apply(new Prop.Implies(i.left(), x)), out);
        }
    }

    /** The atoms of {@code p}, left to right. */
    static List<Prop.Atom> atoms(Prop p) {
        List<Prop.Atom> out = new ArrayList<>();
        p.forEachAtom(out::add);
        return out;
    }
}
