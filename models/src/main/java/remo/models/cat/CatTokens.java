package remo.models.cat;

import java.util.List;
import remo.core.Diagnostic;
import remo.models.cat.CatLexer.Kind;
import remo.models.cat.CatLexer.Token;

/** A cursor over the tokens of one cat file, shared by the statement and expression parsers. */
final class CatTokens {
    private final String file;
    private final List<Token> tokens;
    private int p;

    CatTokens(String file, List<Token> tokens) {
        this.file = file;
        this.tokens = tokens;
    }

    String file() {
        return file;
    }

    Token peek() {
        return tokens.get(p);
    }

    Token peek(int k) {
        return tokens.get(Math.min(p + k, tokens.size() - 1));
    }

    Token next() {
        Token t = tokens.get(p);
        if (t.kind() != Kind.EOF) {
            p++;
        }
        return t;
    }

    boolean at(String symbolOrKeyword) {
        return peek().is(symbolOrKeyword);
    }

    /** Consumes the token if it is {@code symbolOrKeyword}. */
    boolean accept(String symbolOrKeyword) {
        if (at(symbolOrKeyword)) {
            next();
            return true;
        }
        return false;
    }

    CatException syntax(Token at, String expected) {
        return new CatException(Diagnostic.error("E-CAT-SYNTAX", file, at.pos(),
                "syntax error: expected " + expected + ", found " + at.describe()));
    }

    Token expect(String symbol, String what) throws CatException {
        Token t = peek();
        if (!t.is(symbol)) {
            throw syntax(t, what);
        }
        return next();
    }

    Token expectIdent(String what) throws CatException {
        Token t = peek();
        if (t.kind() != Kind.IDENT) {
            throw syntax(t, what);
        }
        return next();
    }
}
