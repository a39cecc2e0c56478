package remo.models.cat;

import java.util.ArrayList;
import java.util.List;
import remo.core.Position;
import remo.models.cat.CatExpr.BinaryOp;
import remo.models.cat.CatExpr.UnaryOp;
import remo.models.cat.CatLexer.Kind;
import remo.models.cat.CatLexer.Token;

/**
 * Expressions, patterns and bindings of herd7's cat grammar (herdtools7 {@code lib/modelParser.mly},
 * read as the reference), with herd7's precedence: {@code |} loosest, then {@code ++}, {@code ;},
 * {@code \}, {@code &}, infix {@code *}, prefix {@code ~}, postfix {@code + * ? ^-1}, application
 * by juxtaposition ({@code f x}, {@code f(x, y)}), atoms. A comma-separated list at the top of an
 * expression is a tuple.
 *
 * <p>{@code *} is the postfix closure when the next token cannot start an operand, the infix
 * product otherwise (models.md §7.3). {@code let … in}, {@code fun}, {@code try}, {@code match}
 * and {@code if} extend as far right as possible.
 */
final class CatExpressionParser {
    private final CatTokens in;
    private final CatVariantParser variants;

    CatExpressionParser(CatTokens in, CatVariantParser variants) {
        this.in = in;
        this.variants = variants;
    }

    /** Tokens that can start an operand of {@code *} (an atom, {@code ~}, or {@code if}). */
    static boolean startsOperand(Token t) {
        return t.kind() == Kind.IDENT || t.kind() == Kind.ZERO || t.kind() == Kind.TAG || t.is("(") || t.is("[")
                || t.is("~") || t.is("{") || t.is("begin") || t.is("if");
    }

    /** Tokens that can be the argument of an application by juxtaposition. */
    private static boolean startsArgument(Token t) {
        return t.kind() == Kind.IDENT || t.kind() == Kind.ZERO || t.kind() == Kind.TAG || t.is("(") || t.is("[")
                || t.is("{") || t.is("begin");
    }

    /** An expression, a tuple if it is a comma-separated list. */
    CatExpr expression() throws CatException {
        CatExpr first = single();
        if (!in.at(",")) {
            return first;
        }
        List<CatExpr> items = new ArrayList<>();
        items.add(first);
        while (in.accept(",")) {
            items.add(single());
        }
        return new CatExpr.Tuple(items, first.pos());
    }

    /** An expression without a top-level comma. */
    CatExpr single() throws CatException {
        Token t = in.peek();
        if (t.is("let") || t.is("fun") || t.is("try") || t.is("match") || t.is("if")) {
            return prefixConstruct();
        }
        return union();
    }

    private CatExpr prefixConstruct() throws CatException {
        Token t = in.next();
        switch (t.text()) {
            case "let": {
                boolean rec = in.accept("rec");
                List<CatStatement.Binding> bindings = bindings();
                in.expect("in", "'in' after the bindings of 'let'");
                return new CatExpr.LetIn(rec, bindings, expression(), t.pos());
            }
            case "fun": {
                CatPattern p = parameter();
                in.expect("->", "'->'");
                return new CatExpr.Fun(p, expression(), "fun", t.pos());
            }
            case "try": {
                CatExpr body = expression();
                in.expect("with", "'with' after the expression of 'try'");
                return new CatExpr.Try(body, expression(), t.pos());
            }
            case "match":
                return match(t);
            case "if": {
                CatExpr.Condition c = condition();
                in.expect("then", "'then'");
                CatExpr then = expression();
                in.expect("else", "'else'");
                return new CatExpr.If(c, then, expression(), t.pos());
            }
            default:
                throw new AssertionError(t);
        }
    }

    private CatExpr.Condition condition() throws CatException {
        if (variants.startsVariant(in)) {
            return new CatExpr.Variant(variants.variant());
        }
        CatExpr left = union();
        if (in.accept("=")) {
            return new CatExpr.Equal(left, union());
        }
        if (in.accept("subset")) {
            return new CatExpr.Subset(left, union());
        }
        if (in.accept("in")) {
            return new CatExpr.Member(left, union());
        }
        throw in.syntax(in.peek(), "'=', 'subset' or 'in' in the condition of 'if'");
    }

