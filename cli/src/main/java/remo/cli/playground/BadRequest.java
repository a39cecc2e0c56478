package remo.cli.playground;

import remo.core.Diagnostic;

/**
 * A request the playground does not work on, with the HTTP status and the diagnostic of its answer
 * ({@link ApiMessages.ErrorAnswer}): 400 malformed or a bad option, 413 over the input limit, 503
 * busy. Bad input inside a test or model is not one: it is answered as {@code remo check --json}
 * answers it, in the result document.
 */
final class BadRequest extends Exception {
    private final int status;
    private final transient Diagnostic diagnostic;

    BadRequest(int status, Diagnostic diagnostic) {
        super(diagnostic.message(), null, false, false);
        this.status = status;
        this.diagnostic = diagnostic;
    }

    /** A 400 answer: an error of code {@code code} about the request itself ({@code <request>:1:1}). */
    static BadRequest of(String code, String message) {
        return new BadRequest(400, Diagnostic.error(code, RequestFields.REQUEST, remo.core.Position.START, message));
    }

    /** The HTTP status. */
    int status() {
        return status;
    }

    /** What is wrong. */
    Diagnostic diagnostic() {
        return diagnostic;
    }
}
