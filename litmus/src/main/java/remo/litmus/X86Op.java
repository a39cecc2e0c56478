package remo.litmus;

import remo.core.Position;
import java.util.List;

/**
 * One parsed item of an x86 thread's code, before unrolling ({@link X86Unroller}): a label or an
 * instruction whose form has been checked (language.md §10.3).
 */
sealed interface X86Op permits X86Op.Label, X86Op.Op {

    /** Position of the item's first token. */
    Position pos();

    /** {@code NAME:}. */
    record Label(String name, Position pos) implements X86Op {
    }

    /**
     * An instruction.
     *
     * @param mnemonic    the mnemonic
     * @param lock        whether it has a {@code LOCK} prefix
     * @param size        the access size from the mnemonic's suffix or a {@code PTR}, in bytes, or 0
     * @param operands    in Intel order (destination first)
     * @param mnemonicPos position of the mnemonic (for the implicit constant of {@code INC})
     * @param text        the cell text of the instruction, as written
     */
    record Op(X86Mnemonic mnemonic, boolean lock, int size, List<X86Operand> operands, Position pos, Position mnemonicPos,
              String text) implements X86Op {
        public Op {
            operands = List.copyOf(operands);
        }

        X86Operand operand(int i) {
            return operands.get(i);
        }

        int arity() {
            return operands.size();
        }
    }
}
