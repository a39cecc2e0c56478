package remo.litmus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import remo.core.Position;

/**
 * Maps one cell of an x86 thread table onto the instruction forms of the RDMA language
 * (language.md §10.3).
 *
 * <p>{@code X86} cells use Intel syntax (destination first, memory operand {@code [x]},
 * immediates {@code $k} or {@code k}); {@code X86_64} cells use AT&amp;T syntax (source first,
 * memory operand {@code (x)}, immediates {@code $k}, optional size suffix {@code l} or {@code q}).
 * Registers may be written with or without {@code %} in both. The operands of an AT&amp;T cell are
 * reversed, after which both syntaxes share one table of forms.
 *
 * <p>Checks, in this order, each at the cell's first token unless stated: a {@code LOCK} not
 * followed by a mnemonic (E-SYNTAX); an unknown mnemonic or a rejected size suffix
 * (E-X86-UNSUPPORTED with the cell, or E-X86-LOCK after {@code LOCK}); {@code LOCK} on a mnemonic
 * that has no locked form (E-X86-LOCK); an empty operand (E-SYNTAX at the following token); an
 * unsupported operand such as {@code [EAX]} or {@code 8(x)} (E-X86-UNSUPPORTED with the operand,
 * at the operand); a constant out of range (E-RANGE); finally an operand combination that is not
 * in the table (E-X86-LOCK if locked, otherwise E-X86-UNSUPPORTED with the cell).
 */
final class X86InstructionParser {

    /** The mnemonics of language.md §10.3, without size suffix. */
    private enum Mnemonic {
        MOV, XCHG, ADD, SUB, AND, OR, XOR, INC, DEC, XADD, CMPXCHG, MFENCE, LFENCE, SFENCE;

        /** Whether the mnemonic takes a size suffix in AT&amp;T syntax. */
        boolean sized() {
            return compareTo(CMPXCHG) <= 0;
        }

        /** Whether some form of the mnemonic may carry a {@code LOCK} prefix. */
        boolean lockable() {
            return this == XCHG || this == ADD || this == INC || this == DEC || this == XADD || this == CMPXCHG;
        }

        static Mnemonic of(String lowerCase) {
            for (Mnemonic m : values()) {
                if (m.name().toLowerCase(Locale.ROOT).equals(lowerCase)) {
                    return m;
                }
            }
            return null;
        }
    }

    /** A classified operand. */
    private sealed interface Arg permits Mem, Reg, Imm {
    }

    private record Mem(LocationRef location) implements Arg {
    }

    private record Reg(Register register) implements Arg {
    }

    private record Imm(Operand.Constant constant) implements Arg {
    }

    private final String file;
    private final Dialect dialect;
    private final X86Lexer lexer;
    private final X86LocationTable locations;

    /**
     * @param dialect   {@link Dialect#X86} (Intel) or {@link Dialect#X86_64} (AT&amp;T)
     * @param lexer     the lexer the cells come from (gives their source text)
     * @param locations records every memory operand as a location use
     */
    X86InstructionParser(Dialect dialect, X86Lexer lexer, X86LocationTable locations) {
        this.file = lexer.sourceName();
        this.dialect = dialect;
        this.lexer = lexer;
        this.locations = locations;
    }

    /**
     * Parses one non-empty cell.
     *
     * @param cell       the cell's tokens, at least one
     * @param terminator the {@code |} or {@code ;} that ends the cell
     * @return the instruction, or {@code null} for {@code LFENCE}/{@code SFENCE}, which have no event
     * @throws LitmusException E-SYNTAX, E-X86-UNSUPPORTED, E-X86-LOCK or E-RANGE, see the class comment
     */
    Instruction parse(List<X86Token> cell, X86Token terminator) throws LitmusException {
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
        String written = mnemonicToken.text();
        String upper = written.toUpperCase(Locale.ROOT);
        Mnemonic m = lookup(written);
        if (m == null) {
            if (lock && !hasRejectedSuffix(written)) {
                throw X86Errors.illegalLock(file, pos, upper);
            }
            throw X86Errors.unsupported(file, pos, cellText);
        }
        if (lock && !m.lockable()) {
            throw X86Errors.illegalLock(file, pos, upper);
        }
        List<Arg> args = parseOperands(cell.subList(k + 1, cell.size()), terminator);
        if (dialect == Dialect.X86_64) {
            Collections.reverse(args);
        }
        if ((m == Mnemonic.LFENCE || m == Mnemonic.SFENCE) && args.isEmpty()) {
            return null;
        }
        Instruction result = build(m, args, lock, pos, mnemonicToken.pos());
        if (result != null) {
            return result;
        }
        if (lock) {
            throw X86Errors.illegalLock(file, pos, upper);
        }
        throw X86Errors.unsupported(file, pos, cellText);
    }

