package remo.models;

/**
 * Thrown by a {@link ModelFrame} with a deadline when an evaluation passes it: a single model
 * evaluation on a very large program can take long, and a time limit must still be honoured.
 */
public class EvaluationTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception (no stack trace: it is control flow, not a bug). */
    public EvaluationTimeoutException() {
        super("model evaluation passed its deadline", null, false, false);
    }
}
