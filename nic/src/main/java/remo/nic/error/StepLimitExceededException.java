package remo.nic.error;

import remo.nic.RunResult;

/**
 * Deterministic mode: the run took more than {@code stepLimit} scheduler steps (nic.md §5.1);
 * typically a livelock or an unbounded spin. Carries the partial run (trace included).
 */
public class StepLimitExceededException extends PartialRunException {
    private static final long serialVersionUID = 1L;

    /**
     * @param limit   the step limit
     * @param partial the run so far
     */
    public StepLimitExceededException(long limit, RunResult partial) {
        super("step limit of " + limit + " scheduler steps exceeded (livelock or unbounded spin?)", partial);
    }

    /**
     * A run stopped by another bound of its size than the step limit (the events its trace may hold).
     *
     * @param message what was exceeded, with the bound
     * @param partial the run so far
     */
    public StepLimitExceededException(String message, RunResult partial) {
        super(message, partial);
    }
}
