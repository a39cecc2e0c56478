package remo.models.cat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import remo.core.Diagnostic;
import remo.core.Position;

/**
 * Lexer for herd7's cat language (models.md §7.1, extended to herd7's lexical rules):
 * identifiers with {@code . -} inside and an optional final {@code '}, tags {@code 'name},
 * strings, keywords, the symbols {@code | & \ ; * + ++ ? ^-1 [ ] ( ) { } ~ = , || && ->} and
 * the token {@code 0}; comments {@code (* *)} (nested), {@code //} and {@code #}.
 */
final class CatLexer {

    /** Token kinds. */
    enum Kind { IDENT, KEYWORD, STRING, SYMBOL, ZERO, TAG, EOF }

    /** A token with its text and position. */
    record Token(Kind kind, String text, Position pos) {
        boolean is(String s) {
            return (kind == Kind.SYMBOL || kind == Kind.KEYWORD) && text.equals(s);
        }

        String describe() {
            return kind == Kind.EOF ? "end of file" : "'" + text + "'";
        }
    }

    /** The keywords of herd7's cat lexer. */
    static final Set<String> KEYWORDS = Set.of("let", "rec", "and", "include", "acyclic", "irreflexive", "empty",
            "flag", "as", "show", "unshow", "if", "then", "else", "not", "when", "subset", "fun", "in",
            "undefined_unless", "assert", "variant", "begin", "end", "procedure", "call", "enum", "debug", "match",
            "with", "forall", "from", "do", "try", "catdep", "instructions", "default");

    private final String file;
    private final String text;
    private int i;
    private int line = 1;
    private int col = 1;

    private CatLexer(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /**
     * Splits {@code text} into tokens, ending with an EOF token.
     *
     * @throws CatException E-CAT-SYNTAX for a bad character, an unterminated comment or string
     */
    static List<Token> tokenize(String file, String text) throws CatException {
        return new CatLexer(file, text).run();
    }

    private CatException error(Position pos, String message) {
        return new CatException(Diagnostic.error("E-CAT-SYNTAX", file, pos, message));
    }

    private void advance() {
        char c = text.charAt(i);
        if (c == '\n') {
            line++;
            col = 1;
            i++;
        } else {
            i += Character.charCount(text.codePointAt(i));
            col++;
        }
    }

    private boolean at(String s) {
        return text.startsWith(s, i);
    }

    private List<Token> run() throws CatException {
        List<Token> out = new ArrayList<>();
        int n = text.length();
        while (true) {
            // whitespace and comments
            while (i < n) {
                char c = text.charAt(i);
                if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                    advance();
                } else if (at("(*")) {
                    Position start = new Position(line, col);
                    int si = i;
                    int sline = line;
                    int scol = col;
                    int depth = 0;
                    do {
                        if (i >= n) {
                            // herd7 nests comments, Dartagnan does not: a "(*" inside a comment that
                            // never closes at depth 0 is read the Dartagnan way, up to the first "*)"
                            int close = text.indexOf("*)", si + 2);
                            if (close < 0) {
                                throw error(start, "unterminated comment");
                            }
                            i = si;
                            line = sline;
                            col = scol;
                            while (i < close + 2) {
                                advance();
                            }
                            break;
                        }
                        if (at("(*")) {
                            depth++;
                            advance();
                            advance();
                        } else if (at("*)")) {
                            depth--;
                            advance();
                            advance();
                        } else {
                            advance();
                        }
                    } while (depth > 0);
                } else if (at("/*")) {
                    // Dartagnan's C-style comments
                    Position start = new Position(line, col);
                    advance();
                    advance();
                    while (!at("*/")) {
                        if (i >= n) {
                            throw error(start, "unterminated comment");
                        }
                        advance();
                    }
                    advance();
                    advance();
                } else if (at("//") || c == '#') {
                    while (i < n && text.charAt(i) != '\n') {
                        advance();
                    }
                } else {
                    break;
                }
            }
            Position pos = new Position(line, col);
            if (i >= n) {
                out.add(new Token(Kind.EOF, "", pos));
                return out;
            }
            if ((out.size() & 255) == 255) {
                remo.core.InputLimits.checkDeadline(pos);
            }
            char c = text.charAt(i);
            if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n) {
                    char d = text.charAt(i);
                    if (Character.isLetterOrDigit(d) || d == '_' || d == '.' || d == '-') {
                        advance();
                    } else {
                        break;
                    }
                }
                if (i < n && text.charAt(i) == '\'') {
                    advance();
                }
                String word = text.substring(start, i);
                out.add(new Token(KEYWORDS.contains(word) ? Kind.KEYWORD : Kind.IDENT, word, pos));
            } else if (c == '\'' && i + 1 < n && (Character.isLetter(text.charAt(i + 1)) || text.charAt(i + 1) == '_')) {
                advance();
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || "_.-".indexOf(text.charAt(i)) >= 0)) {
                    advance();
                }
                out.add(new Token(Kind.TAG, text.substring(start, i), pos));
            } else if (c == '"') {
                advance();
                int start = i;
                while (i < n && text.charAt(i) != '"' && text.charAt(i) != '\n') {
                    advance();
                }
                if (i >= n || text.charAt(i) != '"') {
                    throw error(pos, "unterminated string");
                }
                String s = text.substring(start, i);
                advance();
                out.add(new Token(Kind.STRING, s, pos));
            } else if (Character.isDigit(c)) {
                int start = i;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    advance();
                }
                String num = text.substring(start, i);
                if (!num.equals("0")) {
                    throw error(pos, "unexpected number '" + num + "'; only 0 (the empty relation) is a cat token");
                }
                out.add(new Token(Kind.ZERO, "0", pos));
            } else if (at("^-1") || at("-1")) {
                // herd7 lexes '^' and '-1' apart: r^-1, r ^ -1 and r -1 are the converse
                if (c == '^') {
                    advance();
                }
                advance();
                advance();
                out.add(new Token(Kind.SYMBOL, "^-1", pos));
            } else if (c == '^' && text.substring(i + 1).stripLeading().startsWith("-1")) {
                advance();
                while (text.charAt(i) != '-') {
                    advance();
                }
                advance();
                advance();
                out.add(new Token(Kind.SYMBOL, "^-1", pos));
            } else if (at("||") || at("&&") || at("++") || at("->")) {
                String s = text.substring(i, i + 2);
                advance();
                advance();
                out.add(new Token(Kind.SYMBOL, s, pos));
            } else if ("|&\\;*+?[](){}~=,".indexOf(c) >= 0) {
                advance();
                out.add(new Token(Kind.SYMBOL, String.valueOf(c), pos));
            } else {
                throw error(pos, "unexpected character '" + remo.core.SourceText.show(text.codePointAt(i)) + "'");
            }
        }
    }
}
