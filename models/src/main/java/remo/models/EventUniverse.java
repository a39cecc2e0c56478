package remo.models;

import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The static part of the relation universe a model is evaluated in: the events of one program
 * (with a fixed or bounded set of existing events) and the built-ins that do not depend on the
 * witnesses. Implemented by the checker; the evaluator memoises everything computed from it.
 *
 * <p>Implementations must return, for {@link Bound#LOWER}, values contained in those for
 * {@link Bound#UPPER} (equal when the set of existing events is known).
 */
public interface EventUniverse {

    /** Number of event indices ({@code 0..size-1}); events that do not exist are in no set. */
    int size();

    /**
     * A static built-in set ({@link Builtin#isSet()}); {@link Builtin#ALL} is the set of existing
     * events.
     *
     * @throws IllegalArgumentException if {@code set} is a relation or a witness
     */
    EventSet set(Builtin set, Bound bound);

    /**
     * A static built-in relation (not a witness).
     *
     * @throws IllegalArgumentException if {@code relation} is a set or a witness
     */
    Relation relation(Builtin relation, Bound bound);
}
