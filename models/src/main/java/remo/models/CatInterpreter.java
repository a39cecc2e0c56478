package remo.models;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.core.Position;
import remo.models.cat.CatCondition;
import remo.models.cat.CatException;
import remo.models.cat.CatParser;
import remo.models.cat.CatStatement;
import remo.models.cat.CatStatement.CheckKind;

/**
 * Runs the statements of a model when it is loaded (models.md §7.2 and herd7's instructions):
 * bindings, includes, checks, procedures and calls, enumerations, {@code forall}, {@code if}
 * on variants, statement-level {@code match}, {@code show}. The result is the model's checks over
 * the expression graph; the per-candidate evaluation is {@link ModelFrame}'s.
 *
 * <p>Top-level bindings are evaluated when they are made (herd7 evaluates them when they are
 * used): a binding that cannot be evaluated is reported at once, at the offending sub-expression.
 * An {@code if} on one of remo's flags (models.md §8) runs both branches: their checks hold only
 * under their branch's condition, and a name bound differently in the two branches denotes the
 * conditional expression.
 */
final class CatInterpreter {

    /** What loading produced. */
    record Result(String title, String identity, List<CatCheck> checks, List<CatCheck> flags, List<CatCheck> guards,
                  Map<String, Node> bindings, Map<String, Node> shownNodes, List<String> shown,
                  List<remo.core.Diagnostic> warnings) {
    }

    private final ModelLibrary.Source source;
    private final NodeFactory nodes;
    private final Map<String, String> tagTypes = new LinkedHashMap<>();
    private final CatEvaluator evaluator;
    private final CatModel.Vocabulary vocabulary;
    private final List<CatCheck> checks = new ArrayList<>();
    private final List<CatCheck> flags = new ArrayList<>();
    private final List<CatCheck> guards = new ArrayList<>();
    private final Map<String, Node> shownNodes = new LinkedHashMap<>();
    private final List<String> shown = new ArrayList<>();
    private final Set<String> included = new HashSet<>();
    /** The files being run, outermost first: an include of one of them is a cycle. */
    private final Deque<String> running = new ArrayDeque<>();
    private final List<remo.core.Diagnostic> warnings = new ArrayList<>();
    private final Deque<CatCondition> branch = new ArrayDeque<>();
    private final Deque<String> calls = new ArrayDeque<>();

    CatInterpreter(ModelLibrary.Source source, NodeFactory nodes, CatModel.Vocabulary vocabulary) {
        this.source = source;
        this.nodes = nodes;
        this.vocabulary = vocabulary;
        this.evaluator = new CatEvaluator(nodes, tagTypes);
    }

    /**
     * Loads a model.
     *
     * @param top      the parsed top file
     * @param identity its identity (a second include of it is skipped)
     * @param prelude  a file to include first ({@code stdlib.cat} for herd7's models), or null
     */
    Result run(CatParser.CatFile top, String identity, String prelude) throws CatException {
        included.add(identity);
        running.push(identity);
        CatEnvironment predefined = Predefined.environment(vocabulary, nodes, evaluator.primitives());
        try {
            CatEnvironment env = predefined;
            if (prelude != null) {
                env = include(prelude, top.name(), Position.START, env);
            }
            env = run(top.statements(), env);
            Map<String, Node> bindings = new LinkedHashMap<>();
            for (Map.Entry<String, CatEnvironment.Thunk> b : env.since(predefined).entrySet()) {
                if (b.getValue().isValue() && b.getValue().force() instanceof CatValue.Events ev) {
                    bindings.put(b.getKey(), ev.node());
                }
            }
            if (checks.isEmpty()) {
                warnings.add(remo.core.Diagnostic.warning("W-EMPTY-MODEL", top.name(), Position.START, "the model has no "
                        + "checks (acyclic, irreflexive, empty): it allows every candidate execution"));
            }
            return new Result(top.title(), top.identity(), checks, flags, guards, bindings, shownNodes, shown, warnings);
        } catch (CatFailure f) {
            throw f.toException();
        }
    }

