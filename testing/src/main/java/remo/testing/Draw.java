package remo.testing;

import remo.litmus.Program;

/**
 * One draw of a {@link ProgramGenerator}.
 *
 * @param program   the program, or {@code null} if a filter rejected every attempt
 * @param discarded how many programs filters rejected on the way (0 without a filter)
 */
public record Draw(Program program, int discarded) {

    /** Attempts per draw of {@link ProgramGenerator#filter(java.util.function.Predicate)}. */
    public static final int DEFAULT_ATTEMPTS = 100;

    /**
     * @throws IllegalArgumentException if {@code discarded < 0}
     */
    public Draw {
        if (discarded < 0) {
            throw new IllegalArgumentException("discarded must be >= 0, found " + discarded);
        }
    }

    /** A draw that found {@code program} at the first attempt. */
    public static Draw of(Program program) {
        return new Draw(program, 0);
    }

    /**
     * The seed of attempt {@code attempt} of a filtered draw: {@code seed} itself for attempt 0 (so a
     * filter that accepts the first program does not change it), else a 64-bit mix of both numbers.
     */
    public static long attemptSeed(long seed, int attempt) {
        if (attempt == 0) {
            return seed;
        }
        long z = seed + attempt * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
