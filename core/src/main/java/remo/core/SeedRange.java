package remo.core;

/**
 * A series of seeded runs: the seeds {@code first, first+1, …, first+count-1}. The one rule for which
 * series are valid, used by {@code remo simulate}, {@code remo objects check} and the library's run
 * series ({@code remo.loco.runs.RunSummary}, {@code remo.conformance.LitmusSimulator.Options}): at
 * least one run, and the last seed within 64 bits, so that no seed wraps around to a negative one and
 * a series never silently runs nothing. (A command may ask more of its seeds, e.g. at least 0.)
 *
 * @param first the first seed
 * @param count the number of runs (at least 1)
 */
public record SeedRange(long first, long count) {

    /**
     * @throws IllegalArgumentException when {@link #problem} finds one (its message)
     */
    public SeedRange {
        String why = problem(first, count, "the first seed", "runs");
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
    }

    /** The last seed of the series, {@code first + count - 1}. */
    public long last() {
        return first + (count - 1);
    }

    /**
     * What is wrong with a series, in words, or {@code null} when it is valid.
     *
     * @param first      the first seed
     * @param count      the number of runs
     * @param seedOption how the first seed is named in the message (e.g. {@code --seed})
     * @param runsOption how the count is named in the message (e.g. {@code --runs})
     * @return the message, or {@code null}
     */
    public static String problem(long first, long count, String seedOption, String runsOption) {
        if (count < 1) {
            return runsOption + " must be at least 1, not " + count;
        }
        if (first > largestFirst(count)) {
            return seedOption + " " + first + " with " + runsOption + " " + count + " needs seeds beyond "
                    + Long.MAX_VALUE + " (the seeds S..S+N-1 must fit in 64 bits); the largest seed for " + count
                    + " runs is " + largestFirst(count);
        }
        return null;
    }

    /** The largest first seed of a series of {@code count} runs (count at least 1). */
    public static long largestFirst(long count) {
        return Long.MAX_VALUE - (count - 1);
    }
}
