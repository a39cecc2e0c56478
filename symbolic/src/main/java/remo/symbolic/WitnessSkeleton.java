package remo.symbolic;

import remo.core.RaoScope;
import java.util.ArrayList;
import java.util.List;
import kodkod.ast.Expression;
import kodkod.ast.Formula;
import kodkod.ast.Relation;
import kodkod.instance.Bounds;
import kodkod.instance.TupleSet;
import remo.core.Flag;
import remo.core.FlagValues;

/**
 * The witnesses of a candidate execution (models.md §4.1) over a {@link ProgramSkeleton}:
 * {@code rf} (every read has exactly one source, a write to its location outside its own
 * instruction), {@code co} (a strict total order on the writes to each location, initial write
 * first) and, per side of a comparison, {@code rao} (a strict total order on the {@code NAR}
 * events of each rao class). The candidate's values must be computable (models.md §4.2).
 */
final class WitnessSkeleton {
    final ProgramSkeleton p;
    /** read -> the write it reads from; {@code rf} is its converse. */
    final Relation readsFrom = Relation.binary("readsFrom");
    final Relation co = Relation.binary("co");
    final Expression rf;
    final Expression fr;

    WitnessSkeleton(ProgramSkeleton p) {
        this.p = p;
        rf = readsFrom.transpose();
        fr = rf.transpose().join(co);
    }

    /** Adds the bounds of {@code rf} and {@code co} to {@code b}. */
    void bound(Bounds b) {
        SkeletonUniverse u = p.u;
        // a read or write e(i) can only be at a location that p allows it, so only that location's
        // initial write can be its rf source or co-before it
        TupleSet sources = u.product(u.eventAtoms(), u.eventAtoms());
        TupleSet order = u.product(u.eventAtoms(), u.eventAtoms());
        for (int i = 0; i < u.scope.events(); i++) {
            for (String iw : p.initialWritesUpTo(i)) {
                sources.add(u.factory.tuple(u.event(i), iw));
                order.add(u.factory.tuple(iw, u.event(i)));
            }
        }
        b.bound(readsFrom, sources);
        b.bound(co, order);
    }

    /** A fresh {@code rao} relation for one side, bounded by the real events. */
    Relation raoRelation(String name, Bounds b) {
        Relation r = Relation.binary(name);
        TupleSet all = p.u.product(p.u.eventAtoms(), p.u.eventAtoms());
        b.bound(r, all);
        return r;
    }

    /**
     * Well-formed rf and co, and computable values.
     *
     * @param valueOrder see {@link ProgramSkeleton#valuesAcyclic}
     */
    Formula wellFormed(Relation valueOrder) {
        return readsFromWellFormed(readsFrom).and(coWellFormed(co)).and(p.valuesAcyclic(rf, valueOrder));
    }

    /** Every read reads exactly one write to its location, outside its own instruction. */
    Formula readsFromWellFormed(Expression source) {
        List<Formula> f = new ArrayList<>();
        Expression reads = p.reads;
        if (source instanceof Relation rel) {
            f.add(rel.function(reads, p.writes));
        } else {
            f.add(source.in(reads.product(p.writes)));
            kodkod.ast.Variable r = kodkod.ast.Variable.unary("read");
            f.add(r.join(source).one().forAll(r.oneOf(reads)));
        }
        f.add(source.transpose().in(p.loc));
        f.add(source.intersection(p.si).no());
        return Formula.and(f);
    }

    /** A strict total order on the writes of each location, the initial write first. */
    Formula coWellFormed(Expression order) {
        List<Formula> f = new ArrayList<>();
        f.add(order.in(p.writes.product(p.realWrites)));
        f.add(order.in(p.loc));
        f.add(order.intersection(Expression.IDEN).no());
        f.add(order.join(order).in(order));
        Expression distinctSameLocation = p.writes.product(p.writes).intersection(p.loc).difference(Expression.IDEN);
        f.add(distinctSameLocation.in(order.union(order.transpose())));
        f.add(p.declared.product(p.realWrites).intersection(p.loc).in(order));
        return Formula.and(f);
    }

    /** The rao classes under {@code flags}: same target node, or same location (RAO_SCOPE, models.md §8). */
    Expression raoClasses(FlagValues flags) {
        return flags.raoScope() == RaoScope.PER_LOCATION ? p.loc : p.target.join(p.target.transpose());
    }

    /** {@code rao} is a strict total order on the NAR events of each class and relates nothing else. */
    Formula raoWellFormed(Expression rao, FlagValues flags) {
        Expression nar = p.types(EventType.RCAS_NAR, EventType.RFAA_NAR);
        Expression classes = raoClasses(flags);
        List<Formula> f = new ArrayList<>();
        f.add(rao.in(nar.product(nar).intersection(classes)));
        f.add(rao.intersection(Expression.IDEN).no());
        f.add(rao.join(rao).in(rao));
        f.add(nar.product(nar).intersection(classes).difference(Expression.IDEN).in(rao.union(rao.transpose())));
        return Formula.and(f);
    }
}
