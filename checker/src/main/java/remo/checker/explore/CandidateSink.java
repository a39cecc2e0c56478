package remo.checker.explore;

import remo.checker.ValueSolver;

/**
 * Receives the outcome of a {@link GraphExplorer} run candidate by candidate: the complete
 * candidates to judge, and the partial candidates abandoned. The axiomatic engine implements it
 * (it judges and tallies candidates and enforces the run's limits, which may stop the run by
 * throwing from any method).
 */
public interface CandidateSink {

    /**
     * A complete, well-formed candidate, to be judged by the model.
     *
     * @param rfSource  per event the source write of a read, -1 for other events (owned by the sink)
     * @param values    its values (models.md §4.2)
     * @param coOrders  per location the existing writes in {@code co} order, the initial write first
     * @param raoOrders per rao class its NAR events in {@code rao} order
     */
    void complete(int[] rfSource, ValueSolver.Values values, int[][] coOrders, int[][] raoOrders);

    /** A complete candidate that is ill-formed (models.md §4.2: a value depends on itself). */
    void illFormed();

    /** A partial candidate abandoned with all its completions: none is consistent or well-formed. */
    void pruned();

    /** Called between steps of a long propagation, so that the sink may enforce a time limit. */
    void checkLimits();
}
