package remo.litmus;

import java.util.Objects;

/**
 * Thrown when a litmus file (or a cat file, see the models module) is rejected: it carries the
 * {@link Diagnostic} with file, line, column, code and message. Only the first error of a file is
 * reported (language.md §6).
 */
public class LitmusException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Diagnostic diagnostic;

    /**
     * @param diagnostic the error; must have severity {@link Diagnostic.Severity#ERROR}
     */
    public LitmusException(Diagnostic diagnostic) {
        super(Objects.requireNonNull(diagnostic).format());
        this.diagnostic = diagnostic;
    }

    /** The error report. */
    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
