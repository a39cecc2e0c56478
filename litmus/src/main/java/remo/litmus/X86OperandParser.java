package remo.litmus;

import remo.core.Position;
import java.util.List;
import java.util.Locale;

/**
 * Classifies the tokens of one x86 operand (language.md §10.3): a register, an immediate
 * ({@code $k}, {@code k}, hexadecimal {@code 0x..}), a memory operand, or a jump target.
 *
 * <p>Intel ({@code X86}): {@code [x]}, {@code [EBX]}, {@code [EBX+ECX*4+8]}, {@code [x+4]},
 * optionally after {@code BYTE|WORD|DWORD|QWORD PTR}; {@code (EBX)} as herd7 also reads it.
 * AT&amp;T ({@code X86_64}): {@code (x)}, {@code (%rbx)}, {@code 8(%rax)},
 * {@code 0(%rax,%rbx,8)}, {@code x(%rip)}, {@code [x]}, with an ignored segment prefix
 * {@code %cs:}.
 */
final class X86OperandParser {
    private final String file;
    private final Dialect dialect;
    private final X86Lexer lexer;
    private final X86LocationTable locations;

    /** @param locations records the symbols of memory operands as used, in textual order */
    X86OperandParser(String file, Dialect dialect, X86Lexer lexer, X86LocationTable locations) {
        this.file = file;
        this.dialect = dialect;
        this.lexer = lexer;
        this.locations = locations;
    }

    private X86Operand.Mem mem(String symbol, Position symbolPos, Register base, Register index, long scale, long disp,
                               int size, List<X86Token> shown) {
        if (symbol != null) {
            locations.use(symbol);
        }
        return new X86Operand.Mem(symbol, base, index, scale, disp, size, symbol != null ? symbolPos : shown.get(0).pos(),
                shown.get(0).pos(), text(shown));
    }

    private String text(List<X86Token> tokens) {
        return lexer.slice(tokens.get(0).start(), tokens.get(tokens.size() - 1).end());
    }

    private LitmusException unsupported(List<X86Token> tokens) {
        return X86Errors.unsupported(file, tokens.get(0).pos(), text(tokens));
    }

    /**
     * @param tokens   the operand's tokens, at least one
     * @param isTarget whether the operand is a jump's (an identifier is then a label)
     * @throws LitmusException E-X86-UNSUPPORTED for anything else, E-RANGE for a constant out of range
     */
    X86Operand parse(List<X86Token> tokens, boolean isTarget) throws LitmusException {
        X86Token first = tokens.get(0);
        int n = tokens.size();
        Position pos = first.pos();
        if (n == 1 && X86Registers.isRegister(first)) {
            String s = X86Registers.spelling(first);
            return new X86Operand.Reg(X86Registers.register(first), X86Registers.width(s), pos, text(tokens));
        }
        if (isTarget && n == 1 && first.kind() == X86Token.Kind.IDENT) {
            return new X86Operand.Target(first.text(), pos, first.text());
        }
        Long constant = constant(tokens, 0, n);
        if (constant != null) {
            return new X86Operand.Imm(constant, pos, text(tokens));
        }
        int k = 0;
        int size = 0;
        if (n > 2 && tokens.get(1).isWord("PTR") || n > 2 && tokens.get(1).text().equalsIgnoreCase("ptr")) {
            size = switch (first.text().toUpperCase(Locale.ROOT)) {
                case "BYTE" -> 1;
                case "WORD" -> 2;
                case "DWORD" -> 4;
                case "QWORD" -> 8;
                default -> -1;
            };
            if (size < 0) {
                throw unsupported(tokens);
            }
            k = 2;
        }
        // segment prefix %cs: (ignored)
        if (k + 1 < n && X86Registers.isRegister(tokens.get(k)) && tokens.get(k + 1).isSymbol(":")) {
            k += 2;
        }
        if (k < n && tokens.get(k).isSymbol("[") && tokens.get(n - 1).isSymbol("]")) {
            return bracketed(tokens, k + 1, n - 1, size, tokens.subList(k, n));
        }
        return parenthesised(tokens, k, size);
    }

    /** {@code [-]NAT} or {@code $[-]NAT} exactly over {@code tokens[from..to)}, or null. */
    private Long constant(List<X86Token> tokens, int from, int to) throws LitmusException {
        int j = from;
        if (j < to && tokens.get(j).isSymbol("$")) {
            j++;
        }
        boolean negative = j < to && tokens.get(j).isSymbol("-");
        if (negative) {
            j++;
        }
        if (j == to - 1 && tokens.get(j).kind() == X86Token.Kind.NAT) {
            return X86Literals.constant(file, negative, tokens.get(j));
        }
        return null;
    }

