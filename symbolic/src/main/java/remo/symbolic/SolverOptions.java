package remo.symbolic;

import kodkod.engine.config.Options;

/** The Kodkod options of remo's queries. */
final class SolverOptions {

    private SolverOptions() {
    }

    /**
     * Options for one query with the sat4j back end and a deadline.
     *
     * @param deadline a {@link System#nanoTime()} value, or {@link Long#MAX_VALUE}
     */
    static Options plain(long deadline) {
        return plain(deadline, null);
    }

    /**
     * As {@link #plain(long)}, with solves that {@code stop} aborts.
     *
     * @param stop aborts the query's solves when stopped, or {@code null}
     */
    static Options plain(long deadline, SolverStop stop) {
        Options o = new Options();
        o.setSolver(DeadlineSat4j.factory(deadline, stop));
        o.setBitwidth(5);
        o.setSymmetryBreaking(20);
        o.setSkolemDepth(0);
        return o;
    }
}
