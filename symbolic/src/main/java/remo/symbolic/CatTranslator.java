package remo.symbolic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kodkod.ast.Expression;
import kodkod.ast.Formula;
import remo.core.FlagValues;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.CatCheck;
import remo.models.ModelExpression;
import remo.models.ModelExpressionVisitor;

/**
 * Translates a loaded cat model (models.md §7) into Kodkod: every cat operator onto its relational
 * counterpart, one to one. Sets become unary and relations binary expressions over the existing
 * events {@code _}; {@code ~}, {@code *} and {@code ?} are taken relative to {@code _} as the
 * checker's evaluator takes them; {@code if} is decided by the flags at translation time; a
 * {@code let rec} group becomes its least fixpoint, unrolled as often as the relations can grow.
 * A check becomes the formula that it holds.
 *
 * <p>The built-ins come from an environment (one per side of a comparison). A form this visitor
 * does not handle is rejected by {@link ModelExpressionVisitor#visitExpression} with an
 * {@link UnsupportedOperationException} naming it.
 */
final class CatTranslator implements ModelExpressionVisitor<Expression> {
    /** The name prefix of the witness relation of {@code acyclic r} holding: a strict partial order containing r. */
    static final String ORDER_WITNESS = "order-";
    private final Map<Builtin, Expression> environment;
    private final FlagValues flags;
    private final Expression all;
    private final int atoms;
    private final Map<ModelExpression, Expression> memo = new HashMap<>();
    /** Values of the let rec variables being unrolled (by variable). */
    private final Map<ModelExpression, Expression> recursive;
    /** Makes fresh witness relations for acyclicity, or {@code null} to use transitive closure. */
    private final WitnessFactory witnessFactory;

    /** Makes fresh relations over the event atoms, bounded in the problem's bounds. */
    interface WitnessFactory {
        /** A fresh relation of {@code arity} (1 or 2) over the real events and initial writes. */
        kodkod.ast.Relation fresh(String name, int arity);

        /**
         * Told of each cycle witness made for {@code acyclic x} failing: {@code cycle} is a
         * non-empty set each of whose events has an {@code x}-successor in it.
         */
        default void cycle(kodkod.ast.Relation cycle, Expression x) {
        }

        /**
         * Records that {@code r} (made by {@link #fresh}) equals {@code value}: the caller conjoins
         * the definition with the problem's top-level formula, where it removes no instance
         * because it fixes {@code r}.
         */
        void define(kodkod.ast.Relation r, Expression value);
    }

    /**
     * @param environment the value of every built-in
     * @param flags       the side's flag values (decide {@code if})
     * @param atoms       the number of atoms an event expression ranges over (bounds the let rec unrolling)
     */
    /**
     * @param witnessFactory makes the fresh relations of the acyclicity encoding, or {@code null}
     *                       to encode {@code acyclic r} with transitive closure (needed when the
     *                       solutions are counted: witnesses would multiply them)
     */
    CatTranslator(Map<Builtin, Expression> environment, FlagValues flags, int atoms, WitnessFactory witnessFactory) {
        this(environment, flags, atoms, Map.of(), witnessFactory);
    }

    private CatTranslator(Map<Builtin, Expression> environment, FlagValues flags, int atoms,
                          Map<ModelExpression, Expression> recursive, WitnessFactory witnessFactory) {
        this.environment = environment;
        this.flags = flags;
        this.all = environment.get(Builtin.ALL);
        this.atoms = atoms;
        this.recursive = recursive;
        this.witnessFactory = witnessFactory;
    }

    /**
     * A formula that is satisfiable together with the rest of a problem exactly when the model's
     * consistency checks (flags and guards excluded, minus {@code skipped}) all hold
     * ({@code consistent}) or some fails ({@code !consistent}). With a witness factory the formula
     * has fresh relations and is equisatisfiable rather than equivalent, so it must occur only
     * under conjunctions and disjunctions of the problem's top-level formula.
     */
    Formula consistent(CatModel model, Set<String> skipped, boolean consistent) {
        List<Formula> f = new ArrayList<>();
        for (CatCheck c : model.checks()) {
            if (!(c.isNamed() && skipped.contains(c.name()))) {
                f.add(property(c, consistent != c.negated()));
            }
        }
        return consistent ? Formula.and(f) : Formula.or(f);
    }

    /**
     * The formula that the property of check {@code c} (acyclic, irreflexive, empty, without the
     * check's {@code ~}) holds, if {@code holds}, or fails (models.md §7.2).
     *
     * <p>{@code acyclic r} holds iff some strict partial order contains {@code r}; it fails iff
     * some non-empty set of events has an {@code r}-successor in the set for each of its events.
     * Both are witnessed by a fresh relation, which avoids the transitive closure (whose
     * translation makes refutations slow).
     */
    Formula property(CatCheck c, boolean holds) {
        ModelExpression e = c.expression();
        if (e.type() == ModelExpression.Type.UNKNOWN) {
            return holds ? Formula.TRUE : Formula.FALSE; // built from 0 only: empty, acyclic, irreflexive
        }
        Expression x = translate(e);
        switch (c.kindKeyword()) {
            case "acyclic":
                if (witnessFactory == null) {
                    Formula acyclic = x.closure().intersection(Expression.IDEN).no();
                    return holds ? acyclic : acyclic.not();
                }
                if (holds) {
                    kodkod.ast.Relation order = witnessFactory.fresh(ORDER_WITNESS + c.name(), 2);
                    return x.in(order).and(order.join(order).in(order)).and(order.intersection(Expression.IDEN).no());
                }
                kodkod.ast.Relation cycle = witnessFactory.fresh("cycle-" + c.name(), 1);
                witnessFactory.cycle(cycle, x);
                return cycle.some().and(cycle.in(x.join(cycle)));
            case "irreflexive": {
                Formula irreflexive = x.intersection(Expression.IDEN).no();
                return holds ? irreflexive : irreflexive.not();
            }
            case "empty":
                return holds ? x.no() : x.some();
            default:
                throw new AssertionError(c.kindKeyword());
        }
    }

