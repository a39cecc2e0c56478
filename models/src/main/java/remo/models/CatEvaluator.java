package remo.models;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.core.Position;
import remo.models.cat.CatExpr;
import remo.models.cat.CatPattern;
import remo.models.cat.CatStatement;

/**
 * Evaluates cat expressions when a model is loaded (herd7's semantics of functions, tuples, tags,
 * sets of values, {@code let … in}, {@code match}, {@code try}, conditionals), leaving the set and
 * relation algebra as {@link Node}s that are evaluated per candidate. Constructs whose result
 * depends on the events of a program (matching on an event set, comparing relations) cannot be
 * decided here and are unrecoverable E-CAT-UNSUPPORTED failures naming the construct.
 */
final class CatEvaluator {
    /** Most nested function calls (herd7's libraries recurse over lists and sets of a few dozen items). */
    static final int MAX_CALL_DEPTH = 1_000;

    /** Function calls in progress (one evaluator serves one model load, on one thread). */
    private int callDepth;
    private final NodeFactory nodes;
    private final Map<String, String> tagTypes;
    private final CatPrimitives primitives;

    /**
     * @param nodes    the model's node factory
     * @param tagTypes tag name to enumeration name, filled by {@code enum} statements
     */
    CatEvaluator(NodeFactory nodes, Map<String, String> tagTypes) {
        this.nodes = nodes;
        this.tagTypes = tagTypes;
        this.primitives = new CatPrimitives(nodes);
    }

    NodeFactory nodes() {
        return nodes;
    }

    CatPrimitives primitives() {
        return primitives;
    }

    static CatFailure unsupported(String file, Position pos, String message) {
        return CatFailure.fatal("E-CAT-UNSUPPORTED", file, pos, message);
    }

    /** The node of {@code v}, an event set or relation; E-CAT-TYPE otherwise. */
    Node node(CatValue v, Position pos, String file) {
        if (v instanceof CatValue.Events ev) {
            return ev.node();
        }
        if (v instanceof CatValue.Values vs && vs.elements().isEmpty()) {
            return nodes.empty();
        }
        throw CatFailure.recoverable("E-CAT-TYPE", file, pos, "expected an event set or a relation, found " + v.typeName());
    }

    CatValue eval(CatExpr e, CatEnvironment env, String file) {
        if (e instanceof CatExpr.Name n) {
            return name(n, env, file);
        }
        if (e instanceof CatExpr.Empty) {
            return new CatValue.Events(nodes.empty());
        }
        if (e instanceof CatExpr.Tag t) {
            String type = tagTypes.get(t.name());
            if (type == null) {
                throw CatFailure.recoverable("E-CAT-UNBOUND", file, t.pos(), "tag '" + t.name() + " is not declared by an enum");
            }
            return new CatValue.Tag(type, t.name());
        }
        if (e instanceof CatExpr.ExplicitSet s) {
            Set<CatValue> out = new LinkedHashSet<>();
            for (CatExpr x : s.elements()) {
                out.add(eval(x, env, file));
            }
            return new CatValue.Values(out);
        }
        if (e instanceof CatExpr.Tuple t) {
            List<CatValue> items = new ArrayList<>();
            for (CatExpr x : t.elements()) {
                items.add(eval(x, env, file));
            }
            return new CatValue.Tuple(items);
        }
        if (e instanceof CatExpr.Binary b) {
            return binary(b, env, file);
        }
        if (e instanceof CatExpr.Unary u) {
            return unary(u, env, file);
        }
        if (e instanceof CatExpr.If i) {
            return conditional(i, env, file);
        }
        if (e instanceof CatExpr.App a) {
            CatValue f = eval(a.function(), env, file);
            CatValue arg = eval(a.argument(), env, file);
            return apply(f, arg, a.pos(), file);
        }
        if (e instanceof CatExpr.Fun f) {
            return new CatValue.Closure(f.parameter(), f.body(), f.name(), env, file);
        }
        if (e instanceof CatExpr.LetIn l) {
            CatEnvironment inner = l.recursive() ? bindRecursive(l.bindings(), env, file) : bind(l.bindings(), env, file);
            return eval(l.body(), inner, file);
        }
        if (e instanceof CatExpr.Match m) {
            return match(m, env, file);
        }
        if (e instanceof CatExpr.MatchSet m) {
            return matchSet(m, env, file);
        }
        if (e instanceof CatExpr.Try t) {
            try {
                return eval(t.body(), env, file);
            } catch (CatFailure f) {
                if (!f.isRecoverable()) {
                    throw f;
                }
                return eval(t.fallback(), env, file);
            }
        }
        throw new AssertionError(e);
    }

