package remo.litmus;

import java.util.Locale;

/**
 * The x86 mnemonics remo reads (language.md §10.3, grown toward herd7's X86 and X86_64), with the
 * AT&amp;T size suffixes ({@code movl}, {@code addq}, …) and the aliases of the conditional jumps.
 */
enum X86Mnemonic {
    MOV, MOVNTI, XCHG, ADD, SUB, AND, OR, XOR, INC, DEC, NEG, NOT, XADD, CMPXCHG, SHL, SHR, SAR,
    CMP, TEST, MFENCE, LFENCE, SFENCE, NOP, ENDBR64, RET, JMP,
    JE, JNE, JL, JLE, JG, JGE, JB, JBE, JA, JAE, JS, JNS;

    /** A mnemonic as written, and the access size its suffix gives (0 for none). */
    record Parsed(X86Mnemonic mnemonic, int size) {
    }

    /** Whether the mnemonic takes an AT&amp;T size suffix. */
    boolean sized() {
        return compareTo(TEST) <= 0 || this == NOP;
    }

    /** Whether some form of the mnemonic may carry a {@code LOCK} prefix (with a memory destination). */
    boolean lockable() {
        switch (this) {
            case XCHG: case ADD: case SUB: case AND: case OR: case XOR: case INC: case DEC: case XADD: case CMPXCHG:
                return true;
            default:
                return false;
        }
    }

    /** Whether this is a jump (its operand is a label). */
    boolean isJump() {
        return compareTo(JMP) >= 0;
    }

    /** Whether this is a conditional jump. */
    boolean isConditionalJump() {
        return compareTo(JE) >= 0;
    }

    /** Whether the instruction ignores its operands ({@code NOP} forms, {@code endbr64}). */
    boolean isNop() {
        return this == NOP || this == ENDBR64;
    }

    /** The mnemonic written as {@code written} (any case), with its suffix's size, or null. */
    static Parsed lookup(String written, Dialect dialect) {
        String upper = written.toUpperCase(Locale.ROOT);
        X86Mnemonic m = exact(upper);
        if (m != null) {
            return new Parsed(m, 0);
        }
        if (upper.length() < 2) {
            return null;
        }
        int size = switch (upper.charAt(upper.length() - 1)) {
            case 'B' -> 1;
            case 'W' -> 2;
            case 'L' -> 4;
            case 'Q' -> 8;
            default -> 0;
        };
        X86Mnemonic base = exact(upper.substring(0, upper.length() - 1));
        // herd7 reads MOVB/MOVW/MOVL/MOVQ in Intel syntax too; other suffixes are AT&T's
        boolean allowed = base != null && base.sized() && size > 0 && (dialect == Dialect.X86_64 || base == MOV);
        return allowed ? new Parsed(base, size) : null;
    }

    private static X86Mnemonic exact(String upper) {
        switch (upper) {
            case "JZ": return JE;
            case "JNZ": return JNE;
            case "JNGE": return JL;
            case "JNG": return JLE;
            case "JNLE": return JG;
            case "JNL": return JGE;
            case "JC": case "JNAE": return JB;
            case "JNA": return JBE;
            case "JNBE": return JA;
            case "JNC": case "JNB": return JAE;
            case "SAL": return SHL;
            case "NOPL": case "NOPW": return NOP;
            default:
                break;
        }
        for (X86Mnemonic m : values()) {
            if (m.name().equals(upper)) {
                return m;
            }
        }
        return null;
    }
}