    /**
     * The instruction for the (Intel-ordered) operands, or {@code null} if the combination is not
     * a form of language.md §10.3 with an event (or is a locked form written without {@code LOCK},
     * or the reverse).
     */
    private static Instruction build(Mnemonic m, List<Arg> args, boolean lock, Position pos, Position mnemonicPos) {
        int n = args.size();
        Arg a = n > 0 ? args.get(0) : null;
        Arg b = n > 1 ? args.get(1) : null;
        switch (m) {
            case MFENCE:
                return n == 0 ? new Instruction.MFence(pos) : null;
            case LFENCE:
            case SFENCE:
                return null;
            case MOV:
                if (n != 2) {
                    return null;
                }
                if (a instanceof Mem x && isValue(b)) {
                    return new Instruction.Store(x.location(), value(b), pos);
                }
                if (a instanceof Reg r && b instanceof Mem x) {
                    return new Instruction.Load(r.register(), x.location(), pos);
                }
                if (a instanceof Reg r && isValue(b)) {
                    return new Instruction.Assign(r.register(), value(b), null, null, pos);
                }
                return null;
            case XCHG:
                if (n != 2) {
                    return null;
                }
                if (a instanceof Mem x && b instanceof Reg r) {
                    return exchange(r, x, pos);
                }
                if (a instanceof Reg r && b instanceof Mem x) {
                    return exchange(r, x, pos);
                }
                if (a instanceof Reg r && b instanceof Reg r2 && !lock) {
                    return new Instruction.RegisterSwap(r.register(), r2.register(), pos);
                }
                return null;
            case ADD:
            case SUB:
            case AND:
            case OR:
            case XOR:
                if (n != 2) {
                    return null;
                }
                if (a instanceof Reg r && isValue(b) && !lock) {
                    return new Instruction.Assign(r.register(), r.register(), operator(m), value(b), pos);
                }
                if (m == Mnemonic.ADD && a instanceof Mem x && isValue(b) && lock) {
                    return new Instruction.LockedRmw(Instruction.RmwKind.FAA, null, x.location(), value(b), null, pos);
                }
                return null;
            case INC:
            case DEC:
                if (n != 1) {
                    return null;
                }
                if (a instanceof Reg r && !lock) {
                    return new Instruction.Assign(r.register(), r.register(), m == Mnemonic.INC ? BinOp.ADD : BinOp.SUB,
                            new Operand.Constant(1, mnemonicPos), pos);
                }
                if (a instanceof Mem x && lock) {
                    return new Instruction.LockedRmw(Instruction.RmwKind.FAA, null, x.location(),
                            new Operand.Constant(m == Mnemonic.INC ? 1 : -1, mnemonicPos), null, pos);
                }
                return null;
            case XADD:
                if (n == 2 && lock && a instanceof Mem x && b instanceof Reg r) {
                    return new Instruction.LockedRmw(Instruction.RmwKind.FAA, r.register(), x.location(), r.register(),
                            null, pos);
                }
                return null;
            case CMPXCHG:
                if (n == 2 && lock && a instanceof Mem x && b instanceof Reg r) {
                    Register rax = new Register(X86Registers.RAX, mnemonicPos);
                    return new Instruction.LockedRmw(Instruction.RmwKind.CAS, rax, x.location(), rax, r.register(), pos);
                }
                return null;
            default:
                throw new AssertionError(m);
        }
    }

