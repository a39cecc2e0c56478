package remo.core.rdma;

import remo.core.PollScope;

/**
 * Poll matching (models.md §3.1; operational.md §2, {@code polled_s}): the scope of a {@code poll n}
 * of thread {@code t} is {@code qp(t, n)} under {@code POLL_SCOPE=PER_QP} and all of {@code t}'s NIC
 * operations under {@code PER_THREAD}; the k-th poll of a scope (in program order) is matched with
 * the k-th NIC operation of that scope. This is the one place the scope rule is written; the
 * checker's static {@code pm}, the explorer and both NIC engines ask it.
 *
 * <p>Unsignalled operations (verbs' work requests without {@code IBV_SEND_SIGNALED},
 * language.md §4.2) produce no completion: they are not numbered ({@link #numbered}), and a poll that consumes
 * the completion of a signalled operation {@code o} also waits for every unsignalled operation of
 * {@code o}'s queue pair posted before {@code o} ({@link #retiredWith}), since the completions of one
 * queue pair are delivered in order (ibv_poll_cq(3)).
 */
public final class PollMatching {

    private PollMatching() {
    }

    /**
     * The scope a poll counts in, as a key: the poll's queue pair under {@code PER_QP}; under
     * {@code PER_THREAD} the pseudo queue pair {@code qp(t, 0)} standing for the whole thread
     * (nodes are positive, so it names no real QP).
     *
     * @param scope the run's {@code POLL_SCOPE}
     * @param poll  the poll's queue pair {@code qp(t, n)}
     */
    public static QueuePair scope(PollScope scope, QueuePair poll) {
        return scope == PollScope.PER_QP ? poll : new QueuePair(poll.thread(), 0);
    }

    /**
     * Whether a NIC operation on {@code op} belongs to the scope {@code scopeKey} (as given by
     * {@link #scope}).
     */
    public static boolean inScope(PollScope scope, QueuePair scopeKey, QueuePair op) {
        return scope(scope, op).equals(scopeKey);
    }

    /** Whether an operation counts in its poll scope's numbering: only a signalled one does. */
    public static boolean numbered(boolean signaled) {
        return signaled;
    }

    /**
     * Whether a poll that consumes the completion of the signalled operation {@code matched} also
     * waits for operation {@code op}: {@code op} is unsignalled, on the same queue pair, and posted
     * earlier by the same thread.
     *
     * @param matched         the queue pair of the matched operation
     * @param matchedPosition its position in its thread's program order
     * @param op              the queue pair of the other operation
     * @param opPosition      its position in the same thread's program order
     * @param opSignaled      whether it is signalled
     */
    public static boolean retiredWith(QueuePair matched, int matchedPosition, QueuePair op, int opPosition, boolean opSignaled) {
        return !opSignaled && matched.equals(op) && opPosition < matchedPosition;
    }

    /**
     * Chooses between an engine's two representations of a poll's scope: its per-QP count (and
     * operations) under {@code PER_QP}, its per-thread ones under {@code PER_THREAD}.
     *
     * @param scope        the run's {@code POLL_SCOPE}
     * @param queuePair    what the engine keeps per queue pair
     * @param wholeThread  what the engine keeps per thread
     * @param <T>          the engine's representation
     * @return {@code queuePair} under {@code PER_QP}, else {@code wholeThread}
     */
    public static <T> T select(PollScope scope, T queuePair, T wholeThread) {
        return scope == PollScope.PER_QP ? queuePair : wholeThread;
    }
}
