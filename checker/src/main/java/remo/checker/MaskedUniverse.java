package remo.checker;

import java.util.EnumMap;
import remo.models.Bound;
import remo.models.Builtin;
import remo.models.EventUniverse;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The static built-ins of an {@link EventStructure} restricted to the events that exist: exactly
 * (one mask) for a candidate whose values are known, or bounded (events that surely exist / may
 * exist) while reads-from choices are still open. Values are computed lazily and cached.
 */
final class MaskedUniverse implements EventUniverse {
    private final EventStructure structure;
    private final EventSet lower;
    private final EventSet upper;
    private final EnumMap<Builtin, Object> lowerCache = new EnumMap<>(Builtin.class);
    private final EnumMap<Builtin, Object> upperCache = new EnumMap<>(Builtin.class);

    /**
     * @param structure the program's events and static relations
     * @param lower     events that exist in every completion
     * @param upper     events that may exist (a superset of {@code lower})
     */
    MaskedUniverse(EventStructure structure, EventSet lower, EventSet upper) {
        this.structure = structure;
        this.lower = lower;
        this.upper = upper;
    }

    /** A universe whose existing events are known exactly. */
    static MaskedUniverse exact(EventStructure structure, EventSet existing) {
        return new MaskedUniverse(structure, existing, existing);
    }

    private EventSet mask(Bound b) {
        return b == Bound.LOWER ? lower : upper;
    }

    private EnumMap<Builtin, Object> cache(Bound b) {
        return b == Bound.LOWER || lower == upper ? lowerCache : upperCache;
    }

    @Override
    public int size() {
        return structure.size();
    }

    @Override
    public EventSet set(Builtin set, Bound bound) {
        if (!set.isSet()) {
            throw new IllegalArgumentException(set.catName() + " is a relation");
        }
        return (EventSet) cache(bound).computeIfAbsent(set, s -> structure.set(s).intersection(mask(bound)));
    }

    @Override
    public Relation relation(Builtin relation, Bound bound) {
        if (relation.isSet() || relation.isWitness()) {
            throw new IllegalArgumentException(relation.catName() + " is not a static relation");
        }
        return (Relation) cache(bound).computeIfAbsent(relation, r -> {
            EventSet m = mask(bound);
            return structure.relation(r).restrict(m, m);
        });
    }
}
