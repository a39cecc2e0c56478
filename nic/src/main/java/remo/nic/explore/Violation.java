package remo.nic.explore;

import java.util.Objects;

/**
 * Something an explored execution did wrong.
 *
 * @param kind    what kind of property it breaks
 * @param message what happened, in words (the thread, the word, the values)
 */
public record Violation(Kind kind, String message) {

    /** The kinds of violation the explorer and its checks report. */
    public enum Kind {
        /** A safety property of the object or the program (mutual exclusion, lock order, a value). */
        SAFETY,
        /** A thread can never finish: nothing is enabled, or it spins on words no step will write. */
        LIVENESS,
        /** The history of calls has no linearization under the object's sequential specification. */
        LINEARIZABILITY,
        /** The recorded execution graph is not consistent under the model (a simulator defect). */
        CONFORMANCE,
        /** A thread body threw: a failed assertion or an exception of the code under test. */
        ASSERTION
    }

    public Violation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + ": " + message;
    }
}
