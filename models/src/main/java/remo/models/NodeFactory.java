package remo.models;

import java.util.HashMap;
import java.util.Map;
import remo.core.Position;
import remo.models.cat.CatCondition;

/**
 * Builds the typed expression graph of a model (models.md §7.3): one node per distinct
 * sub-expression (hash-consed, so a function applied twice to the same arguments, or a binding
 * written twice, is evaluated once per candidate), with the type rules of the cat operators.
 * Type errors are recoverable {@link CatFailure}s (E-CAT-TYPE), as herd7's {@code try} catches them.
 */
final class NodeFactory {
    /**
     * Hash-consing key. equals and hashCode are written out: a record's generated ones are linked
     * through method handles on first use, which costs the first model load a few milliseconds.
     */
    private record Key(Node.Op op, int left, int right, Builtin builtin, CatCondition condition, Node.Type type) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && op == k.op && left == k.left && right == k.right && builtin == k.builtin
                    && type == k.type && java.util.Objects.equals(condition, k.condition);
        }

        @Override
        public int hashCode() {
            int h = op.hashCode();
            h = 31 * h + left;
            h = 31 * h + right;
            h = 31 * h + (builtin == null ? 0 : builtin.hashCode());
            h = 31 * h + (condition == null ? 0 : condition.hashCode());
            return 31 * h + (type == null ? 0 : type.hashCode());
        }
    }

    private final Map<Key, Node> nodes = new HashMap<>();
    private int nextId;
    private int nextGroup;
    private final Node empty;

    NodeFactory() {
        empty = make(Node.Op.EMPTY, Node.Type.ANY, null, null, null, null, Position.NONE, "");
    }

    /** Number of node ids handed out (the size of a frame's memo tables). */
    int nodeCount() {
        return nextId;
    }

    /** Number of {@code let rec} groups. */
    int groupCount() {
        return nextGroup;
    }

    private Node make(Node.Op op, Node.Type type, Node l, Node r, Builtin b, CatCondition c, Position pos, String file) {
        Key key = new Key(op, l == null ? -1 : l.id, r == null ? -1 : r.id, b, c, type);
        Node n = nodes.get(key);
        if (n == null) {
            n = new Node(nextId++, op, type, l, r, b, c, pos, file);
            n.dynamic = (b != null && b.isWitness()) || (l != null && l.dynamic) || (r != null && r.dynamic);
            nodes.put(key, n);
        }
        return n;
    }

    Node empty() {
        return empty;
    }

    Node builtin(Builtin b) {
        return make(Node.Op.BUILTIN, b.isSet() ? Node.Type.SET : Node.Type.RELATION, null, null, b, null, Position.NONE, "");
    }

    /** {@code _}: the set of all events. */
    Node universe() {
        return builtin(Builtin.ALL);
    }

    private boolean isUniverse(Node n) {
        return n.op == Node.Op.BUILTIN && n.builtin == Builtin.ALL;
    }

    /** {@code _ * _}: herd7's universe where a relation is expected. */
    private Node universeRelation() {
        return make(Node.Op.PRODUCT, Node.Type.RELATION, universe(), universe(), null, null, Position.NONE, "");
    }

    private static CatFailure typeError(String file, Position pos, String message) {
        return CatFailure.recoverable("E-CAT-TYPE", file, pos, message);
    }

    /** Checks that {@code n} has {@code type} (or is empty); E-CAT-TYPE at {@code pos} otherwise. */
    Node expect(Node n, Node.Type type, String what, Position pos, String file) {
        if (type == Node.Type.RELATION && n.type == Node.Type.SET && isUniverse(n)) {
            return universeRelation();
        }
        if (n.type != Node.Type.ANY && n.type != type) {
            throw typeError(file, pos, what + " needs " + type.describe() + ", found " + n.type.describe() + " ('" + n + "')");
        }
        return n;
    }

    /** {@code |}, {@code &}, {@code \}: operands of one type. */
    Node setOperation(Node.Op op, String symbol, Node l, Node r, Position pos, String file) {
        if (l.type == Node.Type.SET && r.type == Node.Type.RELATION && isUniverse(l)) {
            l = universeRelation();
        } else if (r.type == Node.Type.SET && l.type == Node.Type.RELATION && isUniverse(r)) {
            r = universeRelation();
        }
        Node.Type t = unify(l.type, r.type, "the operands of '" + symbol + "'", pos, file);
        // the empty value is herd7's polymorphic Empty: it stays empty (of no type) through the operators
        if ((op == Node.Op.UNION || op == Node.Op.DIFFERENCE) && r == empty) {
            return l;
        }
        if (op == Node.Op.UNION && l == empty) {
            return r;
        }
        if ((op == Node.Op.INTERSECTION && (l == empty || r == empty)) || (op == Node.Op.DIFFERENCE && l == empty)) {
            return empty;
        }
        return make(op, t, l, r, null, null, pos, file);
    }

    Node.Type unify(Node.Type a, Node.Type b, String what, Position pos, String file) {
        if (a == Node.Type.ANY) {
            return b;
        }
        if (b == Node.Type.ANY || a == b) {
            return a;
        }
        throw typeError(file, pos, what + " have different types: " + a.describe() + " and " + b.describe());
    }

    Node sequence(Node l, Node r, Position lpos, Position rpos, Position pos, String file) {
        l = expect(l, Node.Type.RELATION, "';'", lpos, file);
        r = expect(r, Node.Type.RELATION, "';'", rpos, file);
        if (l == empty || r == empty) {
            return empty;
        }
        return make(Node.Op.SEQUENCE, Node.Type.RELATION, l, r, null, null, pos, file);
    }

    Node product(Node l, Node r, Position lpos, Position rpos, Position pos, String file) {
        expect(l, Node.Type.SET, "'*'", lpos, file);
        expect(r, Node.Type.SET, "'*'", rpos, file);
        if (l == empty || r == empty) {
            return empty;
        }
        return make(Node.Op.PRODUCT, Node.Type.RELATION, l, r, null, null, pos, file);
    }

    Node complement(Node a, Position pos, String file) {
        if (a == empty) {
            return universe(); // herd7: the complement of the empty value is the universe
        }
        return make(Node.Op.COMPLEMENT, a.type, a, null, null, null, pos, file);
    }

    /** A postfix closure or converse, or {@code [S]}, {@code domain}, {@code range}. */
    Node unary(Node.Op op, Node a, String what, Position operandPos, Position pos, String file) {
        if (a == empty && op != Node.Op.STAR && op != Node.Op.OPTION) {
            return empty;
        }
        switch (op) {
            case IDENTITY_OF:
                a = expect(a, Node.Type.SET, what, operandPos, file);
                return make(op, Node.Type.RELATION, a, null, null, null, pos, file);
            case DOMAIN:
            case RANGE:
                a = expect(a, Node.Type.RELATION, what, operandPos, file);
                return make(op, Node.Type.SET, a, null, null, null, pos, file);
            default:
                a = expect(a, Node.Type.RELATION, what, operandPos, file);
                return make(op, Node.Type.RELATION, a, null, null, null, pos, file);
        }
    }

    /** {@code if c then a else b} on remo's flags, decided per frame. */
    Node conditional(CatCondition c, Node a, Node b, Position pos, String file) {
        if (a == b) {
            return a;
        }
        Node.Type t = unify(a.type, b.type, "the branches of 'if'", pos, file);
        return make(Node.Op.IF, t, a, b, null, c, pos, file);
    }

    /** A fresh variable of a {@code let rec} group (never shared). */
    Node recursionVariable(Position pos, String file, String name) {
        Node n = new Node(nextId++, Node.Op.REC_VAR, Node.Type.ANY, null, null, null, null, pos, file);
        n.boundName = name;
        return n;
    }

    int newGroup() {
        return nextGroup++;
    }
}
