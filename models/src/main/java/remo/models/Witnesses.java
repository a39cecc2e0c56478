package remo.models;

import remo.models.algebra.Relation;

/**
 * Bounds on the witness relations of a candidate execution (models.md §4.1). For a complete
 * candidate each lower bound equals (and may be the same object as) its upper bound.
 *
 * @param rfLower  rf pairs fixed so far
 * @param rfUpper  rf pairs possible in some completion
 * @param coLower  co pairs fixed so far (transitively closed per location)
 * @param coUpper  co pairs possible in some completion
 * @param raoLower rao pairs fixed so far
 * @param raoUpper rao pairs possible in some completion
 */
public record Witnesses(Relation rfLower, Relation rfUpper, Relation coLower, Relation coUpper,
                        Relation raoLower, Relation raoUpper) {

    /** Witnesses of a complete candidate. */
    public static Witnesses exact(Relation rf, Relation co, Relation rao) {
        return new Witnesses(rf, rf, co, co, rao, rao);
    }

    /** Whether the bounds coincide (a complete candidate). */
    public boolean isExact() {
        return rfLower.equals(rfUpper) && coLower.equals(coUpper) && raoLower.equals(raoUpper);
    }

    /** The rf bound. */
    public Relation rf(Bound b) {
        return b == Bound.LOWER ? rfLower : rfUpper;
    }

    /** The co bound. */
    public Relation co(Bound b) {
        return b == Bound.LOWER ? coLower : coUpper;
    }

    /** The rao bound. */
    public Relation rao(Bound b) {
        return b == Bound.LOWER ? raoLower : raoUpper;
    }
}
