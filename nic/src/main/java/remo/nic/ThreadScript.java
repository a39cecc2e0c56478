package remo.nic;

/**
 * A simulated thread written as a step function instead of a Java thread: the scheduler asks it for
 * its next call after executing the previous one. It makes exactly the calls a {@link ThreadBody}
 * with the same logic would make, in the same order, so the schedule, trace and outcome of a seed are
 * the same either way; it only saves the thread switches of baton passing (nic.md §5.1). The litmus
 * runner uses it. In concurrent mode a script runs on its own platform thread.
 */
public interface ThreadScript {

    /** Called once, before the first {@link #next}, e.g. to create work ids. Not a scheduling point. */
    default void start(Endpoint ep) {
    }

    /**
     * The next call.
     *
     * @param previousResult the result of the previous call (a value for loads and RMWs, the op id for
     *                       posts, 0 otherwise; 0 before the first call)
     * @return the next call, or {@code null} when the thread is finished
     */
    Call next(long previousResult);

    /**
     * Called instead of {@link #next} when the call this script returned last threw a failure of
     * nic.md §7.4 (a QP error reported by a wait, {@code gf} or poll, or the crash of the thread's
     * node). A script that handles the failure (for instance acknowledges it with
     * {@link Endpoint#acknowledge} and makes the same poll again, which then consumes the flushed
     * request as verbs' {@code ibv_poll_cq} returns an error completion) returns the call to make
     * next; the default ends the thread with the failure, which the run then reports in
     * {@link RunResult#threadFailures()}.
     *
     * @param failure what the last call threw
     * @return the next call, or {@code null} to end the thread with {@code failure}
     */
    default Call recover(remo.nic.error.RdmaFailureException failure) {
        return null;
    }
}
