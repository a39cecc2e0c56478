package remo.checker;

/** Receives the complete candidates of an enumeration, one at a time (see {@link CompleteCandidate}). */
@FunctionalInterface
interface CandidateSink {
    /**
     * @param c a complete candidate; valid only during the call
     * @throws Budget.Stop to end the enumeration
     */
    void accept(CompleteCandidate c);
}