    private CatValue name(CatExpr.Name n, CatEnvironment env, String file) {
        if (n.name().equals("_")) {
            return new CatValue.Events(nodes.universe());
        }
        CatEnvironment.Thunk t = env.lookup(n.name());
        if (t != null) {
            return t.force();
        }
        String arch = ArchitectureNames.describe(n.name());
        if (arch != null) {
            throw CatFailure.recoverable("E-CAT-UNSUPPORTED", file, n.pos(), "'" + n.name() + "' is " + arch
                    + "; remo has no such events (its x86 events are M, R, W, IW, F/MFENCE and X)");
        }
        throw CatFailure.recoverable("E-CAT-UNBOUND", file, n.pos(), "unbound name '" + n.name() + "'"
                + " (a let cannot refer to itself or to later bindings; use let rec for recursion)");
    }

    /** Applies a function value to an argument (herd7's {@code App}). */
    CatValue apply(CatValue f, CatValue arg, Position pos, String file) {
        if (f instanceof CatValue.Closure c) {
            if (callDepth >= MAX_CALL_DEPTH) {
                // a recursion that never reaches its base case (let rec f(x) = f(x | po)) need not run out of
                // stack: it can grow the heap for minutes instead, while no time limit is running yet
                throw CatFailure.fatal("E-CAT-LIMIT", file, pos, "function calls nested more than " + MAX_CALL_DEPTH
                        + " deep: a recursive function that never reaches its base case?");
            }
            callDepth++;
            try {
                CatEnvironment inner = bindPattern(c.parameter, CatEnvironment.Thunk.of(arg), c.env, pos, file);
                return eval(c.body, inner, c.file);
            } finally {
                callDepth--;
            }
        }
        if (f instanceof CatValue.Primitive p) {
            return p.function().apply(arg, pos, file);
        }
        throw CatFailure.recoverable("E-CAT-TYPE", file, pos, "cannot apply " + f.typeName() + " to an argument");
    }

    // ---------------------------------------------------------------- bindings

    /** Binds {@code pattern} to {@code value} (a tuple pattern destructures the tuple lazily). */
    CatEnvironment bindPattern(CatPattern pattern, CatEnvironment.Thunk value, CatEnvironment env, Position pos, String file) {
        if (!pattern.tuple()) {
            String x = pattern.single();
            return x == null ? env : env.with(x, value);
        }
        Map<String, CatEnvironment.Thunk> m = new LinkedHashMap<>();
        int k = pattern.names().size();
        for (int i = 0; i < k; i++) {
            String x = pattern.names().get(i);
            if (x == null) {
                continue;
            }
            int index = i;
            m.put(x, new CatEnvironment.Thunk(() -> {
                CatValue v = value.force();
                if (v instanceof CatValue.Tuple t && t.items().size() == k) {
                    return t.items().get(index);
                }
                throw CatFailure.recoverable("E-CAT-TYPE", file, pos, "binding mismatch: the pattern " + pattern
                        + " needs a tuple of " + k + ", found " + v.typeName());
            }));
        }
        return env.with(m);
    }

    /** {@code let b1 and b2 …}: every right-hand side sees {@code env}, not the new names. */
    CatEnvironment bind(List<CatStatement.Binding> bindings, CatEnvironment env, String file) {
        CatEnvironment out = env;
        for (CatStatement.Binding b : bindings) {
            CatEnvironment.Thunk t = new CatEnvironment.Thunk(() -> named(eval(b.expr(), env, file), b.name()));
            out = bindPattern(b.pattern(), t, out, b.pos(), file);
        }
        return out;
    }

    /** Gives a let name to an anonymous node, for messages and graph legends. */
    private CatValue named(CatValue v, String name) {
        if (name != null && v instanceof CatValue.Events ev) {
            Node n = ev.node();
            if (n.boundName == null && n.op != Node.Op.BUILTIN && n.op != Node.Op.EMPTY) {
                n.boundName = name;
            }
        }
        return v;
    }

    /** {@code let rec}: recursive functions, and the least fixpoint of set and relation bindings. */
    CatEnvironment bindRecursive(List<CatStatement.Binding> bindings, CatEnvironment env, String file) {
        return new RecursiveBinding(this, nodes).bind(bindings, env, file);
    }

    // ---------------------------------------------------------------- operators

