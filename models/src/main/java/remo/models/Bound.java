package remo.models;

/**
 * Which bound of a partially known candidate is being computed. A partial candidate (some rf,
 * co or rao choices still open) is described by a lower bound (pairs that are present in every
 * completion) and an upper bound (pairs that may be present in some completion) for each base
 * relation; every cat operator is monotone once the bound is flipped under {@code ~} and on the
 * right of {@code \}, so a check that already fails on the bounds fails on every completion. A
 * complete candidate has equal bounds.
 */
public enum Bound {
    LOWER, UPPER;

    /** The other bound. */
    public Bound flip() {
        return this == LOWER ? UPPER : LOWER;
    }
}
