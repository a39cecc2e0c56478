package remo.verify;

/**
 * The size of a verified workload: what "no violation within the bounds" covers.
 *
 * @param threads threads, placed round-robin on the nodes
 * @param nodes   client (participant) nodes
 * @param ops     operations per thread (acquisitions of a lock, calls of an object)
 * @param slots   endpoints per node of a ticket lock (at least the threads a node has; 0 for "as
 *                many as the placement needs"); other objects ignore it
 */
public record Bounds(int threads, int nodes, int ops, int slots) {
    public Bounds {
        if (threads < 1 || nodes < 1 || ops < 1 || slots < 0) {
            throw new IllegalArgumentException("threads, nodes and ops must be at least 1 and slots at least 0, got "
                    + threads + ", " + nodes + ", " + ops + ", " + slots);
        }
    }

    /** Bounds with as many slots per node as the placement needs. */
    public static Bounds of(int threads, int nodes, int ops) {
        return new Bounds(threads, nodes, ops, 0);
    }

    /** The slots per node the placement needs: the most threads a node has. */
    public int neededSlots() {
        return (threads + nodes - 1) / nodes;
    }

    @Override
    public String toString() {
        return threads + " thread" + (threads == 1 ? "" : "s") + " on " + nodes + " node" + (nodes == 1 ? "" : "s") + " x "
                + ops + " op" + (ops == 1 ? "" : "s") + (slots > neededSlots() ? ", " + slots + " slots per node" : "");
    }
}
