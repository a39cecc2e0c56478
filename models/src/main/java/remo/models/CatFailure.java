package remo.models;

import remo.core.Diagnostic;
import remo.core.Position;
import remo.models.cat.CatException;

/**
 * An evaluation error of the model builder, thrown through lazily evaluated bindings and turned
 * into a {@link CatException} when it reaches the statement being executed. A recoverable failure
 * (an unbound or architecture-specific name, a type error, {@code fail}, a failed match) is what
 * herd7's {@code try e with e'} catches; an unrecoverable one (a construct remo cannot evaluate
 * when the model is loaded) is not, so that {@code try} never hides a semantic gap.
 */
final class CatFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Diagnostic diagnostic;
    private final boolean recoverable;

    private CatFailure(Diagnostic diagnostic, boolean recoverable) {
        super(diagnostic.message(), null, false, false);
        this.diagnostic = diagnostic;
        this.recoverable = recoverable;
    }

    /** A failure {@code try} catches. */
    static CatFailure recoverable(String code, String file, Position pos, String message) {
        return new CatFailure(Diagnostic.error(code, file, pos, message), true);
    }

    /** A failure {@code try} does not catch. */
    static CatFailure fatal(String code, String file, Position pos, String message) {
        return new CatFailure(Diagnostic.error(code, file, pos, message), false);
    }

    /** Wraps a diagnostic from the parser or the include search (never caught by {@code try}). */
    static CatFailure of(CatException e) {
        return new CatFailure(e.diagnostic(), false);
    }

    Diagnostic diagnostic() {
        return diagnostic;
    }

    boolean isRecoverable() {
        return recoverable;
    }

    CatException toException() {
        return new CatException(diagnostic);
    }
}
