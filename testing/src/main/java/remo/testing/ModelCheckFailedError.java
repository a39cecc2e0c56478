package remo.testing;

/**
 * The model checker found a violation ({@link ModelChecker#verify}, {@link ModelCheck}): the message
 * gives the violation, the counts, the shrunk schedule and where it and the execution graph were
 * written.
 */
public final class ModelCheckFailedError extends AssertionError {
    private static final long serialVersionUID = 1L;

    ModelCheckFailedError(String message) {
        super(message);
    }
}