    /** The Kodkod expression of {@code e}. */
    Expression translate(ModelExpression e) {
        Expression x = memo.get(e);
        if (x == null) {
            x = e.accept(this);
            memo.put(e, x);
        }
        return x;
    }

    private static int arity(ModelExpression e) {
        return e.type() == ModelExpression.Type.SET ? 1 : 2;
    }

    private static Expression empty(int arity) {
        return arity == 1 ? Expression.NONE : Expression.NONE.product(Expression.NONE);
    }

    /** An operand of a node of arity {@code arity}: an expression built from {@code 0} is the empty one. */
    private Expression operand(ModelExpression child, int arity) {
        return child.type() == ModelExpression.Type.UNKNOWN ? empty(arity) : translate(child);
    }

    private Expression universe(int arity) {
        return arity == 1 ? all : all.product(all);
    }

    private Expression identity() {
        return all.product(all).intersection(Expression.IDEN);
    }

    @Override
    public Expression visitBuiltin(ModelExpression e) {
        Expression x = environment.get(e.builtin());
        if (x == null) {
            throw new UnsupportedOperationException("no value for the built-in '" + e.builtin().catName() + "'");
        }
        return x;
    }

    @Override
    public Expression visitEmpty(ModelExpression e) {
        return empty(arity(e));
    }

    @Override
    public Expression visitUnion(ModelExpression e) {
        return operand(e.left(), arity(e)).union(operand(e.right(), arity(e)));
    }

    @Override
    public Expression visitIntersection(ModelExpression e) {
        return operand(e.left(), arity(e)).intersection(operand(e.right(), arity(e)));
    }

    @Override
    public Expression visitDifference(ModelExpression e) {
        return operand(e.left(), arity(e)).difference(operand(e.right(), arity(e)));
    }

    @Override
    public Expression visitSequence(ModelExpression e) {
        return operand(e.left(), 2).join(operand(e.right(), 2));
    }

    @Override
    public Expression visitProduct(ModelExpression e) {
        return operand(e.left(), 1).product(operand(e.right(), 1));
    }

    @Override
    public Expression visitComplement(ModelExpression e) {
        int a = arity(e);
        return universe(a).difference(operand(e.left(), a));
    }

    @Override
    public Expression visitPlus(ModelExpression e) {
        return operand(e.left(), 2).closure();
    }

    @Override
    public Expression visitStar(ModelExpression e) {
        return operand(e.left(), 2).closure().union(identity());
    }

    @Override
    public Expression visitOption(ModelExpression e) {
        return operand(e.left(), 2).union(identity());
    }

    @Override
    public Expression visitInverse(ModelExpression e) {
        return operand(e.left(), 2).transpose();
    }

    @Override
    public Expression visitIdentityOf(ModelExpression e) {
        Expression s = operand(e.left(), 1);
        return s.product(s).intersection(Expression.IDEN);
    }

    @Override
    public Expression visitDomain(ModelExpression e) {
        return operand(e.left(), 2).join(Expression.UNIV);
    }

    @Override
    public Expression visitRange(ModelExpression e) {
        return Expression.UNIV.join(operand(e.left(), 2));
    }

    @Override
    public Expression visitIf(ModelExpression e) {
        ModelExpression branch = e.conditionHolds(flags) ? e.left() : e.right();
        return operand(branch, arity(e));
    }

    /**
     * The least fixpoint of the variable's {@code let rec} group (models.md §7.2): all variables
     * start empty and the bodies are applied together. Each application that changes something
     * adds a tuple, so after as many applications as the variables have possible tuples the
     * fixpoint is reached whatever the execution.
     */
    @Override
    public Expression visitRecursiveVariable(ModelExpression e) {
        Expression bound = recursive.get(e);
        if (bound != null) {
            return bound;
        }
        List<ModelExpression> vars = e.recursiveVariables();
        List<ModelExpression> bodies = e.recursiveBodies();
        int steps = 0;
        for (ModelExpression v : vars) {
            steps += arity(v) == 1 ? atoms : atoms * atoms;
        }
        Map<ModelExpression, Expression> values = new HashMap<>();
        for (ModelExpression v : vars) {
            values.put(v, empty(arity(v)));
        }
        for (int k = 0; k < steps; k++) {
            CatTranslator inner = new CatTranslator(environment, flags, atoms, values, witnessFactory);
            Map<ModelExpression, Expression> nextValues = new HashMap<>();
            for (int i = 0; i < vars.size(); i++) {
                Expression next = inner.operand(bodies.get(i), arity(vars.get(i)));
                if (witnessFactory != null) {
                    // each step's value is a relation defined equal to it: the unrolled bodies would
                    // otherwise nest 'steps' deep, a formula whose tree (not its shared graph) grows
                    // exponentially, and Kodkod walks formulas as trees before it translates them
                    // (herd7's ppo.cat: ppc.cat and arm.cat never got past that walk)
                    kodkod.ast.Relation r = witnessFactory.fresh("rec-" + e.recursiveGroupId() + "-" + i + "-" + k,
                            arity(vars.get(i)));
                    witnessFactory.define(r, next);
                    next = r;
                }
                nextValues.put(vars.get(i), next);
            }
            values = nextValues;
        }
        memo.putAll(values);
        return values.get(e);
    }
}
