package remo.core;

import java.util.Objects;

/**
 * One error or warning about an input file, in the report format of language.md §6.1:
 * {@code <file>:<line>:<col>: error[<CODE>]: <message>}.
 *
 * <p>Used for litmus files and for cat model files alike; {@code file} is the path as the user
 * gave it (or the resource name of a bundled model).
 *
 * @param severity error or warning
 * @param code     the diagnostic code, for example {@code E-SYNTAX} or {@code W-POLL-BLOCKS}
 * @param file     the file name as given on the command line
 * @param position line and column of the offending token
 * @param message  the message text (exact texts are fixed by language.md §6.3)
 */
public record Diagnostic(Severity severity, String code, String file, Position position, String message) {

    /** Whether a diagnostic stops the run (error) or is only printed (warning). */
    public enum Severity {
        ERROR, WARNING;

        String word() {
            return this == ERROR ? "error" : "warning";
        }
    }

    public Diagnostic {
        Objects.requireNonNull(severity);
        Objects.requireNonNull(code);
        Objects.requireNonNull(file);
        Objects.requireNonNull(position);
        Objects.requireNonNull(message);
    }

    /** Creates an error diagnostic. */
    public static Diagnostic error(String code, String file, Position position, String message) {
        return new Diagnostic(Severity.ERROR, code, file, position, message);
    }

    /** Creates a warning diagnostic. */
    public static Diagnostic warning(String code, String file, Position position, String message) {
        return new Diagnostic(Severity.WARNING, code, file, position, message);
    }

    /**
     * The longest message a report prints (characters, after escaping); a longer one (a message
     * quoting a huge token some code did not {@link SourceText#quote shorten}) is cut with a note.
     */
    public static final int MAX_MESSAGE = 1000;

    /**
     * The message as every output shows it (text, JSON, HTML): line breaks as {@code \n}, every
     * other unprintable character escaped by {@link SourceText#printable} (remo's one escaping
     * rule), and at most {@link #MAX_MESSAGE} characters, with a note when shortened.
     */
    public String shownMessage() {
        String text = message.indexOf('\n') >= 0 || message.indexOf('\r') >= 0
                ? message.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r") : message;
        text = SourceText.printable(text);
        if (text.length() > MAX_MESSAGE) {
            text = text.substring(0, MAX_MESSAGE) + "\u2026 (message shortened from " + text.length() + " characters)";
        }
        return text;
    }

    /** The file name as reports show it: escaped by {@link SourceText#printable} (never shortened, it locates the error). */
    public String shownFile() {
        return SourceText.printable(file);
    }

    /**
     * The one-line report, for example {@code X01.litmus:5:7: error[E-NONLOCAL]: ...}, with the
     * file name and message as {@link #shownFile()} and {@link #shownMessage()} show them, so the
     * report stays one printable line.
     */
    public String format() {
        return shownFile() + ":" + position.line() + ":" + position.column() + ": " + severity.word() + "[" + code + "]: "
                + shownMessage();
    }

    @Override
    public String toString() {
        return format();
    }
}
