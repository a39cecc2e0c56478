package remo.loco.lin;

/**
 * One recorded call of a history (loco.md §4.10): who made it, what it did and returned (the
 * operation {@code O}, which carries the arguments and the result or exception), and its real-time
 * interval. Calls are ordered in real time by their stamps: {@code a} precedes {@code b} iff
 * {@code a.response() < b.invoke()}.
 *
 * @param id           call id, unique in its history (recording order)
 * @param thread       the simulated thread's name
 * @param node         its node
 * @param op           the operation with its arguments and outcome
 * @param invoke       invocation stamp, taken before the call's first memory action
 * @param response     response stamp, taken after its last; {@link Long#MAX_VALUE} for a pending call
 * @param invokeStep   deterministic mode: the scheduler's global step counter at invocation; -1 in
 *                     concurrent mode
 * @param responseStep likewise at the response; -1 in concurrent mode or for a pending call
 */
public record HistoryCall<O>(long id, String thread, int node, O op, long invoke, long response, long invokeStep,
                      long responseStep) {

    /**
     * Whether the call never returned normally (it threw a failure, or its thread stopped): it may
     * or may not have taken effect, at any point after its invocation.
     */
    public boolean pending() {
        return response == Long.MAX_VALUE;
    }

    /** Whether this call returned before {@code other} was invoked. */
    public boolean precedes(HistoryCall<?> other) {
        return response < other.invoke;
    }

    /** A copy with another operation (same interval). */
    public <P> HistoryCall<P> withOp(P other) {
        return new HistoryCall<>(id, thread, node, other, invoke, response, invokeStep, responseStep);
    }
}
