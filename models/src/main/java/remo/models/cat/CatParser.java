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
 * Recursive-descent parser for herd7's cat language (models.md §7.2–§7.3, herdtools7's
 * {@code lib/modelParser.mly} as the reference): the optional identity (a name, a name and a title,
 * or a title string; then {@code catdep}), and the statements. Expressions are parsed by
 * {@link CatExpressionParser}; variant conditions are checked against the flags of models.md §8
 * and herd7's variants here (E-CAT-FLAG).
 */
public final class CatParser {
    private final CatTokens in;
    private final CatExpressionParser expressions;
    private final CatVariantParser variants;

    private CatParser(String file, List<Token> tokens) {
        this.in = new CatTokens(file, tokens);
        this.variants = new CatVariantParser(in);
        this.expressions = new CatExpressionParser(in, variants);
    }

    /**
     * Parses one cat or bell file.
     *
     * @param file the name used in diagnostics
     * @param text the file's content
     * @return the parsed file (includes are not resolved)
     * @throws CatException E-CAT-SYNTAX or E-CAT-FLAG at the offending token
     */
    public static CatFile parse(String file, String text) throws CatException {
        try {
            return new CatParser(file, CatLexer.tokenize(file, text)).file();
        } catch (remo.core.InputLimits.Stopped e) {
            throw new CatException(e.diagnostic(file));
        }
    }

    /**
     * A parsed cat file: its optional title, the name its identity line opens with (herd7's
     * architecture tag, as {@code ARM} in {@code ARM} or {@code X86} in {@code X86 TSO}; {@code null}
     * when the file opens with a title string or a statement), and its statements in order.
     */
    public record CatFile(String name, String title, String identity, List<CatStatement> statements) {
        public CatFile {
            statements = List.copyOf(statements);
        }
    }

    private CatFile file() throws CatException {
        String title = null;
        String identity = null;
        if (in.peek().kind() == Kind.STRING) {
            title = in.next().text();
        } else if (in.peek().kind() == Kind.IDENT) {
            // herd7's identity: NAME, NAME NAME or NAME "TITLE" before the first statement
            Token name = in.next();
            title = name.text();
            identity = name.text();
            if (in.peek().kind() == Kind.STRING || in.peek().kind() == Kind.IDENT) {
                title = in.next().text();
            }
        }
        in.accept("catdep");
        List<CatStatement> statements = new ArrayList<>();
        while (in.peek().kind() != Kind.EOF) {
            statements.add(statement(true));
        }
        return new CatFile(in.file(), title, identity, statements);
    }

    /** Statements up to (not including) {@code end}, {@code else} or {@code ||}. */
    private List<CatStatement> block() throws CatException {
        List<CatStatement> out = new ArrayList<>();
        while (!in.at("end") && !in.at("else") && !in.at("||") && in.peek().kind() != Kind.EOF) {
            out.add(statement(false));
        }
        return out;
    }

    private CatStatement statement(boolean topLevel) throws CatException {
        Token t = in.peek();
        String file = in.file();
        switch (t.kind() == Kind.KEYWORD || t.kind() == Kind.SYMBOL ? t.text() : "") {
            case "let": {
                in.next();
                boolean rec = in.accept("rec");
                List<CatStatement.Binding> bindings = expressions.bindings();
                CatStatement.Check when = null;
                if (rec && in.accept("when")) {
                    when = check(in.peek().pos(), CatStatement.TestType.CHECK);
                }
                in.accept("in");
                return new CatStatement.Let(rec, bindings, when, t.pos(), file);
            }
            case "include": {
                in.next();
                Token s = in.peek();
                if (s.kind() != Kind.STRING) {
                    throw in.syntax(s, "a file name in double quotes");
                }
                in.next();
                return new CatStatement.Include(s.text(), t.pos(), file);
            }
            case "flag":
                in.next();
                return check(t.pos(), CatStatement.TestType.FLAG);
            case "undefined_unless":
                in.next();
                return check(t.pos(), CatStatement.TestType.UNDEFINED_UNLESS);
            case "assert":
                in.next();
                return check(t.pos(), CatStatement.TestType.ASSERT);
            case "~": case "acyclic": case "irreflexive": case "empty":
                return check(t.pos(), CatStatement.TestType.CHECK);
            case "show": case "unshow":
                return show();
            case "procedure":
                return procedure();
            case "call": {
                in.next();
                Token name = in.expectIdent("the name of a procedure");
                CatExpr arg = argument();
                String as = in.accept("as") ? in.expectIdent("a name after 'as'").text() : null;
                return new CatStatement.Call(name.text(), arg, as, t.pos(), file);
            }
            case "enum": {
                in.next();
                Token name = in.expectIdent("the name of the enumeration");
                in.expect("=", "'='");
                in.accept("||");
                List<String> tags = new ArrayList<>();
                do {
                    Token tag = in.peek();
                    if (tag.kind() != Kind.TAG) {
                        throw in.syntax(tag, "a tag such as 'a");
                    }
                    tags.add(in.next().text());
                } while (in.accept("||"));
                return new CatStatement.Enum(name.text(), tags, t.pos(), file);
            }
            case "forall": {
                in.next();
                Token x = in.expectIdent("a variable");
                in.expect("in", "'in'");
                CatExpr set = expressions.expression();
                in.expect("do", "'do'");
                List<CatStatement> body = block();
                in.expect("end", "'end' closing 'forall'");
                return new CatStatement.Forall(x.text(), set, body, t.pos(), file);
            }
            case "with": {
                in.next();
                Token x = in.expectIdent("a variable");
                in.expect("from", "'from'");
                return new CatStatement.WithFrom(x.text(), expressions.expression(), t.pos(), file);
            }
            case "if": {
                in.next();
                CatCondition c = variants.variant();
                List<CatStatement> then = block();
                List<CatStatement> otherwise = in.accept("else") ? block() : List.of();
                in.expect("end", "'end' closing 'if'");
                return new CatStatement.IfVariant(c, then, otherwise, t.pos(), file);
            }
            case "match":
                return matchStatement();
            case "debug":
                in.next();
                return new CatStatement.Debug(expressions.expression(), t.pos(), file);
            case "instructions": case "default": {
                in.next();
                Token name = in.expectIdent("an event name");
                in.expect("[", "'['");
                List<CatExpr> args = new ArrayList<>();
                if (!in.at("]")) {
                    args.add(expressions.single());
                    while (in.accept(",")) {
                        args.add(expressions.single());
                    }
                }
                in.expect("]", "']'");
                return new CatStatement.Events(t.text().equals("default"), name.text(), args, t.pos(), file);
            }
            default:
                throw in.syntax(t, "a statement (let, include, acyclic, irreflexive, empty, flag, show, procedure, call"
                        + (topLevel ? ", enum" : "") + ", ...)");
        }
    }

