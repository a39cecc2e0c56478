package remo.nic.explore;

/**
 * Thrown by an {@link ExecutionCheck} that reaches a limit of its own (a bound on the real-time
 * orders of a history it enumerates, say): the exploration stops there, partial, with this
 * exception's message as the reason, keeping the runs checked before; the run it was checking
 * counts as not checked. A limit, not a violation and not an internal error.
 */
public final class CheckLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param reason the limit reached, as the exploration's summary shows it ("more than 2000000 real-time orders of 8 calls") */
    public CheckLimitException(String reason) {
        super(reason);
    }
}
