package remo.litmus;

import remo.core.Position;

/**
 * A work id as written after {@code #} or {@code wait} (language.md §2.4). Work ids are per
 * thread: {@code #d} in {@code P0} and {@code #d} in {@code P1} are unrelated.
 *
 * @param name the id ({@code d} or {@code 7})
 * @param pos  position of the id token (for {@code wait d}: of the {@code wait} keyword is kept by
 *             the instruction itself)
 */
public record WorkIdRef(String name, Position pos) {
    /** Creates a work id without a source position. */
    public static WorkIdRef of(String name) {
        return new WorkIdRef(name, Position.NONE);
    }

    @Override
    public String toString() {
        return name;
    }
}
