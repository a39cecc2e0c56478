package remo.litmus;

import remo.core.Diagnostic;
import remo.core.DiagnosticException;

/**
 * Thrown when a litmus file is rejected (language.md §6): it carries the {@link Diagnostic} with
 * file, line, column, code and message. Only the first error of a file is reported.
 */
public class LitmusException extends DiagnosticException {
    private static final long serialVersionUID = 1L;

    /**
     * @param diagnostic the error; must have severity {@link Diagnostic.Severity#ERROR}
     */
    public LitmusException(Diagnostic diagnostic) {
        super(diagnostic);
    }
}
