package remo.litmus;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses the constraints at the end of an x86 test (language.md §10.1, §10.4 and §5.1):
 * {@code [locations [...]] [filter prop] quantifier prop [";"]}, the legacy
 * {@code with NAME: quantifier;} lines, and the end of the input (a {@code <<} trailer counts as
 * the end, see {@link X86Lexer}).
 *
 * <p>The quantifier is {@code exists}, {@code ~exists} (also {@code ~ exists}), {@code forall},
 * {@code final} (meaning {@code exists}) or nothing before a parenthesised proposition (meaning
 * {@code exists}). Precedence as herd7: {@code \/} loosest, then {@code /\}, then {@code =>}
 * (right-associative), then {@code ~}/{@code not}. Atoms are {@code N:REG}, {@code PN:REG},
 * {@code x} or {@code [x]}, compared with {@code =}, {@code ==}, {@code !=} or {@code <>} to a
 * constant.
 *
 * <p>Every location named is recorded in the {@link X86LocationTable}; every thread token is
 * recorded, in textual order, for the E-UNKNOWN-THREAD check that follows parsing.
 */
final class X86ConditionParser {

    /**
     * The parsed constraints.
     *
     * @param shownItems the {@code locations} list
     * @param filter     the filter, or {@code null}
     * @param quantifier the quantifier
     * @param condition  the condition
     */
    record Constraints(List<ItemRef> shownItems, Prop filter, Quantifier quantifier, Prop condition) {
    }

    private final Dialect dialect;
    private final X86Lexer lexer;
    private final String file;
    private final X86LocationTable locations;
    private final List<X86Token> threadTokens = new ArrayList<>();

    /**
     * @param lexer     positioned at the first token of the constraints
     * @param locations records the locations named
     * @param dialect   decides how registers are printed: as herd7 does ({@code 0:rax} in X86_64,
     *                  {@code 0:EAX} in X86), whatever the spelling in the file
     */
    X86ConditionParser(X86Lexer lexer, X86LocationTable locations, Dialect dialect) {
        this.dialect = dialect;
        this.lexer = lexer;
        this.file = lexer.sourceName();
        this.locations = locations;
    }

    /** Whether {@code t}, as the first token of a row, starts the constraints. */
    static boolean startsConstraints(X86Token t) {
        return t.isWord("locations") || t.isWord("filter") || startsCondition(t);
    }

    private static boolean startsCondition(X86Token t) {
        return t.isWord("exists") || t.isWord("forall") || t.isWord("final") || t.isSymbol("~") || t.isSymbol("(");
    }

    /** The thread tokens of all register atoms, in textual order (valid after {@link #parse}). */
    List<X86Token> threadTokens() {
        return threadTokens;
    }

    /**
     * Parses the constraints up to the end of the input.
     *
     * @throws LitmusException E-SYNTAX for a grammar violation, E-RANGE for a constant out of range,
     *                         E-LEX from the lexer
     */
    Constraints parse() throws LitmusException {
        List<ItemRef> shown = new ArrayList<>();
        if (lexer.peek().isWord("locations")) {
            lexer.next();
            expectSymbol("[");
            while (!lexer.peek().isSymbol("]")) {
                shown.add(cloc());
                if (lexer.peek().isSymbol(";")) {
                    lexer.next();
                } else if (!lexer.peek().isSymbol("]")) {
                    throw X86Errors.syntax(file, lexer.peek(), "';' or ']'");
                }
            }
            lexer.next();
        }
        Prop filter = null;
        if (lexer.peek().isWord("filter")) {
            lexer.next();
            filter = prop();
        }
        Quantifier quantifier = quantifier(true);
        Prop condition = prop();
        if (lexer.peek().isSymbol(";")) {
            lexer.next();
        }
        if (lexer.peek().isWord("with")) {
            lexer.next();
            legacyVerdicts();
        }
        if (lexer.peek().kind() != X86Token.Kind.EOF) {
            throw X86Errors.syntax(file, lexer.peek(), "end of file");
        }
        return new Constraints(shown, filter, quantifier, condition);
    }

    /**
     * Reads a quantifier. With {@code allowBare}, a {@code (} means {@code exists} and is not consumed.
     */
    private Quantifier quantifier(boolean allowBare) throws LitmusException {
        X86Token t = lexer.peek();
        if (t.isWord("exists") || t.isWord("final")) {
            lexer.next();
            return Quantifier.EXISTS;
        }
        if (t.isWord("forall")) {
            lexer.next();
            return Quantifier.FORALL;
        }
        if (t.isSymbol("~")) {
            lexer.next();
            if (!lexer.peek().isWord("exists")) {
                throw X86Errors.syntax(file, lexer.peek(), "'exists'");
            }
            lexer.next();
            return Quantifier.NOT_EXISTS;
        }
        if (allowBare && t.isSymbol("(")) {
            return Quantifier.EXISTS;
        }
        throw X86Errors.syntax(file, t, "final condition");
    }

