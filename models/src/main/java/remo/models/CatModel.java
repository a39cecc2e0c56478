package remo.models;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import remo.litmus.Diagnostic;
import remo.litmus.FlagValues;
import remo.litmus.Position;
import remo.models.algebra.EventSet;
import remo.models.cat.CatException;
import remo.models.cat.CatExpr;
import remo.models.cat.CatParser;
import remo.models.cat.CatStatement;
import remo.models.cat.CatStatement.CheckKind;

/**
 * A loaded, resolved and type-checked cat model (models.md §7). Includes are inlined, names are
 * bound (a later {@code let} shadows an earlier one), types are checked and {@code let rec}
 * bindings are checked for monotonicity. Immutable; evaluate it through {@link #frame}.
 *
 * <p>Load models with {@link ModelLibrary}.
 */
public final class CatModel {
    private final String name;
    private final String title;
    private final List<ModelCheck> checks;
    private final List<ModelCheck> flags;
    private final List<ModelCheck> guards;
    private final Map<String, Node> bindings;
    private final List<String> shown;
    final int nodeCount;
    final int groupCount;
    private final String source;

    private CatModel(String name, String title, List<ModelCheck> checks, List<ModelCheck> flags, List<ModelCheck> guards,
                     Map<String, Node> bindings, List<String> shown, int nodeCount, int groupCount, String source) {
        this.name = name;
        this.title = title;
        this.checks = List.copyOf(checks);
        this.flags = List.copyOf(flags);
        this.guards = List.copyOf(guards);
        this.bindings = Collections.unmodifiableMap(bindings);
        this.shown = List.copyOf(shown);
        this.nodeCount = nodeCount;
        this.groupCount = groupCount;
        this.source = source;
    }

    /** The model's name: its file name without {@code .cat}. */
    public String name() {
        return name;
    }

    /**
     * Where the model's top file came from: {@code bundled:NAME.cat} for a model of the bundled
     * library, the absolute path of a file, or {@code text:NAME} for a model loaded from text.
     */
    public String source() {
        return source;
    }

    /**
     * Whether the model is one of the bundled models of models.md §7.6, loaded by name (a user
     * file with the same file name is not bundled).
     */
    public boolean isBundled() {
        return source.startsWith("bundled:");
    }

    /** The title string at the top of the file, or the name if there is none. */
    public String title() {
        return title != null ? title : name;
    }

    /** The consistency checks (not flags), in file order. */
    public List<ModelCheck> checks() {
        return checks;
    }

    /** The per-execution {@code flag} checks that are not instruction guards. */
    public List<ModelCheck> flagChecks() {
        return flags;
    }

    /** The instruction guards ({@code flag ~empty S as unsupported…}). */
    public List<ModelCheck> guards() {
        return guards;
    }

    /** The names bound at the end of the file (let names), for {@code --show}. */
    public Set<String> boundNames() {
        return bindings.keySet();
    }

    /** The expressions named by {@code show} statements. */
    public List<String> shownNames() {
        return shown;
    }

    /** Whether {@code name} is bound by a {@code let} and denotes a relation. */
    public boolean isRelationName(String relationName) {
        Node n = bindings.get(relationName);
        return n != null && n.type != Node.Type.SET;
    }

