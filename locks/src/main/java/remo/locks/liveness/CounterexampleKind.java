package remo.locks.liveness;

/** What kind of counterexample TLC gave for a violated property (locks.md §8.5). */
public enum CounterexampleKind {
    /** A finite trace to a state that falsifies an invariant. */
    INVARIANT,
    /** A finite trace to a state with no successor (TLC's CHECK_DEADLOCK). */
    DEADLOCK,
    /** A liveness lasso: a finite prefix and a loop (or a final state that stutters forever). */
    LASSO;

    /** The word used in output: invariant, deadlock, lasso. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