    /** {@code XCHG}: {@code r} := old {@code x}, {@code x} := old {@code r}. */
    private static Instruction exchange(Reg r, Mem x, Position pos) {
        return new Instruction.LockedRmw(Instruction.RmwKind.XCHG, r.register(), x.location(), r.register(), null, pos);
    }

    private static BinOp operator(Mnemonic m) {
        switch (m) {
            case ADD: return BinOp.ADD;
            case SUB: return BinOp.SUB;
            case AND: return BinOp.AND;
            case OR: return BinOp.OR;
            case XOR: return BinOp.XOR;
            default: throw new AssertionError(m);
        }
    }

    private static boolean isValue(Arg arg) {
        return arg instanceof Reg || arg instanceof Imm;
    }

    private static Operand value(Arg arg) {
        return arg instanceof Reg r ? r.register() : ((Imm) arg).constant();
    }

    /** The mnemonic written as {@code written} in this dialect, or {@code null}. */
    private Mnemonic lookup(String written) {
        String lower = written.toLowerCase(Locale.ROOT);
        Mnemonic m = Mnemonic.of(lower);
        if (m != null || dialect != Dialect.X86_64 || lower.length() < 2) {
            return m;
        }
        char suffix = lower.charAt(lower.length() - 1);
        Mnemonic base = Mnemonic.of(lower.substring(0, lower.length() - 1));
        return base != null && base.sized() && (suffix == 'l' || suffix == 'q') ? base : null;
    }

    /** Whether {@code written} is a sized mnemonic with a size suffix this dialect rejects ({@code movb}). */
    private static boolean hasRejectedSuffix(String written) {
        String lower = written.toLowerCase(Locale.ROOT);
        if (lower.length() < 2 || "lqbw".indexOf(lower.charAt(lower.length() - 1)) < 0) {
            return false;
        }
        Mnemonic base = Mnemonic.of(lower.substring(0, lower.length() - 1));
        return base != null && base.sized();
    }

    /** Splits the operand tokens at the commas outside brackets and parentheses and classifies each part. */
    private List<Arg> parseOperands(List<X86Token> tokens, X86Token terminator) throws LitmusException {
        List<Arg> args = new ArrayList<>();
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
                args.add(operand(tokens.subList(start, i), t));
                start = i + 1;
            }
        }
        args.add(operand(tokens.subList(start, tokens.size()), terminator));
        return args;
    }

    private Arg operand(List<X86Token> tokens, X86Token follower) throws LitmusException {
        if (tokens.isEmpty()) {
            throw X86Errors.syntax(file, follower, "operand");
        }
        X86Token first = tokens.get(0);
        int n = tokens.size();
        if (n == 1 && X86Registers.isRegister(first)) {
            return new Reg(X86Registers.register(first));
        }
        String open = dialect == Dialect.X86 ? "[" : "(";
        String close = dialect == Dialect.X86 ? "]" : ")";
        if (n == 3 && first.isSymbol(open) && X86Registers.isLocationName(tokens.get(1)) && tokens.get(2).isSymbol(close)) {
            X86Token name = tokens.get(1);
            locations.use(name.text());
            return new Mem(new LocationRef(name.text(), name.pos()));
        }
        int j = 0;
        boolean dollar = first.isSymbol("$");
        if (dollar) {
            j++;
        }
        boolean negative = j < n && tokens.get(j).isSymbol("-");
        if (negative) {
            j++;
        }
        if (j == n - 1 && tokens.get(j).kind() == X86Token.Kind.NAT && (dollar || dialect == Dialect.X86)) {
            long v = X86Literals.constant(file, negative, tokens.get(j));
            return new Imm(new Operand.Constant(v, first.pos()));
        }
        throw X86Errors.unsupported(file, first.pos(), text(tokens));
    }

    private String text(List<X86Token> tokens) {
        return lexer.slice(tokens.get(0).start(), tokens.get(tokens.size() - 1).end());
    }
}
