package remo.symbolic;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import kodkod.ast.Expression;
import kodkod.ast.Formula;
import kodkod.ast.Relation;
import kodkod.instance.Bounds;
import kodkod.instance.Instance;
import kodkod.instance.TupleSet;
import remo.litmus.Flag;
import remo.models.Builtin;

/**
 * One bounded query of a comparison: is there an execution skeleton with exactly
 * {@code scope.events()} events that the first side accepts and the second rejects?
 *
 * <p>The execution has the first side's {@code rao}; the second side's {@code rao} is universally
 * quantified (the witness is not visible in an outcome): the query asks for one rao of the second
 * side that rejects (the first side's own rao, or its restriction to locations, when that is a rao
 * of the second side), and {@link #refute} adds, for each rao that a candidate turned out to be
 * accepted with, that this rao rejects. A side "accepts" an execution when no poll is statically
 * blocked (models.md §3.1) and every consistency check holds; programs are those both models
 * accept (instruction guards, §7.4).
 */
final class ComparisonProblem {
    final SkeletonUniverse u;
    final ProgramSkeleton program;
    final WitnessSkeleton witnesses;
    final ModelSide allowing;
    final ModelSide forbidding;
    final Relation rao1;
    final SideRelations first;
    final SideRelations second;
    final Bounds bounds;
    final Formula formula;
    /** Whether the second model's checks read {@code rao} at all. */
    final boolean secondUsesRao;
    private int constants;

    ComparisonProblem(SkeletonScope scope, ModelSide allowing, ModelSide forbidding, Set<InstructionShape> shapes) {
        this.u = new SkeletonUniverse(scope);
        this.allowing = allowing;
        this.forbidding = forbidding;
        this.program = new ProgramSkeleton(u, shapes, true);
        this.witnesses = new WitnessSkeleton(program);
        this.bounds = u.bounds;
        program.bound(bounds);
        witnesses.bound(bounds);
        rao1 = witnesses.raoRelation("rao1", bounds);
        Relation match1 = SideRelations.boundMatch(program, "match1", bounds);
        boolean samePollScope = allowing.flags().get(Flag.POLL_SCOPE).equals(forbidding.flags().get(Flag.POLL_SCOPE));
        Relation match2 = samePollScope ? match1 : SideRelations.boundMatch(program, "match2", bounds);
        first = new SideRelations(program, witnesses, allowing.flags(), match1, rao1);
        secondUsesRao = BuiltinUse.of(forbidding.model()).contains(Builtin.RAO);
        List<Formula> f = new ArrayList<>();
        f.add(program.wellFormed());
        Relation valueOrder = Relation.binary("valueOrder");
        bounds.bound(valueOrder, u.product(u.eventAtoms(), u.eventAtoms()));
        f.add(witnesses.wellFormed(Boolean.getBoolean("remo.closure") ? null : valueOrder));
        f.add(witnesses.raoWellFormed(rao1, allowing.flags()));
        f.add(first.matchingDefined());
        f.add(accepts(first, allowing, true, bounds));
        Expression seedRao;
        String scope1 = allowing.flags().get(Flag.RAO_SCOPE);
        String scope2 = forbidding.flags().get(Flag.RAO_SCOPE);
        if (!secondUsesRao || scope1.equals(scope2)) {
            seedRao = rao1;
        } else if (scope2.equals("PER_LOCATION")) {
            seedRao = rao1.intersection(program.loc);
        } else {
            Relation free = witnesses.raoRelation("rao2", bounds);
            f.add(witnesses.raoWellFormed(free, forbidding.flags()));
            seedRao = free;
        }
        second = new SideRelations(program, witnesses, forbidding.flags(), match2, seedRao);
        if (match2 != match1) {
            f.add(second.matchingDefined());
        }
        f.add(accepts(second, forbidding, false, bounds));
        if (secondUsesRao && Boolean.parseBoolean(System.getProperty("remo.seeds", "true"))) {
            // two raos of the second side that exist in every execution: NARs in atom order and reversed
            Expression nar = program.types(EventType.RCAS_NAR, EventType.RFAA_NAR);
            Expression classes = nar.product(nar).intersection(witnesses.raoClasses(forbidding.flags()));
            f.add(accepts(second.withRao(classes.intersection(u.before)), forbidding, false, bounds));
            f.add(accepts(second.withRao(classes.intersection(u.before.transpose())), forbidding, false, bounds));
        }
        formula = Formula.and(f);
    }

