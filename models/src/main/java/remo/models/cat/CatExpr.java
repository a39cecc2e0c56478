package remo.models.cat;

import remo.core.Position;

/**
 * An expression of the cat subset (models.md §7.3), as parsed. Immutable.
 */
public sealed interface CatExpr permits CatExpr.Name, CatExpr.Empty, CatExpr.Binary, CatExpr.Unary, CatExpr.If {

    /** Position of the expression's first token. */
    Position pos();

    /** Binary operators, loosest first. */
    enum BinaryOp {
        UNION("|"), SEQUENCE(";"), DIFFERENCE("\\"), INTERSECTION("&"), PRODUCT("*");

        private final String symbol;

        BinaryOp(String symbol) {
            this.symbol = symbol;
        }

        /** The operator as written. */
        public String symbol() {
            return symbol;
        }
    }

    /** Unary operators and built-in functions. */
    enum UnaryOp {
        COMPLEMENT, PLUS, STAR, OPTION, INVERSE, IDENTITY_OF, DOMAIN, RANGE
    }

    /** A name: a built-in set or relation, or a {@code let}-bound name. */
    record Name(String name, Position pos) implements CatExpr {
        @Override public String toString() { return name; }
    }

    /** {@code 0} or {@code {}}: the empty set or relation. */
    record Empty(Position pos) implements CatExpr {
        @Override public String toString() { return "0"; }
    }

    /** {@code left op right}. */
    record Binary(BinaryOp op, CatExpr left, CatExpr right, Position pos) implements CatExpr {
        @Override public String toString() { return "(" + left + " " + op.symbol() + " " + right + ")"; }
    }

    /** A prefix/postfix operator or {@code [S]}, {@code domain(e)}, {@code range(e)}. */
    record Unary(UnaryOp op, CatExpr operand, Position pos) implements CatExpr {
        @Override public String toString() {
            switch (op) {
                case COMPLEMENT: return "~" + operand;
                case PLUS: return operand + "+";
                case STAR: return operand + "*";
                case OPTION: return operand + "?";
                case INVERSE: return operand + "^-1";
                case IDENTITY_OF: return "[" + operand + "]";
                case DOMAIN: return "domain(" + operand + ")";
                case RANGE: return "range(" + operand + ")";
                default: throw new AssertionError(op);
            }
        }
    }

    /** {@code if c then e1 else e2}, with a variant condition on flags. */
    record If(CatCondition condition, CatExpr then, CatExpr otherwise, Position pos) implements CatExpr {
        @Override public String toString() { return "(if " + condition + " then " + then + " else " + otherwise + ")"; }
    }
}
