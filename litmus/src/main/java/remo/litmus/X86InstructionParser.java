package remo.litmus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import remo.core.Position;

/**
 * Parses one cell of an x86 thread table into {@link X86Op}s (language.md §10.3): an optional label
 * {@code NAME:}, then an instruction with an optional {@code LOCK} prefix, whose form is checked
 * here so that errors come in textual order. The instruction's effect is decided when the code is
 * unrolled ({@link X86Lowering}), once the path's register values resolve memory operands.
 *
 * <p>{@code X86} cells use Intel syntax (destination first, memory operand {@code [x]}, immediates
 * {@code $k} or {@code k}); {@code X86_64} cells use AT&amp;T syntax (source first, memory operand
 * {@code (x)}, immediates {@code $k} or {@code k}, size suffixes {@code b w l q}). The operands of
 * an AT&amp;T cell are reversed, after which both syntaxes share one table of forms.
 *
 * <p>Checks, in this order, each at the cell's first token unless stated: a {@code LOCK} not
 * followed by a mnemonic (E-SYNTAX); an unknown mnemonic (E-X86-UNSUPPORTED with the cell, or
 * E-X86-LOCK after {@code LOCK}); {@code LOCK} on a mnemonic that has no locked form (E-X86-LOCK);
 * an empty operand (E-SYNTAX at the following token); an operand of no supported shape
 * (E-X86-UNSUPPORTED with the operand, at the operand); a constant out of range (E-RANGE);
 * finally an operand combination that is not a form of the mnemonic (E-X86-LOCK if locked,
 * otherwise E-X86-UNSUPPORTED with the cell).
 */
final class X86InstructionParser {

    private final String file;
    private final Dialect dialect;
    private final X86Lexer lexer;
    private final X86OperandParser operands;

    /**
     * @param dialect {@link Dialect#X86} (Intel) or {@link Dialect#X86_64} (AT&amp;T)
     * @param lexer   the lexer the cells come from (gives their source text)
     * @param locations records every memory operand's symbol as a location use
     */
    X86InstructionParser(Dialect dialect, X86Lexer lexer, X86LocationTable locations) {
        this.file = lexer.sourceName();
        this.dialect = dialect;
        this.lexer = lexer;
        this.operands = new X86OperandParser(file, dialect, lexer, locations);
    }

    /**
     * Parses one non-empty cell.
     *
     * @param cell       the cell's tokens, at least one
     * @param terminator the {@code |} or {@code ;} that ends the cell
     * @return the label (if any) and the instruction (if any)
     * @throws LitmusException E-SYNTAX, E-X86-UNSUPPORTED, E-X86-LOCK or E-RANGE, see the class comment
     */
    List<X86Op> parse(List<X86Token> cell, X86Token terminator) throws LitmusException {
        List<X86Op> out = new ArrayList<>();
        int k = 0;
        if (cell.size() >= 2 && cell.get(0).kind() == X86Token.Kind.IDENT && cell.get(1).isSymbol(":")
                && !X86Registers.isRegister(cell.get(0))) {
            out.add(new X86Op.Label(cell.get(0).text(), cell.get(0).pos()));
            k = 2;
        }
        if (k < cell.size()) {
            out.add(instruction(cell.subList(k, cell.size()), terminator));
        }
        return out;
    }

    private X86Op instruction(List<X86Token> cell, X86Token terminator) throws LitmusException {
        X86Token first = cell.get(0);
        Position pos = first.pos();
        String cellText = text(cell);
        boolean lock = first.kind() == X86Token.Kind.IDENT && first.text().equalsIgnoreCase("lock");
        int k = lock ? 1 : 0;
        X86Token mnemonicToken = k < cell.size() ? cell.get(k) : terminator;
        if (k >= cell.size() || mnemonicToken.kind() != X86Token.Kind.IDENT) {
            if (lock) {
                throw X86Errors.syntax(file, mnemonicToken, "instruction mnemonic");
            }
            throw X86Errors.unsupported(file, pos, cellText);
        }
        String upper = mnemonicToken.text().toUpperCase(Locale.ROOT);
        X86Mnemonic.Parsed parsed = X86Mnemonic.lookup(mnemonicToken.text(), dialect);
        if (parsed == null) {
            if (lock) {
                throw X86Errors.illegalLock(file, pos, upper);
            }
            throw X86Errors.unsupported(file, pos, cellText);
        }
        X86Mnemonic m = parsed.mnemonic();
        if (lock && !m.lockable()) {
            throw X86Errors.illegalLock(file, pos, upper);
        }
        if (m.isNop()) {
            // NOP, NOPL 0(%rax,%eax,0), endbr64: no effect, whatever the operands
            return new X86Op.Op(m, false, 0, List.of(), pos, mnemonicToken.pos(), cellText);
        }
        List<X86Operand> args = parseOperands(cell.subList(k + 1, cell.size()), terminator, m.isJump());
        if (dialect == Dialect.X86_64) {
            Collections.reverse(args);
        }
        int size = parsed.size();
        for (X86Operand a : args) {
            if (a instanceof X86Operand.Mem mem && mem.size() > 0) {
                size = mem.size();
            }
        }
        if (!isForm(m, args, lock)) {
            if (lock) {
                throw X86Errors.illegalLock(file, pos, upper);
            }
            throw X86Errors.unsupported(file, pos, cellText);
        }
        return new X86Op.Op(m, lock, size, args, pos, mnemonicToken.pos(), cellText);
    }

