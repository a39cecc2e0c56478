package remo.litmus;

import java.util.ArrayList;
import java.util.List;
import remo.core.Diagnostic;
import remo.core.Position;
import remo.core.SourceText;

/**
 * Lexer for herd7's X86 and X86_64 litmus dialects (language.md §2.1 and §10.1).
 *
 * <p>It works in two phases. {@link #readHeader} reads the header line and skips the info lines
 * up to the {@code {} of the init block, character by character (info lines such as
 * {@code Prefetch=0:x=F,0:y=T} are not made of tokens). After that, {@link #peek()} and
 * {@link #next()} deliver {@link X86Token}s lazily, so that the first error in textual order is
 * the one reported (language.md §6.2).
 *
 * <p>Lexical rules that differ from the RDMA dialect: {@code //} is not a comment, {@code %name}
 * is one token, {@code $} is a symbol, {@code ||} and {@code &&} are two tokens each, and the
 * first {@code <<} outside comments and strings ends the input (herd7's legacy trailer).
 * {@code (* *)} comments nest. Positions count code points; a TAB is one column.
 */
final class X86Lexer {

    /** The header line: test name, doc string (or {@code null}) and the position of the dialect keyword. */
    record Header(String name, String doc, Position pos) {
    }

    private static final String NAME_PUNCTUATION = "_/.-+[]:";
    private static final String[] TWO_CHAR_SYMBOLS = {"/\\", "\\/", "==", "!=", "<>", "=>"};
    private static final String ONE_CHAR_SYMBOLS = "=,;|()[]{}:~$-+*&^!<>";

    private final String sourceName;
    /** Tokens read, to check the parse deadline every few hundred. */
    private int tokens;
    private final String text;
    private int offset;
    private int line = 1;
    private int column = 1;
    private boolean trailerReached;
    private final List<X86Token> lookahead = new ArrayList<>();

    /**
     * @param sourceName the file name used in diagnostics
     * @param text       the whole file
     */
    X86Lexer(String sourceName, String text) {
        this.sourceName = sourceName;
        this.text = text;
    }

    /** The file name used in diagnostics. */
    String sourceName() {
        return sourceName;
    }

    /** The source text between two offsets (used for cell and operand texts as written). */
    String slice(int start, int end) {
        return text.substring(start, end);
    }

    /**
     * Reads the header line ({@code X86 NAME [(TEXNAME)] ["DOC"]}) and skips everything up to the
     * {@code {} of the init block (info lines, comments); the first string met on the way is the
     * doc string. Afterwards the next token is the {@code {}.
     *
     * @param dialect the dialect already detected from the first word
     * @return the header
     * @throws LitmusException E-SYNTAX if the test name is missing or there is no init block,
     *                         E-LEX for an unterminated comment or string
     */
    Header readHeader(Dialect dialect) throws LitmusException {
        skipWhitespaceAndComments();
        Position pos = position();
        if (!text.startsWith(dialect.keyword(), offset)) {
            throw syntaxError(peek(), dialect.keyword());
        }
        advance(dialect.keyword().length());
        int blanks = 0;
        while (offset < text.length() && (text.charAt(offset) == ' ' || text.charAt(offset) == '\t')) {
            advance(1);
            blanks++;
        }
        int nameStart = offset;
        while (offset < text.length() && isNameChar(text.charAt(offset))) {
            advance(1);
        }
        if (blanks == 0 || offset == nameStart) {
            throw syntaxError(peek(), "test name");
        }
        String name = text.substring(nameStart, offset);
        String doc = skipInfoLines();
        return new Header(name, doc, pos);
    }

    private static boolean isNameChar(char c) {
        return isAsciiLetter(c) || isDigit(c) || NAME_PUNCTUATION.indexOf(c) >= 0;
    }

    /** Skips text up to the next {@code {}, returning the first string literal met, or {@code null}. */
    private String skipInfoLines() throws LitmusException {
        String doc = null;
        while (true) {
            if (offset >= text.length()) {
                throw syntaxError(peek(), "'{'");
            }
            char c = text.charAt(offset);
            if (c == '{') {
                return doc;
            } else if (isWhitespace(c)) {
                advance(1);
            } else if (startsComment()) {
                skipComment();
            } else if (c == '"') {
                X86Token s = lexString();
                if (doc == null) {
                    doc = s.text().substring(1, s.text().length() - 1);
                }
            } else {
                while (offset < text.length() && text.charAt(offset) != '\n' && text.charAt(offset) != '{'
                        && text.charAt(offset) != '"' && !startsComment()) {
                    advanceCodePoint();
                }
            }
        }
    }

    /** The next token, without consuming it. */
    X86Token peek() throws LitmusException {
        return peek(0);
    }

    /** The token {@code k} places ahead ({@code 0} is the next one), without consuming anything. */
    X86Token peek(int k) throws LitmusException {
        while (lookahead.size() <= k) {
            lookahead.add(lex());
        }
        return lookahead.get(k);
    }

    /** Consumes and returns the next token. */
    X86Token next() throws LitmusException {
        X86Token t = peek(0);
        lookahead.remove(0);
        return t;
    }

