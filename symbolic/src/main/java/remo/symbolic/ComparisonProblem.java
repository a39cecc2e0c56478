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
import remo.core.Flag;
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
 * accept (instruction guards, models.md §7.4).
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
    /**
     * True when the second side sees the first side's execution with another outcome (a
     * write-back that is last in co is missing), so that it rejects it as a test's outcome even
     * if it accepts the execution; false but for a first side with {@code FAILED_RCAS_WRITES=YES}
     * compared with a second one with {@code NO}.
     */
    private final Formula outcomeChanged;
    /** Whether the second side alone has write-backs (their placement is then one of its unfixed witnesses). */
    private final boolean writeBacksVary;
    /** The order witnesses of the first side's acyclic checks (strict partial orders containing their relations). */
    private final List<Relation> firstOrders;
    /** The cycle witnesses of the second side's rejections in the query. */
    private final List<Cycle> secondCycles = new ArrayList<>();
    /** Definitions of the let rec steps' relations made since they were last taken (see {@link #takeDefinitions}). */
    private final List<Formula> definitions = new ArrayList<>();
    private int constants;

    /**
     * @param scope  the size; its thread count must be the layout's
     * @param layout the thread sizes of the programs searched
     */
    ComparisonProblem(SkeletonScope scope, ThreadLayout layout, ModelSide allowing, ModelSide forbidding,
                      Set<InstructionShape> shapes) {
        this.u = new SkeletonUniverse(scope);
        this.allowing = allowing;
        this.forbidding = forbidding;
        this.program = new ProgramSkeleton(u, shapes, layout);
        this.witnesses = new WitnessSkeleton(program);
        this.bounds = u.bounds;
        program.bound(bounds);
        witnesses.bound(bounds);
        rao1 = witnesses.raoRelation("rao1", bounds);
        Relation match1 = SideRelations.boundMatch(program, "match1", bounds);
        boolean samePollScope = allowing.flags().get(Flag.POLL_SCOPE).equals(forbidding.flags().get(Flag.POLL_SCOPE));
        Relation match2 = samePollScope ? match1 : SideRelations.boundMatch(program, "match2", bounds);
        boolean writeBacksDiffer = !allowing.flags().get(Flag.FAILED_RCAS_WRITES).equals(forbidding.flags().get(Flag.FAILED_RCAS_WRITES));
        boolean firstWritesBack = allowing.flags().failedRcasWrites();
        ExecutionView view1 = writeBacksDiffer && !firstWritesBack ? ExecutionView.withoutWriteBacks(program, witnesses)
                : ExecutionView.whole(program, witnesses);
        ExecutionView view2 = writeBacksDiffer && firstWritesBack ? ExecutionView.withoutWriteBacks(program, witnesses)
                : ExecutionView.whole(program, witnesses);
        first = new SideRelations(program, witnesses, allowing.flags(), match1, rao1, view1);
        // without rcas and rfaa there is no NAR event, so the only rao is the empty one
        secondUsesRao = BuiltinUse.of(forbidding.model()).contains(Builtin.RAO)
                && shapes.stream().anyMatch(s -> s.events().contains(EventType.RCAS_NAR) || s.events().contains(EventType.RFAA_NAR));
        List<Formula> f = new ArrayList<>();
        f.add(program.wellFormed());
        Relation valueOrder = Relation.binary("valueOrder");
        bounds.bound(valueOrder, u.product(u.eventAtoms(), u.eventAtoms()));
        f.add(witnesses.wellFormed(Boolean.getBoolean("remo.closure") ? null : valueOrder));
        f.add(witnesses.raoWellFormed(rao1, allowing.flags()));
        f.add(first.matchingDefined());
        firstOrders = new ArrayList<>();
        f.add(accepts(first, allowing, true, bounds, firstOrders, new ArrayList<>()));
        outcomeChanged = writeBacksDiffer && firstWritesBack ? writeBackOutcomeChanged() : Formula.FALSE;
        writeBacksVary = writeBacksDiffer && !firstWritesBack;
        if (writeBacksDiffer && !firstWritesBack) {
            f.add(writeBacksAddedAfterTheirSource());
        }
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
        second = new SideRelations(program, witnesses, forbidding.flags(), match2, seedRao, view2);
        if (match2 != match1) {
            f.add(second.matchingDefined());
        }
        f.add(rejects(second, bounds));
        if (secondUsesRao && Boolean.parseBoolean(System.getProperty("remo.seeds", "true"))) {
            // two raos of the second side that exist in every execution: NARs in atom order and reversed
            Expression nar = program.types(EventType.RCAS_NAR, EventType.RFAA_NAR);
            Expression classes = nar.product(nar).intersection(witnesses.raoClasses(forbidding.flags()));
            f.add(rejects(second.withRao(classes.intersection(u.before)), bounds));
            f.add(rejects(second.withRao(classes.intersection(u.before.transpose())), bounds));
            // and, for each acyclic check of the first side, the rao that its order witness gives:
            // the witness can always be a total order (a linear extension), so requiring it to order
            // the NARs of each class removes no execution, and its restriction to them is a rao
            Expression pairs = classes.difference(Expression.IDEN);
            for (Relation order : firstOrders) {
                f.add(pairs.in(order.union(order.transpose())));
                f.add(rejects(second.withRao(order.intersection(pairs)), bounds));
            }
        }
        f.add(orderingLemmas());
        f.add(takeDefinitions());
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
        return accepts(side, model, accepts, b, new ArrayList<>(), new ArrayList<>());
    }

    /** A cycle witness of {@code acyclic x} failing. */
    private record Cycle(Relation set, Expression x) {
    }

    /**
     * As {@link #accepts(SideRelations, ModelSide, boolean, Bounds)}; {@code orders} receives the
     * order witnesses of its acyclic checks that must hold, {@code cycles} the cycle witnesses
     * (with their relations) of those that must fail.
     */
    private Formula accepts(SideRelations side, ModelSide model, boolean accepts, Bounds b, List<Relation> orders,
                            List<Cycle> cycles) {
        CatTranslator t = new CatTranslator(side.environment(), model.flags(), eventAtoms(), new CatTranslator.WitnessFactory() {
            @Override
            public Relation fresh(String name, int arity) {
                Relation r = Relation.nary(name + "#" + (constants++), arity);
                if (name.startsWith(CatTranslator.ORDER_WITNESS)) {
                    orders.add(r);
                }
                java.util.List<String> atoms = new java.util.ArrayList<>(u.eventAtoms());
                atoms.addAll(u.locationAtoms());
                b.bound(r, arity == 1 ? u.set(atoms) : u.product(atoms, atoms));
                return r;
            }

            @Override
            public void cycle(Relation cycle, Expression x) {
                cycles.add(new Cycle(cycle, x));
            }

            @Override
            public void define(Relation r, Expression value) {
                definitions.add(r.eq(value));
            }
        });
        Formula consistent = t.consistent(model.model(), model.skippedChecks(), accepts);
        return accepts ? side.blocked.not().and(consistent) : side.blocked.or(consistent);
    }

    /** The second side rejects the execution as the outcome of a test: it rejects it, or sees another outcome. */
    private Formula rejects(SideRelations side, Bounds b) {
        return accepts(side, forbidding, false, b, new ArrayList<>(), secondCycles).or(outcomeChanged);
    }

    /**
     * Lemmas that hold in every instance and shorten refutations: a set in which every event has an
     * {@code x}-successor is not ordered by a strict partial order, so some {@code x} edge inside
     * it is missing from each order witness of the first side (the ordering principle, which a SAT
     * solver would otherwise have to rediscover for each program it refutes).
     */
    private Formula orderingLemmas() {
        List<Formula> f = new ArrayList<>();
        for (Cycle c : secondCycles) {
            for (Relation order : firstOrders) {
                f.add(orderingLemma(c.set(), c.x(), order));
            }
        }
        return Formula.and(f);
    }

    /**
     * If {@code set} is non-empty and each of its elements has an {@code x}-successor in it, some
     * {@code x} edge inside {@code set} is not in {@code order}; true whenever {@code order} is a
     * strict partial order (following successors in a finite set closes a cycle).
     */
    static Formula orderingLemma(Expression set, Expression x, Expression order) {
        Formula isCycle = set.some().and(set.in(x.join(set)));
        return isCycle.implies(x.intersection(set.product(set)).difference(order).some());
    }

    /**
     * Some write-back is last in co, and without write-backs another write with another value
     * is last: the final value of its location differs between the sides.
     */
    private Formula writeBackOutcomeChanged() {
        Expression wb = program.type(EventType.RCAS_WRITE_BACK);
        Expression co = witnesses.co;
        Expression last = program.writes.difference(co.join(Expression.UNIV));
        Expression kept = program.writes.difference(wb);
        Expression lastKept = kept.difference(co.intersection(kept.product(kept)).join(Expression.UNIV));
        kodkod.ast.Variable v = kodkod.ast.Variable.unary("writeBack");
        Expression sameLocation = v.join(program.locOf).join(program.locOf.transpose());
        return sameLocation.intersection(lastKept).eq(v.join(ExecutionView.writeBackSource(program, witnesses))).not()
                .forSome(v.oneOf(wb.intersection(last)));
    }

    /**
     * The second side's execution extends the first one's: no read reads a write-back, and each
     * write-back comes right after the write its rcas read in co (so final values stay).
     */
    private Formula writeBacksAddedAfterTheirSource() {
        Expression wb = program.type(EventType.RCAS_WRITE_BACK);
        Expression source = ExecutionView.writeBackSource(program, witnesses);
        return witnesses.rf.intersection(wb.product(Expression.UNIV)).no()
                .and(source.in(witnesses.co.transpose()))
                .and(source.join(witnesses.co).intersection(witnesses.co.transpose()).no());
    }

    /** A fresh constant relation over event atoms (they are all distinguished, so this keeps symmetries). */
    private Relation constant(int arity, TupleSet value, Bounds extra) {
        Relation r = Relation.nary("const" + (constants++), arity);
        extra.boundExactly(r, value);
        return r;
    }

    /**
     * The second side's witnesses that a test's outcome does not fix, with which it accepted a
     * candidate: its rao (or {@code null} when its model ignores rao), and, when it alone has
     * write-backs, which reads read them and where they are in co (or {@code null}).
     */
    record SecondWitness(TupleSet rao, TupleSet readsFrom, TupleSet co) {
    }

    /** Whether the second side has witnesses that the first side's execution does not fix. */
    boolean secondWitnessesVary() {
        return secondUsesRao || writeBacksVary;
    }

    /**
     * Witnesses of the second side with which it accepts the instance's execution with the same
     * outcome, or {@code null} if there are none (then the execution is rejected whatever they are).
     */
    SecondWitness acceptingWitness(Instance instance) {
        Bounds fixed = new Bounds(u.universe);
        for (Relation r : bounds.relations()) {
            fixed.boundExactly(r, instance.tuples(r));
        }
        List<Formula> f = new ArrayList<>();
        Relation rao = null;
        Relation readsFrom = null;
        Relation co = null;
        SideRelations side = second;
        if (secondUsesRao) {
            rao = witnesses.raoRelation("rao2-inner", fixed);
            f.add(witnesses.raoWellFormed(rao, forbidding.flags()));
            side = side.withRao(rao);
        }
        if (writeBacksVary) {
            readsFrom = Relation.binary("readsFrom2-inner");
            co = Relation.binary("co2-inner");
            fixed.bound(readsFrom, bounds.upperBound(witnesses.readsFrom));
            fixed.bound(co, bounds.upperBound(witnesses.co));
            f.add(writeBackVariant(readsFrom, co));
            side = side.withView(new ExecutionView(program.all, readsFrom.transpose(), co, true));
        }
        f.add(accepts(side, forbidding, true, fixed));
        f.add(takeDefinitions());
        f.add(outcomeChanged.not());
        kodkod.engine.Solution s = new kodkod.engine.Solver(SolverOptions.plain(Long.MAX_VALUE)).solve(Formula.and(f), fixed);
        if (!s.sat()) {
            return null;
        }
        return new SecondWitness(rao == null ? null : s.instance().tuples(rao),
                readsFrom == null ? null : s.instance().tuples(readsFrom), co == null ? null : s.instance().tuples(co));
    }

    /**
     * The constraint that {@code w} does not make the second side accept: if they are witnesses
     * of the second side for the execution, the second side rejects with them.
     *
     * @param extra receives the bounds of the new constants
     */
    Formula refute(SecondWitness w, Bounds extra) {
        List<Formula> valid = new ArrayList<>();
        SideRelations side = second;
        if (w.rao() != null) {
            Relation c = constant(2, w.rao(), extra);
            valid.add(witnesses.raoWellFormed(c, forbidding.flags()));
            side = side.withRao(c);
        }
        if (w.readsFrom() != null) {
            Relation rf = constant(2, w.readsFrom(), extra);
            Relation co = constant(2, w.co(), extra);
            valid.add(writeBackVariant(rf, co));
            side = side.withView(new ExecutionView(program.all, rf.transpose(), co, true));
        }
        Formula rejected = rejects(side, extra);
        return Formula.and(valid).not().or(rejected).and(takeDefinitions());
    }

    /**
     * The definitions of the let rec relations made since the last call, as one formula for the
     * top level of the query they are part of (each fixes its relation, so none removes an
     * instance, wherever the relation is used).
     */
    private Formula takeDefinitions() {
        Formula d = Formula.and(definitions);
        definitions.clear();
        return d;
    }

    /**
     * The executions of the second side (with write-backs) that have the first side's outcome:
     * reads read as in the first side's execution or the write-back of an rcas that read their
     * source (the same value); co is the first side's with each write-back somewhere, last only
     * after the last write (the same final value); values computable (with transitive closure, as
     * this formula is also negated).
     */
    private Formula writeBackVariant(Expression readsFrom2, Expression co2) {
        Expression wb = program.type(EventType.RCAS_WRITE_BACK);
        Expression source = ExecutionView.writeBackSource(program, witnesses);
        Expression kept = program.writes.difference(wb);
        Expression co = witnesses.co;
        Expression lastKept = kept.difference(co.intersection(kept.product(kept)).join(Expression.UNIV));
        Expression last2 = program.writes.difference(co2.join(Expression.UNIV));
        List<Formula> f = new ArrayList<>();
        f.add(witnesses.readsFromWellFormed(readsFrom2));
        f.add(readsFrom2.in(witnesses.readsFrom.union(witnesses.readsFrom.join(source.transpose()))));
        f.add(witnesses.coWellFormed(co2));
        f.add(co2.intersection(kept.product(kept)).eq(co.intersection(kept.product(kept))));
        f.add(wb.intersection(last2).join(source).in(lastKept));
        f.add(program.valuesAcyclic(readsFrom2.transpose(), null));
        return Formula.and(f);
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
