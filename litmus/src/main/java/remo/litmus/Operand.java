package remo.litmus;

import remo.core.Position;

/**
 * An instruction operand: a 64-bit constant or a register of the issuing thread
 * (language.md §4.1, {@code operand ::= const | REG}).
 */
public sealed interface Operand permits Operand.Constant, Register {

    /** Position of the operand's first token. */
    Position pos();

    /**
     * A constant operand.
     *
     * @param value the signed 64-bit value
     * @param pos   position of the constant (its sign, if any)
     */
    record Constant(long value, Position pos) implements Operand {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** Creates a constant operand without a source position. */
    static Constant constant(long value) {
        return new Constant(value, Position.NONE);
    }
}
