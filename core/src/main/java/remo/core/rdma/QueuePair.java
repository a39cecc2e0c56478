package remo.core.rdma;

/**
 * A queue pair {@code qp(t, n)} (models.md §1): exactly one per issuing thread and target node; two
 * threads never share one, and loopback ({@code n = node(t)}) is an ordinary QP. A NIC operation,
 * a {@code poll n} and an {@code rfence n} of thread {@code t} use {@code qp(t, n)}
 * (models.md §2.1, {@code qp(e)}).
 *
 * @param thread the issuing thread's index
 * @param node   the target node (a positive integer)
 */
public record QueuePair(int thread, int node) {

    /**
     * The queue pair of an operation, poll or rfence (models.md §2.1).
     *
     * @param thread     the issuing thread
     * @param targetNode the operation's target node, or the node a poll or rfence names
     */
    public static QueuePair of(int thread, int targetNode) {
        return new QueuePair(thread, targetNode);
    }

    @Override
    public String toString() {
        return "qp(" + thread + "," + node + ")";
    }

    // equals and hashCode written out with exactly a record's own results (components in order,
    // hash 31 * h + component hash), because the implicit ones are bound on first call by a
    // bootstrap that generates method-handle classes: milliseconds of every short check
    // (RecordMethodsTest pins the values)
    @Override
    public boolean equals(Object o) {
        return o instanceof QueuePair q && thread == q.thread && node == q.node;
    }

    @Override
    public int hashCode() {
        return 31 * Integer.hashCode(thread) + Integer.hashCode(node);
    }
}
