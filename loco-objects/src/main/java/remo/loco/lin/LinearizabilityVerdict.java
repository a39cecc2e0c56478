package remo.loco.lin;

/** The verdict of a linearizability check (loco.md §4.10). */
public enum LinearizabilityVerdict {
    /** A linearization was found. */
    LINEARIZABLE,
    /** No linearization exists (or a get returned a torn value). */
    NOT_LINEARIZABLE,
    /** The search hit its time limit: neither a pass nor a failure. */
    INCONCLUSIVE
}