    private CatEnvironment run(List<CatStatement> statements, CatEnvironment env) {
        for (CatStatement s : statements) {
            env = exec(s, env);
        }
        return env;
    }

    private CatEnvironment include(String target, String from, Position pos, CatEnvironment env) {
        ModelLibrary.Loaded loaded;
        try {
            loaded = source.include(target, from, pos);
        } catch (CatException e) {
            throw CatFailure.of(e);
        }
        if (running.contains(loaded.identity())) {
            // herd7 would recurse; a file already being read adds nothing new, but say so
            warnings.add(remo.core.Diagnostic.warning("W-INCLUDE-CYCLE", from, pos, "include cycle: '"
                    + remo.core.SourceText.quote(target) + "' is already being read (it includes itself"
                    + (running.size() > 1 ? ", through another include" : "") + "); this include is skipped"));
            return env;
        }
        if (!included.add(loaded.identity())) {
            return env;
        }
        running.push(loaded.identity());
        try {
            return run(loaded.file().statements(), env);
        } finally {
            running.pop();
        }
    }

    private CatEnvironment exec(CatStatement s, CatEnvironment env) {
        String file = s.file();
        if (s instanceof CatStatement.Let let) {
            CatEnvironment out = let.recursive() ? evaluator.bindRecursive(let.bindings(), env, file)
                    : evaluator.bind(let.bindings(), env, file);
            for (CatEnvironment.Thunk t : out.since(env).values()) {
                t.force();
            }
            if (let.when() != null) {
                // herd7 stops the fixpoint when the check fails; the bindings grow monotonically, so
                // for a positive check that is the check on the fixpoint
                if (let.when().negated()) {
                    throw CatEvaluator.unsupported(file, let.when().pos(), "'let rec … when ~…' (a negated check "
                            + "interrupting a fixpoint)");
                }
                check(let.when(), out);
            }
            return out;
        }
        if (s instanceof CatStatement.Include inc) {
            return include(inc.target(), file, inc.pos(), env);
        }
        if (s instanceof CatStatement.Check c) {
            check(c, env);
            return env;
        }
        if (s instanceof CatStatement.Show show) {
            show(show, env);
            return env;
        }
        if (s instanceof CatStatement.Procedure p) {
            CatValue.Procedure proc = new CatValue.Procedure(p.name(), p.parameter(), p.body(), env, file);
            CatEnvironment out = env.with(p.name(), CatEnvironment.Thunk.of(proc));
            if (p.recursive()) {
                proc.env = out;
            }
            return out;
        }
        if (s instanceof CatStatement.Call call) {
            call(call, env);
            return env;
        }
        if (s instanceof CatStatement.Enum en) {
            Set<CatValue> tags = new LinkedHashSet<>();
            for (String t : en.tags()) {
                tagTypes.put(t, en.name());
                tags.add(new CatValue.Tag(en.name(), t));
            }
            return env.with(en.name(), CatEnvironment.Thunk.of(new CatValue.Values(tags)));
        }
        if (s instanceof CatStatement.Forall f) {
            CatValue v = evaluator.eval(f.set(), env, file);
            if (v instanceof CatValue.Events ev && ev.node().op != Node.Op.EMPTY) {
                throw CatEvaluator.unsupported(file, f.set().pos(), "'forall' over an event set or relation");
            }
            List<CatValue> items = v instanceof CatValue.Values vs ? vs.list() : v instanceof CatValue.Tag ? List.of(v) : List.of();
            for (CatValue item : items) {
                run(f.body(), env.with(f.variable(), CatEnvironment.Thunk.of(item)));
            }
            return env;
        }
        if (s instanceof CatStatement.WithFrom w) {
            if (!w.variable().equals("co")) {
                throw CatEvaluator.unsupported(file, w.pos(), "'with " + w.variable() + " from …' (remo enumerates "
                        + "only co, itself)");
            }
            // remo's engine enumerates every coherence order (models.md §4.1): the linear extensions
            // of co0 per location that herd7's cos.cat enumerates with generate_cos
            return env.with("co", CatEnvironment.Thunk.of(new CatValue.Events(nodes.builtin(Builtin.CO))));
        }
        if (s instanceof CatStatement.IfVariant iv) {
            return ifVariant(iv, env);
        }
        if (s instanceof CatStatement.MatchTag m) {
            CatValue v = evaluator.eval(m.subject(), env, file);
            if (!(v instanceof CatValue.Tag tag)) {
                throw CatEvaluator.unsupported(file, m.subject().pos(), "statement 'match' on " + v.typeName()
                        + " (remo matches tags)");
            }
            for (CatStatement.TagClause c : m.clauses()) {
                if (c.tag().equals(tag.name())) {
                    return run(c.body(), env);
                }
            }
            if (m.otherwise() == null) {
                throw CatFailure.fatal("E-CAT-FAIL", file, m.pos(), "pattern matching failed on value '" + tag.name());
            }
            return run(m.otherwise(), env);
        }
        if (s instanceof CatStatement.Debug) {
            return env;
        }
        if (s instanceof CatStatement.Events ev) {
            throw CatEvaluator.unsupported(file, ev.pos(), "the bell declaration '" + (ev.isDefault() ? "default" : "instructions")
                    + " " + ev.name() + "[…]' (herd7's bell files annotate events; remo's events carry no annotations)");
        }
        throw new AssertionError(s);
    }

