package remo.locks.liveness;

/** A TLC run was stopped because its time limit was reached (code {@link #LIMIT}). */
public final class TimeLimitException extends LivenessException {
    private static final long serialVersionUID = 1L;

    /**
     * @param what    what was running (for example "wlock C2: DeadlockFreedom")
     * @param seconds the limit (s)
     */
    public TimeLimitException(String what, long seconds) {
        super(LIMIT, "tlc", 0, 0, "time limit of " + seconds + " s reached while TLC checked " + what
                + "; no result (give more time with --timeout)");
    }
}
