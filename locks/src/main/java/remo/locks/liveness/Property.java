package remo.locks.liveness;

import java.util.List;

/** The properties of {@code RdmaLocks.tla} (locks.md §8.4), by their TLA+ names. */
public final class Property {
    /** Invariant: no two threads in "cs". */
    public static final String MUTUAL_EXCLUSION = "MutualExclusion";
    /** Invariant: no thread is bypassed more than #Threads − 1 times. */
    public static final String BOUNDED_BYPASS = "BoundedBypass";
    /** Temporal: if some thread tries, some thread eventually enters. */
    public static final String DEADLOCK_FREEDOM = "DeadlockFreedom";
    /** Temporal: every trying thread eventually enters. */
    public static final String STARVATION_FREEDOM = "StarvationFreedom";
    /** Temporal: eventually every thread is done (bounded configurations). */
    public static final String TERMINATION = "Termination";

    /** The columns of the table of locks.md §8.5, in its order. */
    public static final List<String> COLUMNS = List.of(MUTUAL_EXCLUSION, DEADLOCK_FREEDOM, STARVATION_FREEDOM,
            TERMINATION, BOUNDED_BYPASS);

    private Property() {
    }
}