    /**
     * Whether some consistency or flag check depends on built-in {@code b} (under any flag
     * setting: both branches of {@code if} count). A model that never reads {@code rao}, for
     * example, accepts a candidate under every rao order or none.
     */
    public boolean reads(Builtin b) {
        java.util.Set<Node> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (List<ModelCheck> list : List.of(checks, flags)) {
            for (ModelCheck c : list) {
                if (reads(c.expr, b, seen)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean reads(Node n, Builtin b, java.util.Set<Node> seen) {
        if (n == null || !seen.add(n)) {
            return false;
        }
        if (n.op == Node.Op.BUILTIN && n.builtin == b) {
            return true;
        }
        if (n.op == Node.Op.REC_VAR) {
            for (Node body : n.group.bodies) {
                if (reads(body, b, seen)) {
                    return true;
                }
            }
            return false;
        }
        return reads(n.left, b, seen) || reads(n.right, b, seen);
    }

    Optional<Node> binding(String bindingName) {
        return Optional.ofNullable(bindings.get(bindingName));
    }

    /**
     * Creates an evaluation frame over one event universe.
     *
     * @param universe the static built-ins
     * @param flagValues the flag values deciding {@code if} variants
     * @param skippedChecks names of consistency checks to ignore (as herd7's {@code -skipcheck})
     */
    public ModelFrame frame(EventUniverse universe, FlagValues flagValues, Set<String> skippedChecks) {
        return new ModelFrame(this, universe, flagValues, skippedChecks);
    }

    /**
     * Evaluates an instruction guard's set on {@code universe} (models.md §7.4).
     *
     * @throws IllegalArgumentException if {@code guard} is not one of {@link #guards()}
     */
    public EventSet guardEvents(ModelCheck guard, EventUniverse universe, FlagValues flagValues) {
        if (!guards.contains(guard)) {
            throw new IllegalArgumentException("not a guard of " + name + ": " + guard);
        }
        ModelFrame f = frame(universe, flagValues, Set.of());
        Object v = f.evalStatic(guard.expr, Bound.UPPER);
        return v instanceof EventSet s ? s : EventSet.empty(universe.size());
    }

    // ------------------------------------------------------------------ resolution

    /** Turns parsed files into a model. Used by {@link ModelLibrary}. */
    static final class Resolver {
        private final ModelLibrary.Source source;
        private final Map<String, Node> env = new LinkedHashMap<>();
        private final List<ModelCheck> checks = new ArrayList<>();
        private final List<ModelCheck> flags = new ArrayList<>();
        private final List<ModelCheck> guards = new ArrayList<>();
        private final List<String> shown = new ArrayList<>();
        private final java.util.Set<String> included = new java.util.HashSet<>();
        private final Map<Builtin, Node> builtinNodes = new HashMap<>();
        private int nextNode;
        private int nextGroup;

        Resolver(ModelLibrary.Source source) {
            this.source = source;
        }

        CatModel resolve(String name, CatParser.CatFile file, String identity) throws CatException {
            included.add(identity);
            statements(file);
            return new CatModel(name, file.title(), checks, flags, guards, new LinkedHashMap<>(env), shown,
                    nextNode, nextGroup, identity);
        }

        private void statements(CatParser.CatFile file) throws CatException {
            for (CatStatement s : file.statements()) {
                statement(s, file);
            }
        }

        private CatException error(String code, String file, Position pos, String message) {
            return new CatException(Diagnostic.error(code, file, pos, message));
        }

        private void statement(CatStatement s, CatParser.CatFile file) throws CatException {
            if (s instanceof CatStatement.Let let) {
                if (let.recursive()) {
                    letRec(let);
                } else {
                    List<Node> values = new ArrayList<>();
                    for (CatStatement.Binding b : let.bindings()) {
                        values.add(expr(b.expr(), let.file()));
                    }
                    for (int i = 0; i < values.size(); i++) {
                        bind(let.bindings().get(i).name(), values.get(i));
                    }
                }
            } else if (s instanceof CatStatement.Include inc) {
                String target = inc.target();
                if (target.equals("cos.cat") || target.equals("stdlib.cat")) {
                    return;
                }
                ModelLibrary.Loaded loaded = source.include(target, inc.file(), inc.pos());
                if (!included.add(loaded.identity())) {
                    return;
                }
                statements(loaded.file());
            } else if (s instanceof CatStatement.Check c) {
                Node e = expr(c.expr(), c.file());
                if (c.kind() != CheckKind.EMPTY && e.type == Node.Type.SET) {
                    throw error("E-CAT-TYPE", c.file(), c.expr().pos(),
                            c.kind().keyword() + " needs a relation, found a set");
                }
                boolean guard = c.flag() && c.name() != null && c.name().startsWith("unsupported");
                if (guard) {
                    checkGuardShape(e, c);
                    guards.add(new ModelCheck(guards.size(), c.kind(), c.negated(), e, c.name(), true, c.pos(), c.file()));
                } else if (c.flag()) {
                    flags.add(new ModelCheck(flags.size(), c.kind(), c.negated(), e, c.name(), true, c.pos(), c.file()));
                } else {
                    checks.add(new ModelCheck(checks.size(), c.kind(), c.negated(), e, c.name(), false, c.pos(), c.file()));
                }
            } else if (s instanceof CatStatement.Show show) {
                for (int i = 0; i < show.exprs().size(); i++) {
                    Node n = expr(show.exprs().get(i), show.file());
                    String nm = show.names().get(i);
                    if (show.show()) {
                        if (!env.containsKey(nm)) {
                            env.put(nm, n);
                        }
                        shown.add(nm);
                    } else {
                        shown.remove(nm);
                    }
                }
            } else {
                throw new AssertionError(s);
            }
        }

        private void checkGuardShape(Node e, CatStatement.Check c) throws CatException {
            if (e.type == Node.Type.RELATION || e.dynamic || !c.negated() || c.kind() != CheckKind.EMPTY
                    || !setShaped(e)) {
                throw error("E-CAT-TYPE", c.file(), c.pos(), "instruction guard '" + c.name()
                        + "' must have the form 'flag ~empty S' with S a set built from event classes with | & \\ ~");
            }
        }

        private boolean setShaped(Node e) {
            switch (e.op) {
                case BUILTIN: return e.builtin.isSet();
                case EMPTY: return true;
                case UNION: case INTERSECTION: case DIFFERENCE: case IF:
                    return setShaped(e.left) && setShaped(e.right);
                case COMPLEMENT: return setShaped(e.left);
                default: return false;
            }
        }

        private void bind(String name, Node value) {
            if (value.boundName == null && value.op != Node.Op.BUILTIN) {
                value.boundName = name;
            }
            env.put(name, value);
        }

        private void letRec(CatStatement.Let let) throws CatException {
            int k = let.bindings().size();
            Node[] vars = new Node[k];
            Node[] bodies = new Node[k];
            Node.RecGroup group = new Node.RecGroup(nextGroup++, vars, bodies);
            Map<String, Node> saved = new HashMap<>();
            for (int i = 0; i < k; i++) {
                CatStatement.Binding b = let.bindings().get(i);
                vars[i] = new Node(nextNode++, Node.Op.REC_VAR, Node.Type.ANY, null, null, null, null, b.pos(), let.file());
                vars[i].group = group;
                vars[i].recIndex = i;
                vars[i].boundName = b.name();
                if (!saved.containsKey(b.name())) {
                    saved.put(b.name(), env.get(b.name()));
                }
                env.put(b.name(), vars[i]);
            }
            // two passes so that variable types flow between mutually recursive bindings
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i < k; i++) {
                    bodies[i] = expr(let.bindings().get(i).expr(), let.file());
                    if (vars[i].type == Node.Type.ANY) {
                        vars[i].type = bodies[i].type;
                    } else if (bodies[i].type != Node.Type.ANY && bodies[i].type != vars[i].type) {
                        throw error("E-CAT-TYPE", let.file(), let.bindings().get(i).pos(), "'" + let.bindings().get(i).name()
                                + "' is bound to " + bodies[i].type.describe() + " but used as " + vars[i].type.describe());
                    }
                }
            }
            boolean dynamic = false;
            for (int i = 0; i < k; i++) {
                if (vars[i].type == Node.Type.ANY) {
                    vars[i].type = Node.Type.RELATION;
                }
                dynamic |= bodies[i].dynamic;
                checkMonotone(bodies[i], group, true, let.bindings().get(i));
            }
            group.dynamic = dynamic;
            for (Node v : vars) {
                v.dynamic = dynamic;
            }
            for (int i = 0; i < k; i++) {
                markRecursive(bodies[i], group);
                bodies[i].boundName = bodies[i].boundName == null ? let.bindings().get(i).name() : bodies[i].boundName;
            }
        }

        private boolean markRecursive(Node n, Node.RecGroup group) {
            if (n.op == Node.Op.REC_VAR) {
                return n.group == group;
            }
            boolean l = n.left != null && markRecursive(n.left, group);
            boolean r = n.right != null && markRecursive(n.right, group);
            if (l || r) {
                n.inRec = true;
            }
            return n.inRec;
        }

        private void checkMonotone(Node n, Node.RecGroup group, boolean positive, CatStatement.Binding b) throws CatException {
            if (n.op == Node.Op.REC_VAR) {
                if (n.group == group && !positive) {
                    throw error("E-CAT-NONMONO", n.file, b.pos(), "'" + n.boundName
                            + "' occurs negatively (under ~ or on the right of \\) in its own let rec; "
                            + "the least fixpoint is undefined");
                }
                return;
            }
            if (n.left != null) {
                checkMonotone(n.left, group, n.op == Node.Op.COMPLEMENT ? !positive : positive, b);
            }
            if (n.right != null) {
                checkMonotone(n.right, group, n.op == Node.Op.DIFFERENCE ? !positive : positive, b);
            }
        }

        private Node node(Node.Op op, Node.Type type, Node left, Node right, Position pos, String file) {
            Node n = new Node(nextNode++, op, type, left, right, null, null, pos, file);
            n.dynamic = (left != null && left.dynamic) || (right != null && right.dynamic);
            return n;
        }

        private Node expr(CatExpr e, String file) throws CatException {
            if (e instanceof CatExpr.Name nm) {
                Node bound = env.get(nm.name());
                if (bound != null) {
                    return bound;
                }
                Builtin b = Builtin.byCatName(nm.name());
                if (b == null) {
                    throw error("E-CAT-UNBOUND", file, nm.pos(), "unbound name '" + nm.name() + "'"
                            + " (a let cannot refer to itself or to later bindings; use let rec for recursion)");
                }
                return builtinNodes.computeIfAbsent(b, k -> {
                    Node n = new Node(nextNode++, Node.Op.BUILTIN, k.isSet() ? Node.Type.SET : Node.Type.RELATION,
                            null, null, k, null, nm.pos(), file);
                    n.dynamic = k.isWitness();
                    return n;
                });
            }
            if (e instanceof CatExpr.Empty) {
                return node(Node.Op.EMPTY, Node.Type.ANY, null, null, e.pos(), file);
            }
            if (e instanceof CatExpr.If iff) {
                Node t = expr(iff.then(), file);
                Node o = expr(iff.otherwise(), file);
                Node.Type type = unify(t.type, o.type, "the branches of 'if'", iff.pos(), file);
                Node n = new Node(nextNode++, Node.Op.IF, type, t, o, null, iff.condition(), iff.pos(), file);
                n.dynamic = t.dynamic || o.dynamic;
                return n;
            }
            if (e instanceof CatExpr.Binary bin) {
                Node l = expr(bin.left(), file);
                Node r = expr(bin.right(), file);
                String sym = "'" + bin.op().symbol() + "'";
                switch (bin.op()) {
                    case UNION:
                        return node(Node.Op.UNION, unify(l.type, r.type, "the operands of " + sym, bin.pos(), file), l, r, bin.pos(), file);
                    case INTERSECTION:
                        return node(Node.Op.INTERSECTION, unify(l.type, r.type, "the operands of " + sym, bin.pos(), file), l, r, bin.pos(), file);
                    case DIFFERENCE:
                        return node(Node.Op.DIFFERENCE, unify(l.type, r.type, "the operands of " + sym, bin.pos(), file), l, r, bin.pos(), file);
                    case SEQUENCE:
                        expect(l, Node.Type.RELATION, sym, bin.left().pos(), file);
                        expect(r, Node.Type.RELATION, sym, bin.right().pos(), file);
                        return node(Node.Op.SEQUENCE, Node.Type.RELATION, l, r, bin.pos(), file);
                    case PRODUCT:
                        expect(l, Node.Type.SET, sym, bin.left().pos(), file);
                        expect(r, Node.Type.SET, sym, bin.right().pos(), file);
                        return node(Node.Op.PRODUCT, Node.Type.RELATION, l, r, bin.pos(), file);
                    default:
                        throw new AssertionError(bin.op());
                }
            }
            CatExpr.Unary u = (CatExpr.Unary) e;
            Node a = expr(u.operand(), file);
            switch (u.op()) {
                case COMPLEMENT:
                    if (a.type == Node.Type.ANY && a.op == Node.Op.EMPTY) {
                        throw error("E-CAT-TYPE", file, u.pos(), "cannot tell whether the complement of an empty "
                                + "expression is a set or a relation; write ~[_] style expressions explicitly");
                    }
                    return node(Node.Op.COMPLEMENT, a.type, a, null, u.pos(), file);
                case PLUS:
                    expect(a, Node.Type.RELATION, "'+'", u.operand().pos(), file);
                    return node(Node.Op.PLUS, Node.Type.RELATION, a, null, u.pos(), file);
                case STAR:
                    expect(a, Node.Type.RELATION, "'*'", u.operand().pos(), file);
                    return node(Node.Op.STAR, Node.Type.RELATION, a, null, u.pos(), file);
                case OPTION:
                    expect(a, Node.Type.RELATION, "'?'", u.operand().pos(), file);
                    return node(Node.Op.OPTION, Node.Type.RELATION, a, null, u.pos(), file);
                case INVERSE:
                    expect(a, Node.Type.RELATION, "'^-1'", u.operand().pos(), file);
                    return node(Node.Op.INVERSE, Node.Type.RELATION, a, null, u.pos(), file);
                case IDENTITY_OF:
                    expect(a, Node.Type.SET, "'[...]'", u.operand().pos(), file);
                    return node(Node.Op.IDENTITY_OF, Node.Type.RELATION, a, null, u.pos(), file);
                case DOMAIN:
                    expect(a, Node.Type.RELATION, "domain", u.operand().pos(), file);
                    return node(Node.Op.DOMAIN, Node.Type.SET, a, null, u.pos(), file);
                case RANGE:
                    expect(a, Node.Type.RELATION, "range", u.operand().pos(), file);
                    return node(Node.Op.RANGE, Node.Type.SET, a, null, u.pos(), file);
                default:
                    throw new AssertionError(u.op());
            }
        }

        private void expect(Node n, Node.Type type, String what, Position pos, String file) throws CatException {
            if (n.type != Node.Type.ANY && n.type != type) {
                throw error("E-CAT-TYPE", file, pos, what + " needs " + type.describe() + ", found " + n.type.describe()
                        + " ('" + n + "')");
            }
        }

        private Node.Type unify(Node.Type a, Node.Type b, String what, Position pos, String file) throws CatException {
            if (a == Node.Type.ANY) {
                return b;
            }
            if (b == Node.Type.ANY || a == b) {
                return a;
            }
            throw error("E-CAT-TYPE", file, pos, what + " have different types: " + a.describe() + " and " + b.describe());
        }
    }
}