    private CatCondition currentBranch() {
        CatCondition c = null;
        for (CatCondition b : branch) {
            c = c == null ? b : new CatCondition.And(c, b);
        }
        return c;
    }

    private void check(CatStatement.Check c, CatEnvironment env) {
        String file = c.file();
        if (c.type() == CatStatement.TestType.ASSERT) {
            throw CatEvaluator.unsupported(file, c.pos(), "'assert' (herd7 stops the run when an assertion fails; "
                    + "remo has no such outcome)");
        }
        Node e = evaluator.node(evaluator.eval(c.expr(), env, file), c.expr().pos(), file);
        if (c.kind() != CheckKind.EMPTY && e.type == Node.Type.SET) {
            throw CatFailure.fatal("E-CAT-TYPE", file, c.expr().pos(), c.kind().keyword() + " needs a relation, found a set");
        }
        String name = c.name() != null ? c.name() : calls.peek();
        List<String> aliases = new ArrayList<>(calls);
        CatCondition condition = currentBranch();
        boolean guard = c.flag() && name != null && name.startsWith("unsupported");
        if (guard) {
            checkGuardShape(e, c);
            guards.add(new CatCheck(guards.size(), c.kind(), c.negated(), e, name, true, c.pos(), file, condition, aliases));
        } else if (c.type() == CatStatement.TestType.FLAG) {
            flags.add(new CatCheck(flags.size(), c.kind(), c.negated(), e, name, true, c.pos(), file, condition, aliases));
        } else if (c.type() == CatStatement.TestType.UNDEFINED_UNLESS) {
            // herd7 flags an execution whose undefined_unless check fails
            flags.add(new CatCheck(flags.size(), c.kind(), !c.negated(), e, name == null ? "undefined" : name, true,
                    c.pos(), file, condition, aliases));
        } else {
            checks.add(new CatCheck(checks.size(), c.kind(), c.negated(), e, name, false, c.pos(), file, condition, aliases));
        }
    }

    private void checkGuardShape(Node e, CatStatement.Check c) {
        if (e.type == Node.Type.RELATION || e.dynamic || !c.negated() || c.kind() != CheckKind.EMPTY || !setShaped(e)) {
            throw CatFailure.fatal("E-CAT-TYPE", c.file(), c.pos(), "instruction guard '" + c.name()
                    + "' must have the form 'flag ~empty S' with S a set built from event classes with | & \\ ~");
        }
    }

