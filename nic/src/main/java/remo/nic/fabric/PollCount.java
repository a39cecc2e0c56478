package remo.nic.fabric;

import java.util.List;

/**
 * What an engine keeps per poll scope (models.md §3.1, {@code polled_s} of operational.md §1): the
 * operations of the scope in posting order and how many polls consumed them. A thread and each of
 * its queue pairs have one; {@link remo.core.rdma.PollMatching#select} says which of the two a poll
 * counts in. Used by the poster's thread only.
 *
 * @param <O> the engine's operation type
 */
public final class PollCount<O> {
    /** The scope's operations in posting order (the owner's list, shared). */
    public final List<O> ops;
    /** Polls executed in this scope. */
    public int polled;

    /** @param ops the list the owner appends the scope's operations to */
    public PollCount(List<O> ops) {
        this.ops = ops;
    }

    /** The operation the next poll of this scope consumes, or {@code null} if the scope has none left. */
    public O next() {
        return polled < ops.size() ? ops.get(polled) : null;
    }
}
