package remo.litmus;

import remo.core.Position;

/**
 * A use of a memory location name inside an instruction or condition, with its position (for
 * E-UNKNOWN-LOC, E-NONLOCAL, E-NOT-LOCAL and E-HOME-MISMATCH, language.md §6.3).
 *
 * @param name the location name
 * @param pos  position of the name token
 */
public record LocationRef(String name, Position pos) {
    /** Creates a reference without a source position. */
    public static LocationRef of(String name) {
        return new LocationRef(name, Position.NONE);
    }

    @Override
    public String toString() {
        return name;
    }
}