    private static boolean setShaped(Node e) {
        switch (e.op) {
            case BUILTIN: return e.builtin.isSet();
            case EMPTY: return true;
            case UNION: case INTERSECTION: case DIFFERENCE: case IF:
                return setShaped(e.left) && setShaped(e.right);
            case COMPLEMENT: return setShaped(e.left);
            default: return false;
        }
    }

    private void show(CatStatement.Show show, CatEnvironment env) {
        for (int i = 0; i < show.exprs().size(); i++) {
            String name = show.names().get(i);
            if (!show.show()) {
                shown.remove(name);
                continue;
            }
            try {
                if (evaluator.eval(show.exprs().get(i), env, show.file()) instanceof CatValue.Events ev) {
                    shownNodes.putIfAbsent(name, ev.node());
                    shown.add(name);
                }
            } catch (CatFailure f) {
                // as herd7, a shown name that cannot be evaluated is not shown
            }
        }
    }

    private void call(CatStatement.Call call, CatEnvironment env) {
        String file = call.file();
        CatEnvironment.Thunk t = env.lookup(call.name());
        if (t == null) {
            throw CatFailure.fatal("E-CAT-UNBOUND", file, call.pos(), "unbound procedure '" + call.name() + "'");
        }
        if (!(t.force() instanceof CatValue.Procedure proc)) {
            throw CatFailure.fatal("E-CAT-TYPE", file, call.pos(), "'" + call.name() + "' is not a procedure");
        }
        CatValue arg = evaluator.eval(call.argument(), env, file);
        CatEnvironment inner = evaluator.bindPattern(proc.parameter, CatEnvironment.Thunk.of(arg), proc.env, call.pos(), file);
        calls.push(call.asName() != null ? call.asName() : call.name());
        try {
            run(proc.body, inner);
        } finally {
            calls.pop();
        }
    }

    private CatEnvironment ifVariant(CatStatement.IfVariant iv, CatEnvironment env) {
        CatCondition c = iv.condition();
        if (c.isConstant()) {
            return run(c.eval(remo.core.FlagValues.defaults()) ? iv.then() : iv.otherwise(), env);
        }
        Set<String> includedBefore = new HashSet<>(included);
        branch.addLast(c);
        CatEnvironment then = run(iv.then(), env);
        branch.removeLast();
        Set<String> includedByThen = new HashSet<>(included);
        included.retainAll(includedBefore);
        branch.addLast(new CatCondition.Not(c));
        CatEnvironment otherwise = run(iv.otherwise(), env);
        branch.removeLast();
        included.addAll(includedByThen);
        Map<String, CatEnvironment.Thunk> merged = new LinkedHashMap<>();
        Set<String> names = new LinkedHashSet<>(then.since(env).keySet());
        names.addAll(otherwise.since(env).keySet());
        for (String name : names) {
            CatEnvironment.Thunk a = then.lookup(name);
            CatEnvironment.Thunk b = otherwise.lookup(name);
            if (a == b || (a != null && b != null && a.force().equals(b.force()))) {
                merged.put(name, a);
                continue;
            }
            if (a != null && b != null && a.force() instanceof CatValue.Events x && b.force() instanceof CatValue.Events y) {
                merged.put(name, CatEnvironment.Thunk.of(new CatValue.Events(nodes.conditional(c, x.node(), y.node(),
                        iv.pos(), iv.file()))));
                continue;
            }
            throw CatEvaluator.unsupported(iv.file(), iv.pos(), "'" + name + "' bound to "
                    + (a == null || b == null ? "a value in only one branch" : "functions or values other than event sets or relations")
                    + " of an 'if' on remo's flag " + c + " (decided per run, not when the model is loaded)");
        }
        return env.with(merged);
    }
}
