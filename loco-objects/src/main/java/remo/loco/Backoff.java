package remo.loco;

/**
 * What a spinning retry does between two attempts (locks.md §5.3; used by {@link KvStore}'s lock
 * and version retries). Backoff affects timing only and never touches simulated memory; the
 * objects never call it in deterministic mode, where Java code between API calls does not advance
 * the simulation.
 */
@FunctionalInterface
public interface Backoff {
    /** Waits a little before the next attempt. */
    void pause();

    /** Called after a successful attempt: the next wait starts short again. */
    default void reset() {
    }

    /** No waiting at all (the default). */
    Backoff NONE = () -> { };

    /**
     * Exponential backoff: {@link Thread#onSpinWait()} {@code minSpins} times, then {@code 2·minSpins},
     * … up to {@code maxSpins} per pause; reset after each success. The count is kept per Java
     * thread, so one instance serves every endpoint of an object.
     *
     * @throws IllegalArgumentException unless {@code 1 <= minSpins <= maxSpins}
     */
    static Backoff exponential(int minSpins, int maxSpins) {
        if (minSpins < 1 || maxSpins < minSpins) {
            throw new IllegalArgumentException("exponential backoff needs 1 <= minSpins <= maxSpins, got " + minSpins
                    + ", " + maxSpins);
        }
        ThreadLocal<int[]> next = ThreadLocal.withInitial(() -> new int[] {minSpins});
        return new Backoff() {
            @Override
            public void pause() {
                int[] n = next.get();
                for (int i = 0; i < n[0]; i++) {
                    Thread.onSpinWait();
                }
                n[0] = Math.min(maxSpins, n[0] * 2);
            }

            @Override
            public void reset() {
                next.get()[0] = minSpins;
            }

            @Override
            public String toString() {
                return "Backoff.exponential(" + minSpins + ", " + maxSpins + ")";
            }
        };
    }
}
