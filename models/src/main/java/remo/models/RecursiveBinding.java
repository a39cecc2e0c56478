package remo.models;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.models.cat.CatExpr;
import remo.models.cat.CatStatement;

/**
 * {@code let rec b1 and … and bk} (models.md §7.2): function bindings become closures that see
 * every name of the group; set and relation bindings become a fixpoint group of {@link Node}s,
 * evaluated per candidate from empty values until nothing changes. Each such binding must occur
 * only positively in the group (E-CAT-NONMONO otherwise).
 */
final class RecursiveBinding {
    private final CatEvaluator evaluator;
    private final NodeFactory nodes;

    RecursiveBinding(CatEvaluator evaluator, NodeFactory nodes) {
        this.evaluator = evaluator;
        this.nodes = nodes;
    }

    CatEnvironment bind(List<CatStatement.Binding> bindings, CatEnvironment env, String file) {
        Map<String, CatEnvironment.Thunk> names = new LinkedHashMap<>();
        List<CatValue.Closure> closures = new ArrayList<>();
        List<CatStatement.Binding> values = new ArrayList<>();
        for (CatStatement.Binding b : bindings) {
            if (b.pattern().tuple() || b.name() == null) {
                throw CatEvaluator.unsupported(file, b.pos(), "a tuple or '_' pattern in 'let rec'");
            }
            if (b.expr() instanceof CatExpr.Fun f) {
                CatValue.Closure c = new CatValue.Closure(f.parameter(), f.body(), b.name(), env, file);
                closures.add(c);
                names.put(b.name(), CatEnvironment.Thunk.of(c));
            } else {
                values.add(b);
            }
        }
        int k = values.size();
        Node[] vars = new Node[k];
        Node[] bodies = new Node[k];
        Node.RecGroup group = k == 0 ? null : new Node.RecGroup(nodes.newGroup(), vars, bodies);
        for (int i = 0; i < k; i++) {
            CatStatement.Binding b = values.get(i);
            vars[i] = nodes.recursionVariable(b.pos(), file, b.name());
            vars[i].group = group;
            vars[i].recIndex = i;
            names.put(b.name(), CatEnvironment.Thunk.of(new CatValue.Events(vars[i])));
        }
        CatEnvironment inner = env.with(names);
        for (CatValue.Closure c : closures) {
            c.env = inner;
        }
        if (k == 0) {
            return inner;
        }
        // two passes so that variable types flow between mutually recursive bindings
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < k; i++) {
                CatStatement.Binding b = values.get(i);
                bodies[i] = evaluator.node(evaluator.eval(b.expr(), inner, file), b.expr().pos(), file);
                if (vars[i].type == Node.Type.ANY) {
                    vars[i].type = bodies[i].type;
                } else if (bodies[i].type != Node.Type.ANY && bodies[i].type != vars[i].type) {
                    throw CatFailure.fatal("E-CAT-TYPE", file, b.pos(), "'" + b.name() + "' is bound to "
                            + bodies[i].type.describe() + " but used as " + vars[i].type.describe());
                }
            }
        }
        boolean dynamic = false;
        for (int i = 0; i < k; i++) {
            if (vars[i].type == Node.Type.ANY) {
                vars[i].type = Node.Type.RELATION;
            }
            dynamic |= bodies[i].dynamic;
            checkMonotone(bodies[i], group, true, values.get(i), new java.util.HashSet<>());
        }
        group.dynamic = dynamic;
        for (Node v : vars) {
            v.dynamic = dynamic;
        }
        for (int i = 0; i < k; i++) {
            markRecursive(bodies[i], group, new java.util.HashMap<>());
            if (bodies[i].boundName == null && bodies[i].op != Node.Op.BUILTIN && bodies[i].op != Node.Op.EMPTY) {
                bodies[i].boundName = values.get(i).name();
            }
        }
        return inner;
    }

    private static boolean markRecursive(Node n, Node.RecGroup group, Map<Node, Boolean> seen) {
        if (n.op == Node.Op.REC_VAR) {
            return n.group == group;
        }
        Boolean known = seen.get(n);
        if (known != null) {
            return known;
        }
        boolean l = n.left != null && markRecursive(n.left, group, seen);
        boolean r = n.right != null && markRecursive(n.right, group, seen);
        if (l || r) {
            n.inRec = true;
        }
        seen.put(n, n.inRec);
        return n.inRec;
    }

    private static void checkMonotone(Node n, Node.RecGroup group, boolean positive, CatStatement.Binding b,
                                      java.util.Set<String> seen) {
        if (!seen.add(n.id + (positive ? "+" : "-"))) {
            return;
        }
        if (n.op == Node.Op.REC_VAR) {
            if (n.group == group && !positive) {
                throw CatFailure.fatal("E-CAT-NONMONO", n.file, b.pos(), "'" + n.boundName
                        + "' occurs negatively (under ~ or on the right of \\) in its own let rec; "
                        + "the least fixpoint is undefined");
            }
            return;
        }
        if (n.left != null) {
            checkMonotone(n.left, group, n.op == Node.Op.COMPLEMENT ? !positive : positive, b, seen);
        }
        if (n.right != null) {
            checkMonotone(n.right, group, n.op == Node.Op.DIFFERENCE ? !positive : positive, b, seen);
        }
    }
}