    private CatValue binary(CatExpr.Binary b, CatEnvironment env, String file) {
        CatValue l = eval(b.left(), env, file);
        CatValue r = eval(b.right(), env, file);
        switch (b.op()) {
            case ADD:
                return add(l, r, b, file);
            case UNION:
            case INTERSECTION:
            case DIFFERENCE:
                if (isValueSet(l) && isValueSet(r) && !(isEmpty(l) && isEmpty(r))) {
                    return valueSetOperation(b.op(), asValues(l), asValues(r));
                }
                Node.Op op = b.op() == CatExpr.BinaryOp.UNION ? Node.Op.UNION
                        : b.op() == CatExpr.BinaryOp.INTERSECTION ? Node.Op.INTERSECTION : Node.Op.DIFFERENCE;
                return new CatValue.Events(nodes.setOperation(op, b.op().symbol(), node(l, b.left().pos(), file),
                        node(r, b.right().pos(), file), b.pos(), file));
            case SEQUENCE:
                return new CatValue.Events(nodes.sequence(node(l, b.left().pos(), file), node(r, b.right().pos(), file),
                        b.left().pos(), b.right().pos(), b.pos(), file));
            case PRODUCT:
                return new CatValue.Events(nodes.product(node(l, b.left().pos(), file), node(r, b.right().pos(), file),
                        b.left().pos(), b.right().pos(), b.pos(), file));
            default:
                throw new AssertionError(b.op());
        }
    }

    private static boolean isEmpty(CatValue v) {
        return v instanceof CatValue.Events ev && ev.node().op == Node.Op.EMPTY
                || v instanceof CatValue.Values vs && vs.elements().isEmpty();
    }

    private static boolean isValueSet(CatValue v) {
        return v instanceof CatValue.Values || v instanceof CatValue.Tag || isEmpty(v);
    }

    private static CatValue.Values asValues(CatValue v) {
        if (v instanceof CatValue.Values vs) {
            return vs;
        }
        if (v instanceof CatValue.Tag) {
            return new CatValue.Values(Set.of(v));
        }
        return new CatValue.Values(Set.of());
    }

    private static CatValue valueSetOperation(CatExpr.BinaryOp op, CatValue.Values l, CatValue.Values r) {
        Set<CatValue> out = new LinkedHashSet<>(l.elements());
        if (op == CatExpr.BinaryOp.UNION) {
            out.addAll(r.elements());
        } else if (op == CatExpr.BinaryOp.INTERSECTION) {
            out.retainAll(r.elements());
        } else {
            out.removeAll(r.elements());
        }
        return new CatValue.Values(out);
    }

    private CatValue add(CatValue element, CatValue set, CatExpr.Binary b, String file) {
        if (isValueSet(set) && !(set instanceof CatValue.Tag)) {
            Set<CatValue> out = new LinkedHashSet<>();
            out.add(element);
            out.addAll(asValues(set).elements());
            return new CatValue.Values(out);
        }
        throw unsupported(file, b.pos(), "'++' on an event set or relation (remo evaluates '++' when the model is "
                + "loaded, on sets of tags, tuples or relations only)");
    }

    private CatValue unary(CatExpr.Unary u, CatEnvironment env, String file) {
        CatValue v = eval(u.operand(), env, file);
        if (u.op() == CatExpr.UnaryOp.COMPLEMENT && v instanceof CatValue.Values vs && !vs.elements().isEmpty()
                && vs.elements().iterator().next() instanceof CatValue.Tag tag) {
            Set<CatValue> all = new LinkedHashSet<>();
            for (Map.Entry<String, String> t : tagTypes.entrySet()) {
                if (t.getValue().equals(tag.type())) {
                    all.add(new CatValue.Tag(tag.type(), t.getKey()));
                }
            }
            all.removeAll(vs.elements());
            return new CatValue.Values(all);
        }
        Node a = node(v, u.operand().pos(), file);
        switch (u.op()) {
            case COMPLEMENT: return new CatValue.Events(nodes.complement(a, u.pos(), file));
            case PLUS: return new CatValue.Events(nodes.unary(Node.Op.PLUS, a, "'+'", u.operand().pos(), u.pos(), file));
            case STAR: return new CatValue.Events(nodes.unary(Node.Op.STAR, a, "'*'", u.operand().pos(), u.pos(), file));
            case OPTION: return new CatValue.Events(nodes.unary(Node.Op.OPTION, a, "'?'", u.operand().pos(), u.pos(), file));
            case INVERSE: return new CatValue.Events(nodes.unary(Node.Op.INVERSE, a, "'^-1'", u.operand().pos(), u.pos(), file));
            case IDENTITY_OF:
                return new CatValue.Events(nodes.unary(Node.Op.IDENTITY_OF, a, "'[...]'", u.operand().pos(), u.pos(), file));
            default: throw new AssertionError(u.op());
        }
    }

