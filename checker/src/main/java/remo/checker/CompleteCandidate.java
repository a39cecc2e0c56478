package remo.checker;

/**
 * A complete candidate execution as an enumeration hands it on (models.md §4.4): the seam between
 * the enumeration of candidates (which may be replaced, e.g. by an output-sensitive exploration)
 * and the judging and tallying of outcomes ({@link OutcomeTally}), which does not depend on how the
 * candidate was found.
 */
interface CompleteCandidate {

    /** The model's verdict on the candidate. */
    Candidate.Judged judge();

    /**
     * How many candidates this one stands for: itself and those that differ from it only in a
     * witness order no check of the model reads (the exploration chooses such an order once,
     * {@link GraphExplorer}); they share its verdict, final state and blocking. At least 1.
     */
    default long multiplicity() {
        return 1;
    }

    /** Whether the candidate is blocked (models.md §9.3). */
    boolean blocked();

    /** Its full final state (models.md §9.1). */
    FinalState finalState();

    /** Where it blocks, e.g. {@code P1:3 assume (r0 == 1)}, joined by {@code ", "} (a blocked candidate). */
    String blockingPoints();

    /**
     * The candidate as an {@link Execution}.
     *
     * @param judged    its verdict ({@link #judge()})
     * @param full      its full final state
     * @param isBlocked whether to mark it blocked (besides its own blocking)
     */
    Execution execution(Candidate.Judged judged, FinalState full, boolean isBlocked);
}