    /** The argument of {@code call}: an atom, usually {@code (a, b)}. */
    private CatExpr argument() throws CatException {
        Token t = in.peek();
        if (t.is("(")) {
            in.next();
            if (in.accept(")")) {
                return new CatExpr.Tuple(List.of(), t.pos());
            }
            CatExpr e = expressions.expression();
            in.expect(")", "')'");
            return e;
        }
        return expressions.single();
    }

    private CatStatement procedure() throws CatException {
        Token t = in.next();
        boolean rec = in.accept("rec");
        Token name = in.expectIdent("the name of the procedure");
        CatPattern p = expressions.parameter();
        in.expect("=", "'='");
        List<CatStatement> body = block();
        in.expect("end", "'end' closing the procedure");
        return new CatStatement.Procedure(name.text(), p, body, rec, t.pos(), in.file());
    }

    private CatStatement matchStatement() throws CatException {
        Token t = in.next();
        CatExpr subject = expressions.expression();
        in.expect("with", "'with'");
        in.accept("||");
        List<CatStatement.TagClause> clauses = new ArrayList<>();
        List<CatStatement> otherwise = null;
        while (true) {
            Token c = in.peek();
            if (c.kind() == Kind.TAG) {
                in.next();
                in.expect("->", "'->'");
                clauses.add(new CatStatement.TagClause(c.text(), block()));
            } else if (c.kind() == Kind.IDENT && c.text().equals("_")) {
                in.next();
                in.expect("->", "'->'");
                otherwise = block();
            } else {
                throw in.syntax(c, "a tag clause ('tag -> statements) or '_ -> statements'");
            }
            if (otherwise != null || !in.accept("||")) {
                break;
            }
        }
        in.expect("end", "'end' closing 'match'");
        return new CatStatement.MatchTag(subject, clauses, otherwise, t.pos(), in.file());
    }

    private CatStatement show() throws CatException {
        Token t = in.next();
        List<CatExpr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        do {
            CatExpr e = expressions.single();
            String name = null;
            if (in.accept("as")) {
                name = in.expectIdent("a name after 'as'").text();
            }
            exprs.add(e);
            names.add(name == null ? e.toString() : name);
        } while (in.accept(","));
        return new CatStatement.Show(t.is("show"), exprs, names, t.pos(), in.file());
    }

    private CatStatement.Check check(Position start, CatStatement.TestType type) throws CatException {
        boolean negated = in.accept("~");
        Token k = in.peek();
        CatStatement.CheckKind kind;
        if (k.is("acyclic")) {
            kind = CatStatement.CheckKind.ACYCLIC;
        } else if (k.is("irreflexive")) {
            kind = CatStatement.CheckKind.IRREFLEXIVE;
        } else if (k.is("empty")) {
            kind = CatStatement.CheckKind.EMPTY;
        } else {
            throw in.syntax(k, "acyclic, irreflexive or empty");
        }
        in.next();
        CatExpr e = expressions.expression();
        String name = in.accept("as") ? in.expectIdent("a name after 'as'").text() : null;
        if (type == CatStatement.TestType.FLAG && name == null) {
            throw in.syntax(in.peek(), "'as' and a name after a flag check");
        }
        return new CatStatement.Check(kind, negated, e, name, type, start, in.file());
    }
}
