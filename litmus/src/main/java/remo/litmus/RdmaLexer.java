package remo.litmus;

import java.util.List;
import remo.core.Position;
import remo.core.SourceText;

/**
 * Hand-written lexer for the RDMA dialect (language.md §2).
 *
 * <p>Tokens are produced on demand by {@link #next()}, so that a lexical error is reported only when
 * the parser reaches it and the first error of the file wins (language.md §6.2). A lexical error
 * does not throw: it is returned as a {@link Token.Kind#ERROR} token whose text is the
 * {@code E-LEX} message; after it, the lexer returns the same error token again.
 *
 * <p>Positions follow language.md §2.1: lines and columns start at 1, columns count code points,
 * a TAB is one column, LF and CR LF end a line, and a CR not followed by LF is whitespace.
 * Comments ({@code (* *)}, nestable, and {@code //} to the end of the line) count as whitespace.
 */
final class RdmaLexer {

    /** Symbols, longest first so that a longest match wins (language.md §2.3). */
    private static final List<String> SYMBOLS = List.of(
            "/\\", "\\/", "==", "!=", "<>", "<=", ">=", "&&", "||", "=>",
            "=", "<", ">", "@", ",", ";", "|", "(", ")", "[", "]", "{", "}", ":", "~", "!",
            "+", "-", "*", "&", "^", "#", ".");

    private final String text;
    private int offset;
    private int line = 1;
    private int column = 1;
    private Token error;
    /** Tokens read, to check the parse deadline every few hundred. */
    private int tokens;

    /**
     * @param text the whole file content
     */
    RdmaLexer(String text) {
        this.text = text;
    }

    /**
     * Reads the next token, skipping whitespace and comments.
     *
     * @return the token; {@link Token.Kind#EOF} at the end (again on every later call), or an
     *         {@link Token.Kind#ERROR} token for a lexical error (again on every later call)
     */
    Token next() {
        if (error != null) {
            return error;
        }
        if ((++tokens & 255) == 0) {
            remo.core.InputLimits.checkDeadline(here());
        }
        Token skipError = skipWhitespaceAndComments();
        if (skipError != null) {
            return fail(skipError);
        }
        if (offset >= text.length()) {
            return new Token(Token.Kind.EOF, "", here(), offset, offset);
        }
        int start = offset;
        Position pos = here();
        char c = text.charAt(offset);
        if (isIdentStart(c)) {
            while (offset < text.length() && isIdentPart(text.charAt(offset))) {
                advance();
            }
            return new Token(Token.Kind.IDENT, text.substring(start, offset), pos, start, offset);
        }
        if (isDigit(c)) {
            while (offset < text.length() && isDigit(text.charAt(offset))) {
                advance();
            }
            return new Token(Token.Kind.NAT, text.substring(start, offset), pos, start, offset);
        }
        if (c == '"') {
            return string(pos);
        }
        for (String symbol : SYMBOLS) {
            if (text.startsWith(symbol, offset)) {
                for (int i = 0; i < symbol.length(); i++) {
                    advance();
                }
                return new Token(Token.Kind.SYMBOL, symbol, pos, start, offset);
            }
        }
        String bad = new String(Character.toChars(text.codePointAt(offset)));
        return fail(new Token(Token.Kind.ERROR, "unexpected character '" + SourceText.show(bad.codePointAt(0)) + "'", pos, start, start + bad.length()));
    }

    /**
     * Reads the test name of the header line (language.md §3.1): after at least one blank (space,
     * TAB or a lone CR) on the current line, the longest run of {@code NAME} characters
     * {@code A-Z a-z 0-9 _ . / + - [ ] :}. Comment syntax is not recognised inside the name.
     * Must be called right after the {@code RDMA} token.
     *
     * @return the {@link Token.Kind#NAME} token, or {@code null} if there is no blank or no name
     *         character (the lexer has then not moved past the blanks' line)
     */
    Token headerName() {
        int blanks = 0;
        while (offset < text.length() && isBlank(offset)) {
            advance();
            blanks++;
        }
        if (blanks == 0) {
            return null;
        }
        int start = offset;
        Position pos = here();
        while (offset < text.length() && isNameChar(text.charAt(offset))) {
            advance();
        }
        if (offset == start) {
            return null;
        }
        return new Token(Token.Kind.NAME, text.substring(start, offset), pos, start, offset);
    }

    private Token string(Position pos) {
        int start = offset;
        advance();
        while (offset < text.length()) {
            char c = text.charAt(offset);
            if (c == '"') {
                advance();
                return new Token(Token.Kind.STRING, text.substring(start, offset), pos, start, offset);
            }
            if (c == '\n' || (c == '\r' && offset + 1 < text.length() && text.charAt(offset + 1) == '\n')) {
                break;
            }
            advance();
        }
        return fail(new Token(Token.Kind.ERROR, "unterminated string", pos, start, start + 1));
    }

    /** Skips whitespace and comments; returns an error token for an unterminated block comment. */
    private Token skipWhitespaceAndComments() {
        while (offset < text.length()) {
            char c = text.charAt(offset);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                advance();
            } else if (text.startsWith("(*", offset)) {
                Position open = here();
                int start = offset;
                if (!skipBlockComment()) {
                    return new Token(Token.Kind.ERROR, "unterminated comment", open, start, start + 2);
                }
            } else if (text.startsWith("//", offset)) {
                while (offset < text.length() && text.charAt(offset) != '\n') {
                    advance();
                }
            } else {
                return null;
            }
        }
        return null;
    }

    /** Skips a nested block comment starting at {@code (*}; false if it is not terminated. */
    private boolean skipBlockComment() {
        int depth = 0;
        while (offset < text.length()) {
            if (text.startsWith("(*", offset)) {
                depth++;
                advance();
                advance();
            } else if (text.startsWith("*)", offset)) {
                depth--;
                advance();
                advance();
                if (depth == 0) {
                    return true;
                }
            } else {
                advance();
            }
        }
        return false;
    }

    private Token fail(Token errorToken) {
        error = errorToken;
        return errorToken;
    }

    /** Moves past one code point, updating line and column. */
    private void advance() {
        char c = text.charAt(offset);
        if (c == '\n') {
            offset++;
            line++;
            column = 1;
            return;
        }
        if (c == '\r' && offset + 1 < text.length() && text.charAt(offset + 1) == '\n') {
            // CR LF: the CR belongs to the line break, the LF advances the line.
            offset++;
            return;
        }
        offset += Character.charCount(text.codePointAt(offset));
        column++;
    }

    private Position here() {
        return new Position(line, column);
    }

    private boolean isBlank(int at) {
        char c = text.charAt(at);
        return c == ' ' || c == '\t' || (c == '\r' && (at + 1 >= text.length() || text.charAt(at + 1) != '\n'));
    }

    private static boolean isIdentStart(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || isDigit(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isNameChar(char c) {
        return isIdentPart(c) || c == '.' || c == '/' || c == '+' || c == '-' || c == '[' || c == ']' || c == ':';
    }
}
