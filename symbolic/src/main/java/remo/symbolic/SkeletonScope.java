package remo.symbolic;

/**
 * The size of one bounded search: exactly {@code events} real events (initial writes not counted),
 * and at most {@code threads} threads, {@code nodes} nodes, {@code locations} locations and
 * {@code workIds} work ids.
 *
 * @param events    real events, exactly (at least 1)
 * @param threads   most threads (at least 1)
 * @param nodes     most nodes (at least 1)
 * @param locations most locations (at least 0); each location is also its initial write
 * @param workIds   most distinct work ids (at least 0)
 */
public record SkeletonScope(int events, int threads, int nodes, int locations, int workIds) {

    /**
     * @throws IllegalArgumentException if a count is below its minimum
     */
    public SkeletonScope {
        if (events < 1 || threads < 1 || nodes < 1 || locations < 0 || workIds < 0) {
            throw new IllegalArgumentException("bad scope: " + events + " events, " + threads + " threads, " + nodes
                    + " nodes, " + locations + " locations, " + workIds + " work ids");
        }
    }

    /**
     * The scope for exactly {@code events} events with at most {@code threads} threads and
     * {@code nodes} nodes. Locations and work ids are not limited by more than the events allow:
     * an execution with {@code n} events uses at most {@code n} locations, and needs at most
     * {@code n / 3} work ids (a {@code wait} needs an operation of its thread, of at least two
     * events, carrying its work id). Threads beyond {@code events} cannot be used and are dropped.
     */
    public static SkeletonScope exact(int events, int threads, int nodes) {
        return new SkeletonScope(events, Math.min(threads, events), nodes, events, events / 3);
    }
}
