package remo.models;

import remo.core.Position;
import remo.models.cat.CatCondition;

/**
 * A node of a resolved, type-checked cat expression graph. {@code let}-bound names are shared
 * nodes, so a binding used by several checks is evaluated once per candidate.
 */
final class Node {

    /** Node operations. */
    enum Op {
        BUILTIN, EMPTY, UNION, INTERSECTION, DIFFERENCE, SEQUENCE, PRODUCT, COMPLEMENT, PLUS, STAR, OPTION,
        INVERSE, IDENTITY_OF, DOMAIN, RANGE, IF, REC_VAR
    }

    /** Value types: a set, a relation, or not yet known (only for expressions built from {@code 0}). */
    enum Type {
        SET, RELATION, ANY;

        String describe() {
            return this == SET ? "a set" : this == RELATION ? "a relation" : "empty";
        }
    }

    final int id;
    final Op op;
    Type type;
    final Node left;
    final Node right;
    final Builtin builtin;
    final CatCondition condition;
    final Position pos;
    final String file;
    boolean dynamic;
    RecGroup group;
    /** Whether the node depends on a variable of the let rec group whose body contains it (never memoised). */
    boolean inRec;
    int recIndex;
    /** For display: the let name bound to this node, if any. */
    String boundName;

    Node(int id, Op op, Type type, Node left, Node right, Builtin builtin, CatCondition condition, Position pos, String file) {
        this.id = id;
        this.op = op;
        this.type = type;
        this.left = left;
        this.right = right;
        this.builtin = builtin;
        this.condition = condition;
        this.pos = pos;
        this.file = file;
    }

    /** A group of mutually recursive bindings of one {@code let rec}. */
    static final class RecGroup {
        final int id;
        final Node[] variables;
        final Node[] bodies;
        boolean dynamic;

        RecGroup(int id, Node[] variables, Node[] bodies) {
            this.id = id;
            this.variables = variables;
            this.bodies = bodies;
        }
    }

    @Override
    public String toString() {
        if (boundName != null) {
            return boundName;
        }
        switch (op) {
            case BUILTIN: return builtin.catName();
            case EMPTY: return "0";
            case UNION: return "(" + left + " | " + right + ")";
            case INTERSECTION: return "(" + left + " & " + right + ")";
            case DIFFERENCE: return "(" + left + " \\ " + right + ")";
            case SEQUENCE: return "(" + left + "; " + right + ")";
            case PRODUCT: return "(" + left + " * " + right + ")";
            case COMPLEMENT: return "~" + left;
            case PLUS: return left + "+";
            case STAR: return left + "*";
            case OPTION: return left + "?";
            case INVERSE: return left + "^-1";
            case IDENTITY_OF: return "[" + left + "]";
            case DOMAIN: return "domain(" + left + ")";
            case RANGE: return "range(" + left + ")";
            case IF: return "(if " + condition + " then " + left + " else " + right + ")";
            case REC_VAR: return "rec" + id;
            default: throw new AssertionError(op);
        }
    }
}
