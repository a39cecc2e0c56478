package remo.models.cat;

import java.util.ArrayList;
import java.util.List;
import remo.core.Diagnostic;
import remo.core.Flag;
import remo.core.Position;
import remo.models.cat.CatExpr.BinaryOp;
import remo.models.cat.CatExpr.UnaryOp;
import remo.models.cat.CatLexer.Kind;
import remo.models.cat.CatLexer.Token;

/**
 * Recursive-descent parser for the cat subset (models.md §7.2–§7.3), with herd7's precedence:
 * {@code |} loosest, then {@code ;}, {@code \}, {@code &}, infix {@code *}, prefix {@code ~},
 * postfix {@code + * ? ^-1}, atoms.
 *
 * <p>Variant conditions are checked against the flags of models.md §8 here (E-CAT-FLAG).
 */
public final class CatParser {
    private final String file;
    private final List<Token> tokens;
    private int p;

    private CatParser(String file, List<Token> tokens) {
        this.file = file;
        this.tokens = tokens;
    }

    /**
     * Parses one cat file.
     *
     * @param file the name used in diagnostics
     * @param text the file's content
     * @return the parsed file (includes are not resolved)
     * @throws CatException E-CAT-SYNTAX or E-CAT-FLAG at the offending token
     */
    public static CatFile parse(String file, String text) throws CatException {
        return new CatParser(file, CatLexer.tokenize(file, text)).file();
    }

    /** A parsed cat file: its optional title and its statements in order. */
    public record CatFile(String name, String title, List<CatStatement> statements) {
        public CatFile {
            statements = List.copyOf(statements);
        }
    }

    private Token peek() {
        return tokens.get(p);
    }

