package remo.litmus;

import remo.core.Position;

/**
 * One operand of an x86 instruction as written (language.md §10.3), before the static register
 * values of a path resolve memory addresses ({@link X86Unroller}).
 */
sealed interface X86Operand permits X86Operand.Reg, X86Operand.Imm, X86Operand.Mem, X86Operand.Target {

    /** Position of the operand's first token. */
    Position pos();

    /** The operand as written. */
    String text();

    /** A register; {@code width} is the width of the name written, in bytes ({@code EAX}: 4). */
    record Reg(Register register, int width, Position pos, String text) implements X86Operand {
    }

    /** An immediate constant ({@code $1}, {@code 1}, {@code 0x10}). */
    record Imm(long value, Position pos, String text) implements X86Operand {
    }

    /**
     * A memory operand: {@code symbol + base + index * scale + disp} ({@code [x]}, {@code [EBX]},
     * {@code [x+4]}, {@code (x)}, {@code (%rbx)}, {@code 8(%rax,%rbx,8)}, {@code x(%rip)}).
     *
     * @param symbol a location name, or null
     * @param base   a base register, or null ({@code RIP} only with a symbol)
     * @param index  an index register, or null
     * @param scale  the index's scale (1, 2, 4 or 8)
     * @param disp   the constant displacement in bytes
     * @param size   the access size in bytes given by the operand ({@code DWORD PTR}), or 0
     * @param symbolPos position of the symbol (or of the operand if there is none)
     */
    record Mem(String symbol, Register base, Register index, long scale, long disp, int size, Position symbolPos,
               Position pos, String text) implements X86Operand {
        /** Whether the address is a symbol with no register and no displacement: {@code [x]}, {@code (x)}. */
        boolean isPlainSymbol() {
            return symbol != null && (base == null || base.name().equals("RIP")) && index == null && disp == 0;
        }
    }

    /** The target of a jump: a label. */
    record Target(String label, Position pos, String text) implements X86Operand {
    }
}
