package remo.nic.det;

/** The SplitMix64 generator: all randomness of a deterministic run comes from one (nic.md §5.1). */
final class SplitMix64 {
    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, 1). */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [0, n). */
    int nextInt(int n) {
        return (int) ((nextLong() >>> 1) % n);
    }

    /** A geometric number of failures with the given mean (0 if {@code mean <= 0}). */
    int geometric(double mean) {
        if (mean <= 0) {
            return 0;
        }
        double p = 1.0 / (mean + 1.0);
        double u = nextDouble();
        double g = Math.floor(Math.log1p(-u) / Math.log1p(-p));
        return g > 1_000_000_000 ? 1_000_000_000 : (int) g;
    }
}
