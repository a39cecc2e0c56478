package remo.models.cat;

import java.util.List;
import remo.core.Position;

/**
 * An expression of herd7's cat language, as parsed (models.md §7.3 and herd7's grammar: functions,
 * tuples, tags, explicit sets, {@code let … in}, {@code match}, {@code try}, conditionals).
 * Immutable; evaluated by the model builder of package {@code remo.models}.
 */
public sealed interface CatExpr permits CatExpr.Name, CatExpr.Empty, CatExpr.Binary, CatExpr.Unary, CatExpr.If,
        CatExpr.Tag, CatExpr.ExplicitSet, CatExpr.Tuple, CatExpr.App, CatExpr.Fun, CatExpr.LetIn, CatExpr.Match,
        CatExpr.MatchSet, CatExpr.Try {

    /** Position of the expression's first token. */
    Position pos();

    /** Binary operators, loosest first ({@code ++} adds an element to a set). */
    enum BinaryOp {
        UNION("|"), ADD("++"), SEQUENCE(";"), DIFFERENCE("\\"), INTERSECTION("&"), PRODUCT("*");

        private final String symbol;

        BinaryOp(String symbol) {
            this.symbol = symbol;
        }

        /** The operator as written. */
        public String symbol() {
            return symbol;
        }
    }

    /** Unary operators. */
    enum UnaryOp {
        COMPLEMENT, PLUS, STAR, OPTION, INVERSE, IDENTITY_OF
    }

    /** A name: a predefined set, relation or function, or a bound name ({@code _} is the universe). */
    record Name(String name, Position pos) implements CatExpr {
        @Override public String toString() { return name; }
    }

    /** {@code 0} or {@code {}}: the empty set, relation or set of values. */
    record Empty(Position pos) implements CatExpr {
        @Override public String toString() { return "0"; }
    }

    /** {@code left op right}. */
    record Binary(BinaryOp op, CatExpr left, CatExpr right, Position pos) implements CatExpr {
        @Override public String toString() { return "(" + left + " " + op.symbol() + " " + right + ")"; }
    }

    /** A prefix or postfix operator, or {@code [S]}. */
    record Unary(UnaryOp op, CatExpr operand, Position pos) implements CatExpr {
        @Override public String toString() {
            switch (op) {
                case COMPLEMENT: return "~" + operand;
                case PLUS: return operand + "+";
                case STAR: return operand + "*";
                case OPTION: return operand + "?";
                case INVERSE: return operand + "^-1";
                case IDENTITY_OF: return "[" + operand + "]";
                default: throw new AssertionError(op);
            }
        }
    }

    /** The condition of an expression- or statement-level {@code if}. */
    sealed interface Condition permits Variant, Equal, Subset, Member {
    }

    /** {@code "NAME"}, {@code not …}, {@code … && …}: a condition on flags and herd7 variants. */
    record Variant(CatCondition condition) implements Condition {
    }

    /** {@code e1 = e2}. */
    record Equal(CatExpr left, CatExpr right) implements Condition {
    }

    /** {@code e1 subset e2}. */
    record Subset(CatExpr left, CatExpr right) implements Condition {
    }

    /** {@code e1 in e2}. */
    record Member(CatExpr element, CatExpr set) implements Condition {
    }

    /** {@code if c then e1 else e2}. */
    record If(Condition condition, CatExpr then, CatExpr otherwise, Position pos) implements CatExpr {
        @Override public String toString() { return "(if … then " + then + " else " + otherwise + ")"; }
    }

    /** A tag {@code 'name} of an {@code enum}. */
    record Tag(String name, Position pos) implements CatExpr {
        @Override public String toString() { return "'" + name; }
    }

    /** {@code {e1, …, en}} with at least one element. */
    record ExplicitSet(List<CatExpr> elements, Position pos) implements CatExpr {
        public ExplicitSet {
            elements = List.copyOf(elements);
        }

        @Override public String toString() { return "{" + String.join(", ", elements.stream().map(Object::toString).toList()) + "}"; }
    }

    /** {@code (e1, …, en)}, {@code n != 1} ({@code ()} is the empty tuple). */
    record Tuple(List<CatExpr> elements, Position pos) implements CatExpr {
        public Tuple {
            elements = List.copyOf(elements);
        }

        @Override public String toString() { return "(" + String.join(", ", elements.stream().map(Object::toString).toList()) + ")"; }
    }

    /** Function application {@code f arg} or {@code f(a, b)} (the argument is then a tuple). */
    record App(CatExpr function, CatExpr argument, Position pos) implements CatExpr {
        @Override public String toString() {
            String a = argument.toString();
            return function + (a.startsWith("(") ? a : "(" + a + ")");
        }
    }

    /** {@code fun x -> e}, {@code fun (x, y) -> e}, or the function of {@code let f(x) = e}. */
    record Fun(CatPattern parameter, CatExpr body, String name, Position pos) implements CatExpr {
        @Override public String toString() { return "fun " + parameter + " -> " + body; }
    }

    /** {@code let [rec] b1 and … in e}. */
    record LetIn(boolean recursive, List<CatStatement.Binding> bindings, CatExpr body, Position pos) implements CatExpr {
        public LetIn {
            bindings = List.copyOf(bindings);
        }

        @Override public String toString() { return "(let … in " + body + ")"; }
    }

    /** One {@code 'tag -> e} clause of a {@code match} on tags. */
    record Clause(String tag, CatExpr body, Position pos) {
    }

    /** {@code match e with 'a -> e1 || … || _ -> ed end}; {@code otherwise} may be null. */
    record Match(CatExpr subject, List<Clause> clauses, CatExpr otherwise, Position pos) implements CatExpr {
        public Match {
            clauses = List.copyOf(clauses);
        }

        @Override public String toString() { return "(match " + subject + " with …)"; }
    }

    /**
     * {@code match s with {} -> e0 || x ++ xs -> e1 end} (then {@code before} is null), or
     * {@code match s with {} -> e0 || xs1 | x ++ xs2 -> e1 end}. Names are null for {@code _}.
     */
    record MatchSet(CatExpr subject, CatExpr ifEmpty, String before, String element, String rest, CatExpr body,
                    Position pos) implements CatExpr {
        @Override public String toString() { return "(match " + subject + " with {} -> " + ifEmpty + " || …)"; }
    }

    /** {@code try e with fallback}: the fallback when {@code e} cannot be evaluated. */
    record Try(CatExpr body, CatExpr fallback, Position pos) implements CatExpr {
        @Override public String toString() { return "(try " + body + " with " + fallback + ")"; }
    }
}
