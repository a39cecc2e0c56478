package remo.litmus;

import java.util.function.ToLongFunction;

/**
 * The condition of an {@code assume} (language.md §4.1, {@code bexp}): comparisons of operands
 * combined with {@code !}, {@code &&} and {@code ||}.
 */
public sealed interface BoolExpr permits BoolExpr.Compare, BoolExpr.Not, BoolExpr.And, BoolExpr.Or {

    /**
     * Evaluates the expression.
     *
     * @param registers gives the value of each register operand
     * @return the truth value
     */
    boolean eval(ToLongFunction<Register> registers);

    /** Relational operators of {@code assume}. */
    enum RelOp {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        RelOp(String symbol) {
            this.symbol = symbol;
        }

        /** The operator as written. */
        public String symbol() {
            return symbol;
        }

        /** Compares two signed 64-bit values. */
        public boolean test(long a, long b) {
            switch (this) {
                case EQ: return a == b;
                case NE: return a != b;
                case LT: return a < b;
                case LE: return a <= b;
                case GT: return a > b;
                case GE: return a >= b;
                default: throw new AssertionError(this);
            }
        }
    }

    /** {@code left op right}. */
    record Compare(Operand left, RelOp op, Operand right) implements BoolExpr {
        @Override
        public boolean eval(ToLongFunction<Register> registers) {
            return op.test(value(left, registers), value(right, registers));
        }

        @Override
        public String toString() {
            return left + " " + op.symbol() + " " + right;
        }
    }

    /** {@code !e}. */
    record Not(BoolExpr operand) implements BoolExpr {
        @Override
        public boolean eval(ToLongFunction<Register> registers) {
            return !operand.eval(registers);
        }

        @Override
        public String toString() {
            return "!(" + operand + ")";
        }
    }

    /** {@code a && b}. */
    record And(BoolExpr left, BoolExpr right) implements BoolExpr {
        @Override
        public boolean eval(ToLongFunction<Register> registers) {
            return left.eval(registers) && right.eval(registers);
        }

        @Override
        public String toString() {
            return "(" + left + " && " + right + ")";
        }
    }

    /** {@code a || b}. */
    record Or(BoolExpr left, BoolExpr right) implements BoolExpr {
        @Override
        public boolean eval(ToLongFunction<Register> registers) {
            return left.eval(registers) || right.eval(registers);
        }

        @Override
        public String toString() {
            return "(" + left + " || " + right + ")";
        }
    }

    /** The value of an operand given register values. */
    static long value(Operand operand, ToLongFunction<Register> registers) {
        if (operand instanceof Operand.Constant c) {
            return c.value();
        }
        return registers.applyAsLong((Register) operand);
    }
}
