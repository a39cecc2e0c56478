package remo.locks;

/** {@link Backoff#exponential}: the doubling spin count is per thread, so one instance serves every endpoint of a node. */
final class ExponentialBackoff implements Backoff {
    private final int minSpins;
    private final int maxSpins;
    private final ThreadLocal<int[]> next;

    ExponentialBackoff(int minSpins, int maxSpins) {
        if (minSpins < 1 || maxSpins < minSpins) {
            throw new IllegalArgumentException("Backoff.exponential needs 1 <= minSpins <= maxSpins, got " + minSpins + ", "
                    + maxSpins);
        }
        this.minSpins = minSpins;
        this.maxSpins = maxSpins;
        this.next = ThreadLocal.withInitial(() -> new int[] {minSpins});
    }

    @Override
    public void pause() {
        int[] n = next.get();
        for (int i = 0; i < n[0]; i++) {
            Thread.onSpinWait();
        }
        n[0] = (int) Math.min(maxSpins, 2L * n[0]);
    }

    @Override
    public void reset() {
        next.get()[0] = minSpins;
    }

    @Override
    public String toString() {
        return "Backoff.exponential(" + minSpins + ", " + maxSpins + ")";
    }
}
