package remo.litmus;

import java.io.IOException;
import java.nio.file.Path;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.InputLimits;
import remo.core.Position;
import remo.core.SourceText;

/**
 * Entry point for reading litmus files: selects the dialect from the first token
 * (language.md §8) and runs the matching parser, then the static validation of
 * language.md §6.2 steps 2–4 ({@link ProgramValidator}).
 *
 * <p>Model-dependent checks (step 5: E-UNSUPPORTED and the warnings) are made by the checker
 * once a model is chosen.
 */
public final class LitmusParser {

    /** herd7's default bound on loop unrolling (herd/opts.ml: 2 for every architecture but ASL). */
    public static final int DEFAULT_UNROLL = 2;

    private LitmusParser() {
    }

    /**
     * Parses and validates a litmus file.
     *
     * @param path        the file to read
     * @param displayName the name to use in diagnostics (the path as the user gave it)
     * @return the validated program
     * @throws LitmusException for the first error in the file (language.md §6)
     * @throws IOException     if the file cannot be read
     * @throws LitmusException E-LIMIT for a file over {@link InputLimits#maxBytes()} or a parse
     *                         stopped by the deadline of {@link InputLimits#setDeadline}
     */
    public static Program read(Path path, String displayName) throws LitmusException, IOException {
        return read(path, displayName, DEFAULT_UNROLL);
    }

    /**
     * As {@link #read(Path, String)}, with a bound on the unrolling of x86 loops.
     *
     * @param unroll how often a path may take each backward jump (herd7's {@code -unroll})
     */
    public static Program read(Path path, String displayName, int unroll) throws LitmusException, IOException {
        String text;
        try {
            text = SourceText.decode(InputLimits.read(path, displayName), displayName, "E-LEX");
        } catch (DiagnosticException e) {
            throw new LitmusException(e.diagnostic());
        }
        return parseAndValidate(displayName, text, unroll);
    }

    /**
     * Parses and validates litmus text.
     *
     * @param sourceName the file name used in diagnostics
     * @param text       the file's content
     * @return the validated program
     * @throws LitmusException for the first error (language.md §6)
     */
    public static Program parseAndValidate(String sourceName, String text) throws LitmusException {
        return parseAndValidate(sourceName, text, DEFAULT_UNROLL);
    }

    /** As {@link #parseAndValidate(String, String)}, with a bound on the unrolling of x86 loops. */
    public static Program parseAndValidate(String sourceName, String text, int unroll) throws LitmusException {
        Program program = parse(sourceName, text, unroll);
        ProgramValidator.validate(program);
        return program;
    }

    /**
     * Parses litmus text without the validation of language.md §6.2 steps 2–4.
     *
     * @throws LitmusException for the first parse-phase error
     */
    public static Program parse(String sourceName, String text) throws LitmusException {
        return parse(sourceName, text, DEFAULT_UNROLL);
    }

    /** As {@link #parse(String, String)}, with a bound on the unrolling of x86 loops. */
    public static Program parse(String sourceName, String text, int unroll) throws LitmusException {
        Dialect dialect = detectDialect(sourceName, text);
        try {
            if (dialect == Dialect.RDMA) {
                return RdmaParser.parse(sourceName, text);
            }
            return X86Parser.parse(sourceName, text, dialect, unroll);
        } catch (StackOverflowError e) {
            throw new LitmusException(Diagnostic.error("E-SYNTAX", sourceName, Position.START,
                    "input nested too deeply to parse (the parser ran out of stack); simplify the nesting"));
        } catch (InputLimits.Stopped e) {
            throw new LitmusException(e.diagnostic(sourceName));
        }
    }

    /**
     * Reads the first token (after whitespace and comments) and maps it to a dialect.
     *
     * @throws LitmusException E-ARCH for an empty file or an unknown first word
     */
    public static Dialect detectDialect(String sourceName, String text) throws LitmusException {
        int i = 0;
        int line = 1;
        int col = 1;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                i++;
                line++;
                col = 1;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                i++;
                col++;
            } else if (c == '(' && i + 1 < n && text.charAt(i + 1) == '*') {
                int depth = 0;
                int startLine = line;
                int startCol = col;
                while (true) {
                    if (i >= n) {
                        throw new LitmusException(Diagnostic.error("E-LEX", sourceName, new Position(startLine, startCol),
                                "unterminated comment"));
                    }
                    char d = text.charAt(i);
                    if (d == '(' && i + 1 < n && text.charAt(i + 1) == '*') {
                        depth++;
                        i += 2;
                        col += 2;
                    } else if (d == '*' && i + 1 < n && text.charAt(i + 1) == ')') {
                        depth--;
                        i += 2;
                        col += 2;
                        if (depth == 0) {
                            break;
                        }
                    } else if (d == '\n') {
                        i++;
                        line++;
                        col = 1;
                    } else {
                        i += Character.charCount(text.codePointAt(i));
                        col++;
                    }
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else {
                break;
            }
        }
        if (i >= n) {
            throw new LitmusException(Diagnostic.error("E-ARCH", sourceName, Position.START, "empty file"));
        }
        int start = i;
        while (i < n && !Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        String word = text.substring(start, i);
        switch (word) {
            case "RDMA": return Dialect.RDMA;
            case "X86": return Dialect.X86;
            case "X86_64": return Dialect.X86_64;
            default:
                throw new LitmusException(Diagnostic.error("E-ARCH", sourceName, new Position(line, col),
                        "unsupported architecture '" + SourceText.quote(word) + "'; expected RDMA, X86 or X86_64"));
        }
    }
}
