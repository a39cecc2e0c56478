package remo.locks.liveness;

/**
 * TLC's result for one property of one configuration.
 *
 * @param property       the property's TLA+ name
 * @param temporal       whether it is a temporal property (else an invariant)
 * @param outcome        holds, violated, not checked (distributed mode) or undecided (time limit)
 * @param counterexample for a violation, TLC's counterexample; else null
 */
public record PropertyResult(String property, boolean temporal, Outcome outcome, TlcCounterexample counterexample) {

    /** The result of a property. */
    public enum Outcome {
        /** TLC explored every reachable state (and behaviour) and found no violation. */
        HOLDS,
        /** TLC found a counterexample. */
        VIOLATED,
        /** Not checked: TLC's distributed mode does not check temporal properties. */
        NOT_CHECKED,
        /** A time limit stopped TLC before it decided. */
        UNDECIDED
    }

    /** "holds", "violated (lasso)", "not checked (...)", "undecided (...)". */
    public String describe() {
        return switch (outcome) {
            case HOLDS -> "holds";
            case VIOLATED -> "violated (" + counterexample.kind().word() + ")";
            case NOT_CHECKED -> "not checked (TLC's distributed mode checks invariants and deadlock only)";
            case UNDECIDED -> "undecided (time limit reached)";
        };
    }
}