    private Token peek(int k) {
        return tokens.get(Math.min(p + k, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(p);
        if (t.kind() != Kind.EOF) {
            p++;
        }
        return t;
    }

    private CatException syntax(Token at, String expected) {
        return new CatException(Diagnostic.error("E-CAT-SYNTAX", file, at.pos(),
                "syntax error: expected " + expected + ", found " + at.describe()));
    }

    private Token expect(String symbol, String what) throws CatException {
        Token t = peek();
        if (!t.is(symbol)) {
            throw syntax(t, what);
        }
        return next();
    }

    private Token expectIdent(String what) throws CatException {
        Token t = peek();
        if (t.kind() != Kind.IDENT) {
            throw syntax(t, what);
        }
        return next();
    }

    private CatFile file() throws CatException {
        String title = null;
        if (peek().kind() == Kind.STRING) {
            title = next().text();
        } else if (peek().kind() == Kind.IDENT && peek(1).kind() == Kind.STRING) {
            // herd7 files may start with a bare model name before the title string
            next();
            title = next().text();
        }
        List<CatStatement> statements = new ArrayList<>();
        while (peek().kind() != Kind.EOF) {
            statements.add(statement());
        }
        return new CatFile(file, title, statements);
    }

    private CatStatement statement() throws CatException {
        Token t = peek();
        if (t.is("let")) {
            next();
            boolean rec = false;
            if (peek().is("rec")) {
                next();
                rec = true;
            }
            List<CatStatement.Binding> bindings = new ArrayList<>();
            bindings.add(binding());
            while (peek().is("and")) {
                next();
                bindings.add(binding());
            }
            return new CatStatement.Let(rec, bindings, t.pos(), file);
        }
        if (t.is("include")) {
            next();
            Token s = peek();
            if (s.kind() != Kind.STRING) {
                throw syntax(s, "a file name in double quotes");
            }
            next();
            return new CatStatement.Include(s.text(), t.pos(), file);
        }
        if (t.is("flag")) {
            next();
            CatStatement.Check c = check(t.pos(), true);
            if (c.name() == null) {
                throw syntax(peek(), "'as' and a name after a flag check");
            }
            return c;
        }
        if (t.is("~") || t.is("acyclic") || t.is("irreflexive") || t.is("empty")) {
            return check(t.pos(), false);
        }
        if (t.is("show") || t.is("unshow")) {
            next();
            List<CatExpr> exprs = new ArrayList<>();
            List<String> names = new ArrayList<>();
            do {
                CatExpr e = expression();
                String name = null;
                if (peek().is("as")) {
                    next();
                    name = expectIdent("a name after 'as'").text();
                }
                exprs.add(e);
                names.add(name == null ? e.toString() : name);
                if (!peek().is(",")) {
                    break;
                }
                next();
            } while (true);
            return new CatStatement.Show(t.is("show"), exprs, names, t.pos(), file);
        }
        throw syntax(t, "a statement (let, include, acyclic, irreflexive, empty, flag, show)");
    }

    private CatStatement.Binding binding() throws CatException {
        Token name = peek();
        if (name.kind() != Kind.IDENT) {
            throw syntax(name, "a name to bind");
        }
        next();
        if (peek().is("(")) {
            throw new CatException(Diagnostic.error("E-CAT-SYNTAX", file, peek().pos(),
                    "syntax error: expected '=', found '('; functions are not part of remo's cat subset"));
        }
        expect("=", "'='");
        return new CatStatement.Binding(name.text(), expression(), name.pos());
    }

    private CatStatement.Check check(Position start, boolean flag) throws CatException {
        boolean negated = false;
        if (peek().is("~")) {
            next();
            negated = true;
        }
        Token k = peek();
        CatStatement.CheckKind kind;
        if (k.is("acyclic")) {
            kind = CatStatement.CheckKind.ACYCLIC;
        } else if (k.is("irreflexive")) {
            kind = CatStatement.CheckKind.IRREFLEXIVE;
        } else if (k.is("empty")) {
            kind = CatStatement.CheckKind.EMPTY;
        } else {
            throw syntax(k, "acyclic, irreflexive or empty");
        }
        next();
        CatExpr e = expression();
        String name = null;
        if (peek().is("as")) {
            next();
            name = expectIdent("a name after 'as'").text();
        }
        return new CatStatement.Check(kind, negated, e, name, flag, start, file);
    }

    /** Tokens that can start an expression (models.md §7.3). */
    private static boolean startsExpression(Token t) {
        return t.kind() == Kind.IDENT || t.kind() == Kind.ZERO || t.is("(") || t.is("[") || t.is("~") || t.is("{")
                || t.is("if");
    }

    CatExpr expression() throws CatException {
        return union();
    }

    private CatExpr union() throws CatException {
        CatExpr left = sequence();
        while (peek().is("|")) {
            Token op = next();
            left = new CatExpr.Binary(BinaryOp.UNION, left, sequence(), op.pos());
        }
        return left;
    }

    private CatExpr sequence() throws CatException {
        CatExpr left = difference();
        while (peek().is(";")) {
            Token op = next();
            left = new CatExpr.Binary(BinaryOp.SEQUENCE, left, difference(), op.pos());
        }
        return left;
    }

    private CatExpr difference() throws CatException {
        CatExpr left = intersection();
        while (peek().is("\\")) {
            Token op = next();
            left = new CatExpr.Binary(BinaryOp.DIFFERENCE, left, intersection(), op.pos());
        }
        return left;
    }

    private CatExpr intersection() throws CatException {
        CatExpr left = product();
        while (peek().is("&")) {
            Token op = next();
            left = new CatExpr.Binary(BinaryOp.INTERSECTION, left, product(), op.pos());
        }
        return left;
    }

    private CatExpr product() throws CatException {
        CatExpr left = prefix();
        if (peek().is("*") && startsExpression(peek(1))) {
            Token op = next();
            CatExpr right = prefix();
            left = new CatExpr.Binary(BinaryOp.PRODUCT, left, right, op.pos());
            if (peek().is("*") && startsExpression(peek(1))) {
                throw syntax(peek(), "parentheses: the cartesian product '*' is not associative");
            }
        }
        return left;
    }

    private CatExpr prefix() throws CatException {
        if (peek().is("~")) {
            Token op = next();
            return new CatExpr.Unary(UnaryOp.COMPLEMENT, prefix(), op.pos());
        }
        return postfix();
    }

    private CatExpr postfix() throws CatException {
        CatExpr e = atom();
        while (true) {
            Token t = peek();
            if (t.is("+")) {
                next();
                e = new CatExpr.Unary(UnaryOp.PLUS, e, e.pos());
            } else if (t.is("*") && !startsExpression(peek(1))) {
                next();
                e = new CatExpr.Unary(UnaryOp.STAR, e, e.pos());
            } else if (t.is("?")) {
                next();
                e = new CatExpr.Unary(UnaryOp.OPTION, e, e.pos());
            } else if (t.is("^-1")) {
                next();
                e = new CatExpr.Unary(UnaryOp.INVERSE, e, e.pos());
            } else {
                return e;
            }
        }
    }

    private CatExpr atom() throws CatException {
        Token t = peek();
        if (t.kind() == Kind.ZERO) {
            next();
            return new CatExpr.Empty(t.pos());
        }
        if (t.is("{")) {
            next();
            expect("}", "'}' (only the empty set {} is supported)");
            return new CatExpr.Empty(t.pos());
        }
        if (t.is("(")) {
            next();
            CatExpr e = expression();
            expect(")", "')'");
            return e;
        }
        if (t.is("[")) {
            next();
            CatExpr e = expression();
            expect("]", "']'");
            return new CatExpr.Unary(UnaryOp.IDENTITY_OF, e, t.pos());
        }
        if (t.is("if")) {
            next();
            CatCondition c = condition();
            expect("then", "'then'");
            CatExpr then = expression();
            expect("else", "'else'");
            CatExpr otherwise = expression();
            return new CatExpr.If(c, then, otherwise, t.pos());
        }
        if (t.kind() == Kind.IDENT) {
            next();
            if (peek().is("(")) {
                if (t.text().equals("domain") || t.text().equals("range")) {
                    next();
                    CatExpr e = expression();
                    expect(")", "')'");
                    return new CatExpr.Unary(t.text().equals("domain") ? UnaryOp.DOMAIN : UnaryOp.RANGE, e, t.pos());
                }
                throw new CatException(Diagnostic.error("E-CAT-SYNTAX", file, peek().pos(),
                        "syntax error: function call '" + t.text() + "(...)' is not part of remo's cat subset "
                                + "(only domain(e) and range(e))"));
            }
            return new CatExpr.Name(t.text(), t.pos());
        }
        throw syntax(t, "an expression");
    }

    private CatCondition condition() throws CatException {
        CatCondition left = conditionAnd();
        while (peek().is("||")) {
            next();
            left = new CatCondition.Or(left, conditionAnd());
        }
        return left;
    }

    private CatCondition conditionAnd() throws CatException {
        CatCondition left = conditionAtom();
        while (peek().is("&&")) {
            next();
            left = new CatCondition.And(left, conditionAtom());
        }
        return left;
    }

    private CatCondition conditionAtom() throws CatException {
        Token t = peek();
        if (t.is("not")) {
            next();
            return new CatCondition.Not(conditionAtom());
        }
        if (t.is("(")) {
            next();
            CatCondition c = condition();
            expect(")", "')'");
            return c;
        }
        if (t.kind() == Kind.STRING) {
            next();
            return flagTest(t);
        }
        throw syntax(t, "a variant condition such as \"GG_LOCAL_ORDER\" or \"RFENCE_SCOPE=ALL\"");
    }

    private CatCondition flagTest(Token t) throws CatException {
        String text = t.text();
        int eq = text.indexOf('=');
        String name = eq < 0 ? text : text.substring(0, eq);
        Flag flag = Flag.byName(name).orElse(null);
        if (flag == null) {
            throw new CatException(Diagnostic.error("E-CAT-FLAG", file, t.pos(), "unknown flag '" + name + "'"));
        }
        if (eq < 0) {
            if (!flag.isOnOff()) {
                throw new CatException(Diagnostic.error("E-CAT-FLAG", file, t.pos(), "flag " + name
                        + " is not an on/off flag; write \"" + name + "=VALUE\" with one of "
                        + String.join(", ", flag.allowedValues())));
            }
            return new CatCondition.FlagTest(flag, "ON", t.pos());
        }
        String value = text.substring(eq + 1);
        if (!flag.allowedValues().contains(value)) {
            throw new CatException(Diagnostic.error("E-CAT-FLAG", file, t.pos(), flag.unknownValueMessage(value)));
        }
        return new CatCondition.FlagTest(flag, value, t.pos());
    }
}
