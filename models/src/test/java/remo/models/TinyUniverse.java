package remo.models;

import java.util.EnumMap;
import java.util.Map;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/** A hand-built universe for evaluator tests: sets and relations given explicitly. */
final class TinyUniverse implements EventUniverse {
    private final int size;
    private final Map<Builtin, EventSet> sets = new EnumMap<>(Builtin.class);
    private final Map<Builtin, Relation> relations = new EnumMap<>(Builtin.class);

    TinyUniverse(int size) {
        this.size = size;
        for (Builtin b : Builtin.values()) {
            if (b.isSet()) {
                sets.put(b, b == Builtin.ALL ? EventSet.all(size) : EventSet.empty(size));
            } else if (!b.isWitness()) {
                relations.put(b, Relation.empty(size));
            }
        }
    }

    TinyUniverse set(Builtin b, int... events) {
        sets.put(b, EventSet.of(size, events));
        return this;
    }

    TinyUniverse relation(Builtin b, int[]... pairs) {
        Relation.Builder r = Relation.builder(size);
        for (int[] p : pairs) {
            r.add(p[0], p[1]);
        }
        relations.put(b, r.build());
        return this;
    }

    static Relation rel(int size, int[]... pairs) {
        Relation.Builder r = Relation.builder(size);
        for (int[] p : pairs) {
            r.add(p[0], p[1]);
        }
        return r.build();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public EventSet set(Builtin set, Bound bound) {
        return sets.get(set);
    }

    @Override
    public Relation relation(Builtin relation, Bound bound) {
        return relations.get(relation);
    }
}
