package remo.locks.liveness;

/**
 * A TLC run was stopped before it had a result: its time limit was reached
 * ({@link TimeLimitException}) or remo itself is being stopped (Ctrl-C: {@link #interrupted()}).
 * It keeps what TLC reported until then, so that a stopped check still shows its states and time.
 */
public class RunStoppedException extends LivenessException {
    private static final long serialVersionUID = 1L;

    private final transient TlcStatistics statistics;
    private final boolean interrupted;

    /**
     * @param message    what was stopped and why, one line
     * @param statistics what TLC had reported when it was stopped (distinct states from its
     *                   progress lines, -1 if none yet; never complete)
     * @param interrupted whether remo was interrupted (else: a time limit)
     */
    RunStoppedException(String message, TlcStatistics statistics, boolean interrupted) {
        super(LIMIT, "tlc", 0, 0, message);
        this.statistics = statistics;
        this.interrupted = interrupted;
    }

    /** An interruption of remo while TLC checked {@code what}. */
    static RunStoppedException interrupted(String what, TlcStatistics statistics) {
        return new RunStoppedException("interrupted while TLC checked " + what + "; no result", statistics, true);
    }

    /** What TLC had reported when the run was stopped. */
    public TlcStatistics statistics() {
        return statistics;
    }

    /** Whether remo was interrupted (Ctrl-C), rather than a time limit reached. */
    public boolean interrupted() {
        return interrupted;
    }
}
