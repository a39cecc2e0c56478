package remo.litmus;

import remo.core.Position;

/**
 * One token of an RDMA litmus file (language.md §2.3), produced by {@link RdmaLexer}.
 *
 * @param kind  the token class
 * @param text  the token text as written (a string keeps its quotes; {@code ""} for end of file);
 *              for an {@link Kind#ERROR} token, the message of its {@code E-LEX} diagnostic
 * @param pos   position of the first character (language.md §2.1)
 * @param start offset of the first character in the source text (UTF-16 index)
 * @param end   offset just after the last character
 */
record Token(Kind kind, String text, Position pos, int start, int end) {

    /** Token classes. {@code REG} and {@code PROC} are {@code IDENT}s of a special form. */
    enum Kind {
        /** {@code [A-Za-z_][A-Za-z0-9_]*}, including keywords, registers and thread names. */
        IDENT,
        /** {@code [0-9]+}. */
        NAT,
        /** {@code "..."} on one line. */
        STRING,
        /** One of the symbols of language.md §2.3. */
        SYMBOL,
        /** The test name of the header line (language.md §3.1). */
        NAME,
        /** End of the input. */
        EOF,
        /** A lexical error ({@code E-LEX}); reported when the parser reaches it. */
        ERROR
    }

    /** Whether this is the symbol {@code symbol}. */
    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** Whether this is the identifier (or keyword) {@code word}. */
    boolean isWord(String word) {
        return kind == Kind.IDENT && text.equals(word);
    }

    /** The {@code found} part of an E-SYNTAX message: the text in single quotes, or {@code end of file}. */
    String describe() {
        return kind == Kind.EOF ? "end of file" : "'" + text + "'";
    }
}