    /** Number of atoms an event expression ranges over (real events and initial writes). */
    private int eventAtoms() {
        return u.scope.events() + u.scope.locations();
    }

    /**
     * The side accepts the execution ({@code accepts}: no statically blocked poll and every
     * consistency check holds) or rejects it; the acyclicity witnesses are bounded in {@code b}.
     */
    Formula accepts(SideRelations side, ModelSide model, boolean accepts, Bounds b) {
        CatTranslator t = new CatTranslator(side.environment(), model.flags(), eventAtoms(), (name, arity) -> {
            Relation r = Relation.nary(name + "#" + (constants++), arity);
            java.util.List<String> atoms = new java.util.ArrayList<>(u.eventAtoms());
            atoms.addAll(u.locationAtoms());
            b.bound(r, arity == 1 ? u.set(atoms) : u.product(atoms, atoms));
            return r;
        });
        Formula consistent = t.consistent(model.model(), model.skippedChecks(), accepts);
        return accepts ? side.blocked.not().and(consistent) : side.blocked.or(consistent);
    }

    /** A fresh constant relation over event atoms (they are all distinguished, so this keeps symmetries). */
    private Relation constant(int arity, TupleSet value, Bounds extra) {
        Relation r = Relation.nary("const" + (constants++), arity);
        extra.boundExactly(r, value);
        return r;
    }

    /**
     * The constraint that {@code rao2} (a set of NAR pairs) does not make the second side accept:
     * if it is a rao of the second side's execution, the second side rejects with it.
     *
     * @param extra receives the bounds of the new constant
     */
    Formula refute(TupleSet rao2, Bounds extra) {
        Relation c = constant(2, rao2, extra);
        return witnesses.raoWellFormed(c, forbidding.flags()).not().or(accepts(second.withRao(c), forbidding, false, extra));
    }

    /**
     * A rao of the second side with which it accepts the instance's execution, or {@code null} if
     * there is none (then the execution is rejected whatever the rao).
     */
    TupleSet acceptingRao(Instance instance) {
        Bounds fixed = new Bounds(u.universe);
        for (Relation r : bounds.relations()) {
            fixed.boundExactly(r, instance.tuples(r));
        }
        Relation rao = Relation.binary("rao2-inner");
        fixed.bound(rao, u.product(u.eventAtoms(), u.eventAtoms()));
        Formula f = witnesses.raoWellFormed(rao, forbidding.flags()).and(accepts(second.withRao(rao), forbidding, true, fixed));
        kodkod.engine.Solution s = new kodkod.engine.Solver(SolverOptions.plain(Long.MAX_VALUE)).solve(f, fixed);
        return s.sat() ? s.instance().tuples(rao) : null;
    }

    /**
     * Excludes every execution with the same program and the same outcome as the instance's, up
     * to renaming locations, nodes and work ids: the same event types, threads, same-location,
     * same-node, same-target and same-work-id pairs, the same rf and the same co-last writes.
     */
    Formula block(Instance instance, Bounds extra) {
        List<Formula> same = new ArrayList<>();
        for (Relation t : program.type.values()) {
            same.add(sameAs(t, instance, extra));
        }
        same.add(sameAs(program.thread, instance, extra));
        Expression events = u.events;
        Expression taggable = program.workId.union(program.waitId);
        Expression nodeOfEvents = program.nodeOf.intersection(events.product(u.nodes));
        Expression[] signatures = {
            program.location.join(program.location.transpose()),
            nodeOfEvents.join(nodeOfEvents.transpose()),
            program.target.join(program.target.transpose()),
            taggable.join(taggable.transpose()),
            witnesses.rf.intersection(events.product(events)),
            u.locations.join(witnesses.rf),
            program.realWrites.difference(witnesses.co.join(Expression.UNIV)),
        };
        kodkod.engine.Evaluator ev = new kodkod.engine.Evaluator(instance);
        for (Expression e : signatures) {
            TupleSet value = ev.evaluate(e);
            same.add(e.eq(constant(e.arity(), value, extra)));
        }
        return Formula.and(same).not();
    }

    private Formula sameAs(Relation r, Instance instance, Bounds extra) {
        return r.eq(constant(r.arity(), instance.tuples(r), extra));
    }
}
