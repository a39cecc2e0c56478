package remo.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The one rule for a series of seeded runs: at least one run, the last seed within 64 bits. */
class SeedRangeTest {

    @Test
    void theTopOfTheRangeFitsExactly() {
        SeedRange r = new SeedRange(Long.MAX_VALUE - 1, 2);
        assertEquals(Long.MAX_VALUE, r.last());
        assertEquals(Long.MAX_VALUE, new SeedRange(Long.MAX_VALUE, 1).last());
        assertEquals(4, new SeedRange(0, 5).last());
        assertEquals(Long.MAX_VALUE - 1, SeedRange.largestFirst(2));
        assertNull(SeedRange.problem(-3, 2, "--seed", "--runs"));
    }

    @Test
    void aSeriesPastSixtyFourBitsIsRefusedWithTheLargestFirstSeed() {
        assertEquals("--seed 9223372036854775807 with --seeds 2 needs seeds beyond 9223372036854775807 (the seeds "
                + "S..S+N-1 must fit in 64 bits); the largest seed for 2 runs is 9223372036854775806",
                SeedRange.problem(Long.MAX_VALUE, 2, "--seed", "--seeds"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SeedRange(Long.MAX_VALUE, 2));
        assertEquals("the first seed 9223372036854775807 with runs 2 needs seeds beyond 9223372036854775807 (the seeds "
                + "S..S+N-1 must fit in 64 bits); the largest seed for 2 runs is 9223372036854775806", e.getMessage());
    }

    @Test
    void aSeriesOfNoRunIsRefused() {
        assertEquals("--runs must be at least 1, not 0", SeedRange.problem(0, 0, "--seed", "--runs"));
        assertThrows(IllegalArgumentException.class, () -> new SeedRange(0, -1));
    }
}
