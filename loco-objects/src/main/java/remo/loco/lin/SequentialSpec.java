package remo.loco.lin;

import java.util.List;

/**
 * A sequential specification (the object a history must be linearizable to, loco.md §4.10), for
 * histories of any Java object: states {@code S} (immutable, with {@code equals}/{@code hashCode},
 * since the checker memoises them) and operations {@code O} that carry their recorded outcome.
 *
 * @param <S> the state type
 * @param <O> the operation type
 */
public interface SequentialSpec<S, O> {

    /** The initial state. */
    S initial();

    /**
     * Applies a completed operation: the state after {@code op} in {@code state}, or {@code null}
     * if {@code op}'s recorded outcome is impossible in {@code state}.
     */
    S apply(S state, O op);

    /**
     * Applies a pending operation (its outcome is unknown, so it is not checked): the state after
     * its effect in {@code state}. The default applies it as completed.
     */
    default S applyPending(S state, O op) {
        return apply(state, op);
    }

    /**
     * Whether {@code ops} can stand as a history on their own; the shrinker keeps only such
     * sub-histories, so that it does not report, say, a read of a value whose write it removed.
     * The default accepts every list.
     */
    default boolean selfContained(List<O> ops) {
        return true;
    }
}