    private CatExpr match(Token start) throws CatException {
        CatExpr subject = expression();
        in.expect("with", "'with' after the expression of 'match'");
        in.accept("||");
        Token t = in.peek();
        boolean setMatch = t.is("{") || ((t.kind() == Kind.IDENT) && (in.peek(1).is("++") || in.peek(1).is("|")));
        if (setMatch) {
            return matchSet(start, subject);
        }
        List<CatExpr.Clause> clauses = new ArrayList<>();
        CatExpr otherwise = null;
        while (true) {
            Token c = in.peek();
            if (c.kind() == Kind.TAG) {
                in.next();
                in.expect("->", "'->'");
                clauses.add(new CatExpr.Clause(c.text(), expression(), c.pos()));
            } else if (c.kind() == Kind.IDENT && c.text().equals("_")) {
                in.next();
                in.expect("->", "'->'");
                otherwise = expression();
            } else {
                throw in.syntax(c, "a tag clause ('tag -> e) or '_ -> e'");
            }
            if (otherwise != null || !in.accept("||")) {
                break;
            }
        }
        in.expect("end", "'end' closing 'match'");
        return new CatExpr.Match(subject, clauses, otherwise, start.pos());
    }

    private CatExpr matchSet(Token start, CatExpr subject) throws CatException {
        CatExpr ifEmpty = null;
        String[] element = null;
        CatExpr body = null;
        for (int k = 0; k < 2; k++) {
            if (in.at("{")) {
                in.next();
                in.expect("}", "'}' of the empty-set clause");
                in.expect("->", "'->'");
                ifEmpty = expression();
            } else {
                String a = patternName();
                String before = null;
                if (in.accept("|")) {
                    before = a;
                    a = patternName();
                }
                in.expect("++", "'++' in a set clause");
                String rest = patternName();
                in.expect("->", "'->'");
                element = new String[] {before, a, rest};
                body = expression();
            }
            if (k == 0) {
                in.expect("||", "'||' between the two clauses of a set match");
            }
        }
        if (ifEmpty == null || body == null) {
            throw in.syntax(in.peek(), "one '{} -> e' clause and one 'x ++ s -> e' clause");
        }
        in.expect("end", "'end' closing 'match'");
        return new CatExpr.MatchSet(subject, ifEmpty, element[0], element[1], element[2], body, start.pos());
    }

    private String patternName() throws CatException {
        Token t = in.expectIdent("a name or '_'");
        return t.text().equals("_") ? null : t.text();
    }

    /** {@code x}, {@code _} or {@code (x, y, …)}: the parameter of {@code fun} or of a procedure. */
    CatPattern parameter() throws CatException {
        if (in.accept("(")) {
            List<String> names = new ArrayList<>();
            if (!in.at(")")) {
                names.add(patternName());
                while (in.accept(",")) {
                    names.add(patternName());
                }
            }
            in.expect(")", "')'");
            return names.size() == 1 ? CatPattern.variable(names.get(0)) : new CatPattern(names, true);
        }
        return CatPattern.variable(patternName());
    }

    /** {@code b1 and b2 …} of a {@code let}. */
    List<CatStatement.Binding> bindings() throws CatException {
        List<CatStatement.Binding> out = new ArrayList<>();
        out.add(binding());
        while (in.accept("and")) {
            out.add(binding());
        }
        return out;
    }

    /** {@code x = e}, {@code x, y = e}, {@code (x, y) = e}, {@code f x = e}, {@code f(x, y) = e}. */
    private CatStatement.Binding binding() throws CatException {
        Token first = in.peek();
        if (first.is("(")) {
            CatPattern p = parameter();
            in.expect("=", "'='");
            return new CatStatement.Binding(p, expression(), first.pos());
        }
        if (first.kind() != Kind.IDENT) {
            throw in.syntax(first, "a name to bind");
        }
        in.next();
        String name = first.text().equals("_") ? null : first.text();
        if (in.at("(") || (in.peek().kind() == Kind.IDENT && in.peek(1).is("="))) {
            CatPattern p = parameter();
            Token eq = in.expect("=", "'='");
            CatExpr body = expression();
            return new CatStatement.Binding(CatPattern.variable(name),
                    new CatExpr.Fun(p, body, name == null ? "fun" : name, eq.pos()), first.pos());
        }
        if (in.at(",")) {
            List<String> names = new ArrayList<>();
            names.add(name);
            while (in.accept(",")) {
                names.add(patternName());
            }
            in.expect("=", "'='");
            return new CatStatement.Binding(new CatPattern(names, true), expression(), first.pos());
        }
        in.expect("=", "'='");
        return new CatStatement.Binding(CatPattern.variable(name), expression(), first.pos());
    }

    private CatExpr union() throws CatException {
        CatExpr left = add();
        while (in.at("|")) {
            Token op = in.next();
            left = new CatExpr.Binary(BinaryOp.UNION, left, add(), op.pos());
        }
        return left;
    }

