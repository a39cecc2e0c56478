package remo.core;

import java.util.Objects;

/**
 * Thrown when an input is rejected: it carries the {@link Diagnostic} with file, line, column, code
 * and message (language.md §6.1). Only the first error of a file is reported (language.md §6).
 * Each input language has its own subclass ({@code LitmusException} for litmus files,
 * {@code CatException} for cat files); code that reports errors of any input catches this class.
 */
public class DiagnosticException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Diagnostic diagnostic;

    /**
     * @param diagnostic the error; must have severity {@link Diagnostic.Severity#ERROR}
     */
    public DiagnosticException(Diagnostic diagnostic) {
        super(Objects.requireNonNull(diagnostic).format());
        this.diagnostic = diagnostic;
    }

    /** The error report. */
    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
