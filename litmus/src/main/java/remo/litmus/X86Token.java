package remo.litmus;

import remo.core.Position;

/**
 * One token of an X86 or X86_64 litmus file (language.md §10), produced by {@link X86Lexer}.
 *
 * @param kind  the token class
 * @param text  the token text as written (for {@link Kind#REG_PERCENT} including the {@code %},
 *              for {@link Kind#STRING} including the quotes, empty for {@link Kind#EOF})
 * @param pos   position of the first character
 * @param start offset of the first character in the source text
 * @param end   offset just after the last character in the source text
 */
record X86Token(Kind kind, String text, Position pos, int start, int end) {

    /** Token classes of the x86 dialects. */
    enum Kind {
        /** {@code [A-Za-z_][A-Za-z0-9_]*}: mnemonics, registers, locations, thread names, keywords. */
        IDENT,
        /** {@code [0-9]+}, decimal. */
        NAT,
        /** {@code %name}: an AT&amp;T register (the text keeps the {@code %}). */
        REG_PERCENT,
        /** A double-quoted string without line breaks. */
        STRING,
        /** A symbol such as {@code ,}, {@code |}, {@code /\} or {@code $}. */
        SYMBOL,
        /** End of input, or the start of a legacy {@code <<} trailer. */
        EOF
    }

    /** Whether this token is the symbol {@code s}. */
    boolean isSymbol(String s) {
        return kind == Kind.SYMBOL && text.equals(s);
    }

    /** Whether this token is the identifier {@code word} (case-sensitive). */
    boolean isWord(String word) {
        return kind == Kind.IDENT && text.equals(word);
    }

    /** The token as quoted in E-SYNTAX messages: {@code 'text'}, or {@code end of file}. */
    String describe() {
        return kind == Kind.EOF ? "end of file" : "'" + text + "'";
    }
}