    // ---------------------------------------------------------------- conditionals and matches

    private CatValue conditional(CatExpr.If i, CatEnvironment env, String file) {
        if (i.condition() instanceof CatExpr.Variant v) {
            if (v.condition().isConstant()) {
                return eval(v.condition().eval(remo.core.FlagValues.defaults()) ? i.then() : i.otherwise(), env, file);
            }
            Node a = node(eval(i.then(), env, file), i.then().pos(), file);
            Node b = node(eval(i.otherwise(), env, file), i.otherwise().pos(), file);
            return new CatValue.Events(nodes.conditional(v.condition(), a, b, i.pos(), file));
        }
        boolean holds;
        if (i.condition() instanceof CatExpr.Equal c) {
            holds = staticValue(eval(c.left(), env, file), c.left().pos(), file)
                    .equals(staticValue(eval(c.right(), env, file), c.right().pos(), file));
        } else if (i.condition() instanceof CatExpr.Subset c) {
            holds = asValues(staticValue(eval(c.right(), env, file), c.right().pos(), file)).elements()
                    .containsAll(asValues(staticValue(eval(c.left(), env, file), c.left().pos(), file)).elements());
        } else {
            CatExpr.Member c = (CatExpr.Member) i.condition();
            CatValue x = staticValue(eval(c.element(), env, file), c.element().pos(), file);
            holds = asValues(staticValue(eval(c.set(), env, file), c.set().pos(), file)).elements().contains(x);
        }
        return eval(holds ? i.then() : i.otherwise(), env, file);
    }

    /** A value an {@code if} can compare when the model is loaded (not a non-empty event set or relation). */
    private CatValue staticValue(CatValue v, Position pos, String file) {
        if (v instanceof CatValue.Events ev && ev.node().op != Node.Op.EMPTY) {
            throw unsupported(file, pos, "comparing event sets or relations in 'if' (remo decides 'if' when the "
                    + "model is loaded; only tags, sets of tags and variants can be compared)");
        }
        return isEmpty(v) ? new CatValue.Values(Set.of()) : v;
    }

    private CatValue match(CatExpr.Match m, CatEnvironment env, String file) {
        CatValue v = eval(m.subject(), env, file);
        if (!(v instanceof CatValue.Tag tag)) {
            if (v instanceof CatValue.Events) {
                throw unsupported(file, m.subject().pos(), "matching an event set or relation against tags");
            }
            throw CatFailure.recoverable("E-CAT-TYPE", file, m.subject().pos(), "match on tags needs a tag, found " + v.typeName());
        }
        for (CatExpr.Clause c : m.clauses()) {
            if (c.tag().equals(tag.name())) {
                return eval(c.body(), env, file);
            }
        }
        if (m.otherwise() != null) {
            return eval(m.otherwise(), env, file);
        }
        throw CatFailure.recoverable("E-CAT-FAIL", file, m.pos(), "pattern matching failed on value '" + tag.name());
    }

    private CatValue matchSet(CatExpr.MatchSet m, CatEnvironment env, String file) {
        CatValue v = eval(m.subject(), env, file);
        if (isEmpty(v)) {
            return eval(m.ifEmpty(), env, file);
        }
        if (!(v instanceof CatValue.Values vs)) {
            if (v instanceof CatValue.Events) {
                throw unsupported(file, m.pos(), "matching an event set or relation with '{} -> … || x ++ s -> …' "
                        + "(its elements are only known per program; remo matches sets of tags, tuples and relations)");
            }
            throw CatFailure.recoverable("E-CAT-TYPE", file, m.subject().pos(), "set matching needs a set, found " + v.typeName());
        }
        List<CatValue> items = vs.list();
        Map<String, CatEnvironment.Thunk> b = new LinkedHashMap<>();
        if (m.before() == null) {
            put(b, m.element(), items.get(0));
            put(b, m.rest(), new CatValue.Values(new LinkedHashSet<>(items.subList(1, items.size()))));
        } else {
            int mid = items.size() / 2;
            put(b, m.before(), new CatValue.Values(new LinkedHashSet<>(items.subList(0, mid))));
            put(b, m.element(), items.get(mid));
            put(b, m.rest(), new CatValue.Values(new LinkedHashSet<>(items.subList(mid + 1, items.size()))));
        }
        return eval(m.body(), env.with(b), file);
    }

    private static void put(Map<String, CatEnvironment.Thunk> m, String name, CatValue v) {
        if (name != null) {
            m.put(name, CatEnvironment.Thunk.of(v));
        }
    }
}
