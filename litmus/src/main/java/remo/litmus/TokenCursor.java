package remo.litmus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import remo.core.Diagnostic;
import remo.core.Position;

/**
 * A position in a token stream with unbounded lookahead, and the error helpers every RDMA parser
 * part uses (language.md §6.3).
 *
 * <p>A cursor reads either from a lexer (the file) or from a fixed token list closed by a
 * sentinel (one cell of the thread table, language.md §3.4). When the current token is a lexical
 * error, {@link #peek()} throws its {@code E-LEX} diagnostic: the error is reported exactly when the
 * parser reaches it, so an earlier syntax error wins. Lookahead beyond the current token
 * ({@link #peek(int)} with {@code k > 0}) never throws.
 */
final class TokenCursor {

    private final String sourceName;
    private final Supplier<Token> source;
    private final List<Token> buffer = new ArrayList<>();
    private int index;

    private TokenCursor(String sourceName, Supplier<Token> source) {
        this.sourceName = sourceName;
        this.source = source;
    }

    /** A cursor over the tokens of {@code lexer}. */
    static TokenCursor of(String sourceName, RdmaLexer lexer) {
        return new TokenCursor(sourceName, lexer::next);
    }

    /**
     * A cursor over {@code tokens}, followed forever by {@code sentinel} (the token that ends a
     * cell: {@code |}, {@code ;}, end of file or a lexical error).
     */
    static TokenCursor of(String sourceName, List<Token> tokens, Token sentinel) {
        List<Token> copy = List.copyOf(tokens);
        int[] next = {0};
        return new TokenCursor(sourceName, () -> next[0] < copy.size() ? copy.get(next[0]++) : sentinel);
    }

    /**
     * The current token.
     *
     * @throws LitmusException E-LEX if the current token is a lexical error
     */
    Token peek() throws LitmusException {
        Token t = peek(0);
        if (t.kind() == Token.Kind.ERROR) {
            throw new LitmusException(Diagnostic.error("E-LEX", sourceName, t.pos(), t.text()));
        }
        return t;
    }

    /** The token {@code k} places after the current one, without any check. */
    Token peek(int k) {
        while (buffer.size() <= index + k) {
            buffer.add(source.get());
        }
        return buffer.get(index + k);
    }

    /**
     * Consumes and returns the current token.
     *
     * @throws LitmusException E-LEX if the current token is a lexical error
     */
    Token next() throws LitmusException {
        Token t = peek();
        index++;
        return t;
    }

    /** Consumes and returns the current token, even a lexical error (used to collect cells). */
    Token nextRaw() {
        Token t = peek(0);
        index++;
        return t;
    }

    /** Whether the current token is the symbol {@code symbol}. */
    boolean atSymbol(String symbol) throws LitmusException {
        return peek().isSymbol(symbol);
    }

    /** Whether the current token is the word {@code word}. */
    boolean atWord(String word) throws LitmusException {
        return peek().isWord(word);
    }

    /** Consumes the current token if it is the symbol {@code symbol}. */
    boolean acceptSymbol(String symbol) throws LitmusException {
        if (atSymbol(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    /**
     * Consumes the symbol {@code symbol}.
     *
     * @throws LitmusException E-SYNTAX ({@code expected 'symbol'}) if the current token differs
     */
    Token expectSymbol(String symbol) throws LitmusException {
        if (!atSymbol(symbol)) {
            throw syntaxError("'" + symbol + "'");
        }
        return next();
    }

    /**
     * Consumes the keyword {@code word}.
     *
     * @throws LitmusException E-SYNTAX if the current token differs
     */
    Token expectWord(String word) throws LitmusException {
        if (!atWord(word)) {
            throw syntaxError("'" + word + "'");
        }
        return next();
    }

    /**
     * The E-SYNTAX error at the current token: {@code syntax error: expected <what>, found <found>}.
     *
     * @throws LitmusException E-LEX instead if the current token is a lexical error
     */
    LitmusException syntaxError(String what) throws LitmusException {
        Token t = peek();
        return error("E-SYNTAX", t.pos(), "syntax error: expected " + what + ", found " + t.describe());
    }

    /** An error diagnostic of this file as an exception (to be thrown by the caller). */
    LitmusException error(String code, Position pos, String message) {
        return new LitmusException(Diagnostic.error(code, sourceName, pos, message));
    }
}