    /** {@code with NAME ":" quantifier ";" {NAME ":" quantifier ";"}}: herd7 legacy lines, ignored. */
    private void legacyVerdicts() throws LitmusException {
        do {
            X86Token name = lexer.next();
            if (name.kind() != X86Token.Kind.IDENT) {
                throw X86Errors.syntax(file, name, "model name");
            }
            expectSymbol(":");
            quantifier(false);
            expectSymbol(";");
        } while (lexer.peek().kind() == X86Token.Kind.IDENT);
    }

    private Prop prop() throws LitmusException {
        Prop p = conjunction();
        while (lexer.peek().isSymbol("\\/")) {
            lexer.next();
            p = new Prop.Or(p, conjunction());
        }
        return p;
    }

    private Prop conjunction() throws LitmusException {
        Prop p = implication();
        while (lexer.peek().isSymbol("/\\")) {
            lexer.next();
            p = new Prop.And(p, implication());
        }
        return p;
    }

    private Prop implication() throws LitmusException {
        Prop p = negation();
        if (lexer.peek().isSymbol("=>")) {
            lexer.next();
            return new Prop.Implies(p, implication());
        }
        return p;
    }

    private Prop negation() throws LitmusException {
        X86Token t = lexer.peek();
        if (t.isSymbol("~") || t.isWord("not")) {
            lexer.next();
            return new Prop.Not(negation());
        }
        if (t.isWord("true") || t.isWord("false")) {
            lexer.next();
            return new Prop.Constant(t.isWord("true"));
        }
        if (t.isSymbol("(")) {
            lexer.next();
            Prop p = prop();
            expectSymbol(")");
            return p;
        }
        ItemRef ref = cloc();
        X86Token op = lexer.next();
        boolean equal;
        if (op.isSymbol("=") || op.isSymbol("==")) {
            equal = true;
        } else if (op.isSymbol("!=") || op.isSymbol("<>")) {
            equal = false;
        } else {
            throw X86Errors.syntax(file, op, "'=', '==', '!=' or '<>'");
        }
        return new Prop.Atom(ref, equal, constant());
    }

    /** {@code N:REG}, {@code PN:REG}, {@code x} or {@code [x]}. */
    private ItemRef cloc() throws LitmusException {
        X86Token t = lexer.next();
        if (t.kind() == X86Token.Kind.NAT || X86Registers.isProc(t)) {
            expectSymbol(":");
            X86Token reg = lexer.next();
            String spelling = X86Registers.spelling(reg);
            if (spelling == null) {
                throw X86Errors.syntax(file, reg, "register");
            }
            threadTokens.add(t);
            String canonical = X86Registers.canonical(spelling);
            StateItem item = new StateItem.RegisterItem(X86Literals.threadIndex(t), canonical);
            return new ItemRef(item, X86Registers.herdName(canonical, dialect), t.pos());
        }
        if (t.isSymbol("[")) {
            X86Token name = lexer.next();
            if (!X86Registers.isLocationName(name)) {
                throw X86Errors.syntax(file, name, "location name");
            }
            expectSymbol("]");
            locations.use(name.text());
            return new ItemRef(new StateItem.LocationItem(name.text()), "[" + name.text() + "]", t.pos());
        }
        if (X86Registers.isLocationName(t)) {
            locations.use(t.text());
            return new ItemRef(new StateItem.LocationItem(t.text()), t.text(), t.pos());
        }
        throw X86Errors.syntax(file, t, "location or thread:register");
    }

    private long constant() throws LitmusException {
        boolean negative = lexer.peek().isSymbol("-");
        if (negative) {
            lexer.next();
        }
        X86Token nat = lexer.next();
        if (nat.kind() != X86Token.Kind.NAT) {
            throw X86Errors.syntax(file, nat, "integer");
        }
        return X86Literals.constant(file, negative, nat);
    }

    private void expectSymbol(String symbol) throws LitmusException {
        X86Token t = lexer.next();
        if (!t.isSymbol(symbol)) {
            throw X86Errors.syntax(file, t, "'" + symbol + "'");
        }
    }
}