    /** {@code [ term (+|-) term ... ]}: terms are a symbol, a register, {@code reg*k}, {@code k*reg} or a constant. */
    private X86Operand bracketed(List<X86Token> all, int from, int to, int size, List<X86Token> shown)
            throws LitmusException {
        String symbol = null;
        Position symbolPos = null;
        Register base = null;
        Register index = null;
        long scale = 1;
        long disp = 0;
        int j = from;
        boolean negative = false;
        if (j >= to) {
            throw unsupported(shown);
        }
        while (j < to) {
            X86Token t = all.get(j);
            boolean scaled = j + 2 < to && all.get(j + 1).isSymbol("*");
            if (t.kind() == X86Token.Kind.NAT && !scaled) {
                long v = X86Literals.constant(file, false, t);
                disp += negative ? -v : v;
                j++;
            } else if (X86Registers.isRegister(t) && !negative) {
                Register r = X86Registers.register(t);
                if (scaled) {
                    if (index != null || all.get(j + 2).kind() != X86Token.Kind.NAT) {
                        throw unsupported(shown);
                    }
                    index = r;
                    scale = X86Literals.constant(file, false, all.get(j + 2));
                    j += 3;
                } else if (base == null) {
                    base = r;
                    j++;
                } else if (index == null) {
                    index = r;
                    j++;
                } else {
                    throw unsupported(shown);
                }
            } else if (t.kind() == X86Token.Kind.NAT && scaled && X86Registers.isRegister(all.get(j + 2)) && index == null
                    && !negative) {
                scale = X86Literals.constant(file, false, t);
                index = X86Registers.register(all.get(j + 2));
                j += 3;
            } else if (X86Registers.isLocationName(t) && symbol == null && !negative) {
                symbol = t.text();
                symbolPos = t.pos();
                j++;
            } else {
                throw unsupported(shown);
            }
            if (j < to) {
                X86Token op = all.get(j);
                if (!op.isSymbol("+") && !op.isSymbol("-")) {
                    throw unsupported(shown);
                }
                negative = op.isSymbol("-");
                j++;
                if (j >= to) {
                    throw unsupported(shown);
                }
            }
        }
        if (symbol == null && base == null && index == null) {
            throw X86Errors.unsupported(file, shown.get(0).pos(), text(shown), "an absolute numeric address");
        }
        return mem(symbol, symbolPos, base, index, scale, disp, size, shown);
    }

    /** AT&amp;T {@code [disp] ( base [, index [, scale]] )}, {@code (x)}, {@code x(%rip)}, or a bare symbol. */
    private X86Operand parenthesised(List<X86Token> tokens, int from, int size) throws LitmusException {
        List<X86Token> shown = tokens.subList(from, tokens.size());
        if (shown.isEmpty()) {
            throw unsupported(tokens);
        }
        int open = -1;
        for (int j = from; j < tokens.size(); j++) {
            if (tokens.get(j).isSymbol("(")) {
                open = j;
                break;
            }
        }
        int n = tokens.size();
        if (open < 0 || !tokens.get(n - 1).isSymbol(")")) {
            throw unsupported(shown);
        }
        String symbol = null;
        Position symbolPos = null;
        long disp = 0;
        if (open > from) {
            Long d = constant(tokens, from, open);
            if (d != null) {
                disp = d;
            } else if (open == from + 1 && X86Registers.isLocationName(tokens.get(from))) {
                symbol = tokens.get(from).text();
                symbolPos = tokens.get(from).pos();
            } else {
                throw unsupported(shown);
            }
        }
        List<X86Token> inner = tokens.subList(open + 1, n - 1);
        Register base = null;
        Register index = null;
        long scale = 1;
        if (inner.size() == 1 && X86Registers.isLocationName(inner.get(0)) && symbol == null) {
            symbol = inner.get(0).text();
            symbolPos = inner.get(0).pos();
        } else if (!inner.isEmpty()) {
            int j = 0;
            if (!inner.get(0).isSymbol(",")) {
                if (!X86Registers.isRegister(inner.get(0))) {
                    throw unsupported(shown);
                }
                base = X86Registers.register(inner.get(0));
                j = 1;
            }
            if (j < inner.size()) {
                if (!inner.get(j).isSymbol(",") || j + 1 >= inner.size() || !X86Registers.isRegister(inner.get(j + 1))) {
                    throw unsupported(shown);
                }
                index = X86Registers.register(inner.get(j + 1));
                j += 2;
                if (j < inner.size()) {
                    if (!inner.get(j).isSymbol(",") || j + 2 != inner.size() || inner.get(j + 1).kind() != X86Token.Kind.NAT) {
                        throw unsupported(shown);
                    }
                    scale = X86Literals.constant(file, false, inner.get(j + 1));
                }
            }
        } else {
            throw unsupported(shown);
        }
        if (base != null && base.name().equals("RIP") && symbol == null) {
            throw X86Errors.unsupported(file, shown.get(0).pos(), text(shown), "rip-relative data without a symbol");
        }
        return mem(symbol, symbolPos, base, index, scale, disp, size, shown);
    }

    Dialect dialect() {
        return dialect;
    }
}