    private CatExpr add() throws CatException {
        CatExpr left = sequence();
        if (in.at("++")) {
            Token op = in.next();
            return new CatExpr.Binary(BinaryOp.ADD, left, add(), op.pos()); // right-associative
        }
        return left;
    }

    private CatExpr sequence() throws CatException {
        CatExpr left = difference();
        while (in.at(";")) {
            Token op = in.next();
            left = new CatExpr.Binary(BinaryOp.SEQUENCE, left, difference(), op.pos());
        }
        return left;
    }

    private CatExpr difference() throws CatException {
        CatExpr left = intersection();
        while (in.at("\\")) {
            Token op = in.next();
            left = new CatExpr.Binary(BinaryOp.DIFFERENCE, left, intersection(), op.pos());
        }
        return left;
    }

    private CatExpr intersection() throws CatException {
        CatExpr left = product();
        while (in.at("&")) {
            Token op = in.next();
            left = new CatExpr.Binary(BinaryOp.INTERSECTION, left, product(), op.pos());
        }
        return left;
    }

    private CatExpr product() throws CatException {
        CatExpr left = prefix();
        if (in.at("*") && startsOperand(in.peek(1))) {
            Token op = in.next();
            CatExpr right = prefix();
            left = new CatExpr.Binary(BinaryOp.PRODUCT, left, right, op.pos());
            if (in.at("*") && startsOperand(in.peek(1))) {
                throw in.syntax(in.peek(), "parentheses: the cartesian product '*' is not associative");
            }
        }
        return left;
    }

    private CatExpr prefix() throws CatException {
        if (in.at("~")) {
            Token op = in.next();
            return new CatExpr.Unary(UnaryOp.COMPLEMENT, prefix(), op.pos());
        }
        return postfix();
    }

    private CatExpr postfix() throws CatException {
        CatExpr e = application();
        while (true) {
            Token t = in.peek();
            if (t.is("+")) {
                in.next();
                e = new CatExpr.Unary(UnaryOp.PLUS, e, e.pos());
            } else if (t.is("*") && !startsOperand(in.peek(1))) {
                in.next();
                e = new CatExpr.Unary(UnaryOp.STAR, e, e.pos());
            } else if (t.is("?")) {
                in.next();
                e = new CatExpr.Unary(UnaryOp.OPTION, e, e.pos());
            } else if (t.is("^-1")) {
                in.next();
                e = new CatExpr.Unary(UnaryOp.INVERSE, e, e.pos());
            } else {
                return e;
            }
        }
    }

    /** {@code f a b …}: herd7 applies only a name (or an application) to arguments. */
    private CatExpr application() throws CatException {
        CatExpr e = atom();
        if (!(e instanceof CatExpr.Name)) {
            return e;
        }
        while (startsArgument(in.peek())) {
            Position pos = e.pos();
            e = new CatExpr.App(e, atom(), pos);
        }
        return e;
    }

    private CatExpr atom() throws CatException {
        Token t = in.peek();
        if (t.kind() == Kind.ZERO) {
            in.next();
            return new CatExpr.Empty(t.pos());
        }
        if (t.kind() == Kind.TAG) {
            in.next();
            return new CatExpr.Tag(t.text(), t.pos());
        }
        if (t.is("{")) {
            in.next();
            if (in.accept("}")) {
                return new CatExpr.Empty(t.pos());
            }
            List<CatExpr> items = new ArrayList<>();
            items.add(single());
            while (in.accept(",")) {
                items.add(single());
            }
            in.expect("}", "'}'");
            return new CatExpr.ExplicitSet(items, t.pos());
        }
        if (t.is("(")) {
            in.next();
            if (in.accept(")")) {
                return new CatExpr.Tuple(List.of(), t.pos());
            }
            CatExpr e = expression();
            in.expect(")", "')'");
            return e;
        }
        if (t.is("begin")) {
            in.next();
            CatExpr e = expression();
            in.expect("end", "'end' closing 'begin'");
            return e;
        }
        if (t.is("[")) {
            in.next();
            CatExpr e = expression();
            in.expect("]", "']'");
            return new CatExpr.Unary(UnaryOp.IDENTITY_OF, e, t.pos());
        }
        if (t.is("if") || t.is("let") || t.is("fun") || t.is("try") || t.is("match")) {
            return prefixConstruct();
        }
        if (t.kind() == Kind.IDENT) {
            in.next();
            return new CatExpr.Name(t.text(), t.pos());
        }
        throw in.syntax(t, "an expression");
    }
}
