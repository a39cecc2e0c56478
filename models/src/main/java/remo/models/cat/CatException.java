package remo.models.cat;

import remo.core.Diagnostic;
import remo.core.DiagnosticException;

/**
 * Thrown when a cat model cannot be loaded: E-CAT-SYNTAX, E-CAT-TYPE, E-CAT-UNBOUND, E-CAT-FLAG,
 * E-CAT-INCLUDE or E-CAT-NONMONO (models.md §7.3). The diagnostic names the cat file, line and
 * column. Unknown model names give E-MODEL.
 */
public class CatException extends DiagnosticException {
    private static final long serialVersionUID = 1L;

    /** @param diagnostic the error, naming the cat file and position */
    public CatException(Diagnostic diagnostic) {
        super(diagnostic);
    }
}