    /** Whether {@code args} (Intel order) is a form of {@code m}, with or without {@code LOCK}. */
    static boolean isForm(X86Mnemonic m, List<X86Operand> args, boolean lock) {
        int n = args.size();
        X86Operand a = n > 0 ? args.get(0) : null;
        X86Operand b = n > 1 ? args.get(1) : null;
        boolean memDest = a instanceof X86Operand.Mem;
        if (lock && !memDest && !(m == X86Mnemonic.XCHG && b instanceof X86Operand.Mem)) {
            return false;
        }
        switch (m) {
            case MOV:
                return n == 2 && !lock && (memDest ? isValue(b) : a instanceof X86Operand.Reg && !(b instanceof X86Operand.Target));
            case MOVNTI:
                return n == 2 && !lock && memDest && b instanceof X86Operand.Reg;
            case XCHG:
                return n == 2 && ((memDest && b instanceof X86Operand.Reg) || (a instanceof X86Operand.Reg
                        && (b instanceof X86Operand.Mem || (b instanceof X86Operand.Reg && !lock))));
            case ADD: case SUB: case AND: case OR: case XOR:
                return n == 2 && (memDest ? isValue(b) : a instanceof X86Operand.Reg && !(b instanceof X86Operand.Target));
            case INC: case DEC:
                return n == 1 && (memDest || a instanceof X86Operand.Reg);
            case NEG: case NOT:
                return n == 1 && a instanceof X86Operand.Reg;
            case XADD: case CMPXCHG:
                return n == 2 && memDest && b instanceof X86Operand.Reg;
            case SHL: case SHR: case SAR:
                return n == 2 && a instanceof X86Operand.Reg && isValue(b);
            case CMP: case TEST:
                return n == 2 && (a instanceof X86Operand.Reg || memDest)
                        && (memDest ? isValue(b) : !(b instanceof X86Operand.Target));
            case MFENCE: case LFENCE: case SFENCE: case RET:
                return n == 0;
            default:
                return m.isJump() && n == 1 && a instanceof X86Operand.Target;
        }
    }

    private static boolean isValue(X86Operand o) {
        return o instanceof X86Operand.Reg || o instanceof X86Operand.Imm;
    }

    /** Splits the operand tokens at the commas outside brackets and parentheses and classifies each part. */
    private List<X86Operand> parseOperands(List<X86Token> tokens, X86Token terminator, boolean jump) throws LitmusException {
        List<X86Operand> args = new ArrayList<>();
        if (tokens.isEmpty()) {
            return args;
        }
        int depth = 0;
        int start = 0;
        for (int i = 0; i < tokens.size(); i++) {
            X86Token t = tokens.get(i);
            if (t.isSymbol("(") || t.isSymbol("[")) {
                depth++;
            } else if ((t.isSymbol(")") || t.isSymbol("]")) && depth > 0) {
                depth--;
            } else if (depth == 0 && t.isSymbol(",")) {
                args.add(operand(tokens.subList(start, i), t, jump));
                start = i + 1;
            }
        }
        args.add(operand(tokens.subList(start, tokens.size()), terminator, jump));
        return args;
    }

    private X86Operand operand(List<X86Token> tokens, X86Token follower, boolean jump) throws LitmusException {
        if (tokens.isEmpty()) {
            throw X86Errors.syntax(file, follower, "operand");
        }
        return operands.parse(tokens, jump);
    }

    private String text(List<X86Token> tokens) {
        return lexer.slice(tokens.get(0).start(), tokens.get(tokens.size() - 1).end());
    }
}
