package remo.models;

import java.util.LinkedHashMap;
import java.util.Map;
import remo.core.Position;

/**
 * herd7's predefined functions (herdtools7 {@code lib/interpreter.ml}, {@code add_primitives}).
 * {@code domain}, {@code range}, {@code fromto}, {@code as_transitive} and {@code fail} are
 * evaluated; the others compute sets of event sets or compare event values, which remo cannot do
 * when the model is loaded, and applying them is an E-CAT-UNSUPPORTED naming the function.
 */
final class CatPrimitives {

    /** A predefined function: the argument, and where it is applied. */
    @FunctionalInterface
    interface Function {
        CatValue apply(CatValue argument, Position pos, String file);
    }

    private static final Map<String, String> UNSUPPORTED = new LinkedHashMap<>();

    static {
        String sets = "it computes a set of event sets, which remo's per-candidate evaluation has no value for";
        UNSUPPORTED.put("classes-loc", sets);
        UNSUPPORTED.put("classes", sets);
        UNSUPPORTED.put("linearisations", "it enumerates orders (remo enumerates co itself; see 'with co from')");
        UNSUPPORTED.put("lift", "it lifts relations to event classes");
        UNSUPPORTED.put("delift", "it lowers relations over event classes");
        UNSUPPORTED.put("deliftinter", "it lowers relations over event classes");
        UNSUPPORTED.put("bisimulation", "it computes a bisimulation between event classes");
        UNSUPPORTED.put("tag2scope", "it reads the scope annotations of herd7's bell files");
        UNSUPPORTED.put("tag2level", "it reads the level annotations of herd7's bell files");
        UNSUPPORTED.put("tag2events", "it reads the event annotations of herd7's bell files");
        UNSUPPORTED.put("tag2fenced", "it reads the fence annotations of herd7's bell files");
        UNSUPPORTED.put("loc2events", "it selects events by location name");
        UNSUPPORTED.put("different-values", "it compares the values of events");
        UNSUPPORTED.put("same-oa", "it compares page-table entries, which remo does not model");
        UNSUPPORTED.put("at-least-one-writable", "it reads page-table entries, which remo does not model");
    }

    private final NodeFactory nodes;

    CatPrimitives(NodeFactory nodes) {
        this.nodes = nodes;
    }

    /** Every primitive, by name. */
    Map<String, CatValue> all() {
        Map<String, CatValue> out = new LinkedHashMap<>();
        out.put("domain", new CatValue.Primitive("domain", (a, pos, file) -> new CatValue.Events(
                nodes.unary(Node.Op.DOMAIN, relation(a, "domain", pos, file), "domain", pos, pos, file))));
        out.put("range", new CatValue.Primitive("range", (a, pos, file) -> new CatValue.Events(
                nodes.unary(Node.Op.RANGE, relation(a, "range", pos, file), "range", pos, pos, file))));
        out.put("fromto", new CatValue.Primitive("fromto", this::fromto));
        out.put("as_transitive", new CatValue.Primitive("as_transitive", (a, pos, file) -> new CatValue.Events(
                nodes.unary(Node.Op.PLUS, relation(a, "as_transitive", pos, file), "as_transitive", pos, pos, file))));
        out.put("fail", new CatValue.Primitive("fail", (a, pos, file) -> {
            throw CatFailure.recoverable("E-CAT-FAIL", file, pos, "the model calls fail");
        }));
        for (Map.Entry<String, String> u : UNSUPPORTED.entrySet()) {
            String name = u.getKey();
            String why = u.getValue();
            out.put(name, new CatValue.Primitive(name, (a, pos, file) -> {
                throw CatEvaluator.unsupported(file, pos, "the herd7 function '" + name + "': " + why);
            }));
        }
        return out;
    }

    private Node relation(CatValue a, String what, Position pos, String file) {
        if (a instanceof CatValue.Events ev) {
            return ev.node();
        }
        throw CatFailure.recoverable("E-CAT-TYPE", file, pos, what + " needs a relation, found " + a.typeName());
    }

    /**
     * {@code fromto(S)}: for every fence {@code f} in {@code S}, the events po-before {@code f} to
     * the events po-after it, i.e. {@code po; [S & F]; po} (x86 fences carry no label ranges).
     */
    private CatValue fromto(CatValue a, Position pos, String file) {
        Node s = a instanceof CatValue.Events ev ? ev.node() : null;
        if (s == null || s.type == Node.Type.RELATION) {
            throw CatFailure.recoverable("E-CAT-TYPE", file, pos, "fromto needs an event set, found " + a.typeName());
        }
        Node fences = nodes.setOperation(Node.Op.INTERSECTION, "&", s, nodes.builtin(Builtin.F), pos, file);
        Node po = nodes.builtin(Builtin.PO);
        Node id = nodes.unary(Node.Op.IDENTITY_OF, fences, "[...]", pos, pos, file);
        return new CatValue.Events(nodes.sequence(nodes.sequence(po, id, pos, pos, pos, file), po, pos, pos, pos, file));
    }
}
