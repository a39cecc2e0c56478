package remo.locks.liveness;

/** A TLC run was stopped because its time limit was reached (code {@link #LIMIT}). */
public final class TimeLimitException extends RunStoppedException {
    private static final long serialVersionUID = 1L;

    /**
     * @param what    what was running (for example "wlock C2: DeadlockFreedom")
     * @param seconds the limit (s)
     * @param statistics what TLC had reported until then (see {@link RunStoppedException#statistics()})
     */
    public TimeLimitException(String what, long seconds, TlcStatistics statistics) {
        super("time limit of " + seconds + " s reached while TLC checked " + what
                + "; no result (give more time with --timeout)", statistics, false);
    }
}