    private X86Token lex() throws LitmusException {
        if (trailerReached) {
            return eofToken();
        }
        if ((++tokens & 255) == 0) {
            remo.core.InputLimits.checkDeadline(new Position(line, column));
        }
        skipWhitespaceAndComments();
        if (offset >= text.length()) {
            return eofToken();
        }
        char c = text.charAt(offset);
        if (c == '<' && offset + 1 < text.length() && text.charAt(offset + 1) == '<') {
            trailerReached = true;
            return eofToken();
        }
        int start = offset;
        Position pos = position();
        if (isAsciiLetter(c) || c == '_') {
            advanceIdentifierChars();
            return new X86Token(X86Token.Kind.IDENT, text.substring(start, offset), pos, start, offset);
        }
        if (isDigit(c)) {
            if (c == '0' && offset + 2 < text.length() && (text.charAt(offset + 1) == 'x' || text.charAt(offset + 1) == 'X')
                    && Character.digit(text.charAt(offset + 2), 16) >= 0) {
                advance(2); // a hexadecimal constant, as herd7 reads 0:RBX=0x202
                while (offset < text.length() && Character.digit(text.charAt(offset), 16) >= 0) {
                    advance(1);
                }
                return new X86Token(X86Token.Kind.NAT, text.substring(start, offset), pos, start, offset);
            }
            while (offset < text.length() && isDigit(text.charAt(offset))) {
                advance(1);
            }
            return new X86Token(X86Token.Kind.NAT, text.substring(start, offset), pos, start, offset);
        }
        if (c == '%' && offset + 1 < text.length()
                && (isAsciiLetter(text.charAt(offset + 1)) || text.charAt(offset + 1) == '_')) {
            advance(1);
            advanceIdentifierChars();
            return new X86Token(X86Token.Kind.REG_PERCENT, text.substring(start, offset), pos, start, offset);
        }
        if (c == '"') {
            return lexString();
        }
        for (String s : TWO_CHAR_SYMBOLS) {
            if (text.startsWith(s, offset)) {
                advance(2);
                return new X86Token(X86Token.Kind.SYMBOL, s, pos, start, offset);
            }
        }
        if (ONE_CHAR_SYMBOLS.indexOf(c) >= 0) {
            advance(1);
            return new X86Token(X86Token.Kind.SYMBOL, String.valueOf(c), pos, start, offset);
        }
        int cp = text.codePointAt(offset);
        throw new LitmusException(Diagnostic.error("E-LEX", sourceName, pos,
                "unexpected character '" + SourceText.show(cp) + "'"));
    }

    private void advanceIdentifierChars() {
        while (offset < text.length()) {
            char d = text.charAt(offset);
            if (!(isAsciiLetter(d) || isDigit(d) || d == '_')) {
                break;
            }
            advance(1);
        }
    }

    private X86Token lexString() throws LitmusException {
        int start = offset;
        Position pos = position();
        advance(1);
        while (true) {
            if (offset >= text.length() || text.charAt(offset) == '\n' || text.charAt(offset) == '\r') {
                if (offset < text.length() && text.charAt(offset) == '\r'
                        && !(offset + 1 < text.length() && text.charAt(offset + 1) == '\n')) {
                    advance(1);
                    continue;
                }
                throw new LitmusException(Diagnostic.error("E-LEX", sourceName, pos, "unterminated string"));
            }
            if (text.charAt(offset) == '"') {
                advance(1);
                return new X86Token(X86Token.Kind.STRING, text.substring(start, offset), pos, start, offset);
            }
            advanceCodePoint();
        }
    }

    private X86Token eofToken() {
        return new X86Token(X86Token.Kind.EOF, "", position(), offset, offset);
    }

    private void skipWhitespaceAndComments() throws LitmusException {
        while (offset < text.length()) {
            if (isWhitespace(text.charAt(offset))) {
                advance(1);
            } else if (startsComment()) {
                skipComment();
            } else {
                return;
            }
        }
    }

    private boolean startsComment() {
        return text.startsWith("(*", offset);
    }

    /** Skips a nested {@code (* *)} comment starting at the current offset. */
    private void skipComment() throws LitmusException {
        Position start = position();
        int depth = 0;
        do {
            if (offset >= text.length()) {
                throw new LitmusException(Diagnostic.error("E-LEX", sourceName, start, "unterminated comment"));
            }
            if (text.startsWith("(*", offset)) {
                depth++;
                advance(2);
            } else if (text.startsWith("*)", offset)) {
                depth--;
                advance(2);
            } else {
                advanceCodePoint();
            }
        } while (depth > 0);
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private Position position() {
        return new Position(line, column);
    }

    /** Advances over {@code n} code points, keeping line and column up to date. */
    private void advance(int n) {
        for (int k = 0; k < n; k++) {
            advanceCodePoint();
        }
    }

    private void advanceCodePoint() {
        char c = text.charAt(offset);
        if (c == '\n') {
            offset++;
            line++;
            column = 1;
            return;
        }
        offset += Character.charCount(text.codePointAt(offset));
        column++;
    }

    private LitmusException syntaxError(X86Token found, String expected) {
        return X86Errors.syntax(sourceName, found, expected);
    }
}
