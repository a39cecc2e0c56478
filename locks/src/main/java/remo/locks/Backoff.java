package remo.locks;

/**
 * What a {@link CasSpinLock} does between two failed RCAS attempts (locks.md §5.3). Backoff affects
 * timing only and never touches simulated memory; in deterministic mode the lock does not call it
 * (Java code between API calls does not advance the simulation).
 */
public interface Backoff {
    /** Waits a little before the next attempt of the calling thread. */
    void pause();

    /** Called by the lock after the calling thread's successful acquire; restarts its backoff. */
    default void reset() {
    }

    /** Retry at once. */
    Backoff NONE = () -> { };

    /**
     * Per thread: {@link Thread#onSpinWait()} {@code minSpins} times, then {@code 2·minSpins}, … up to
     * {@code maxSpins} times per pause, reset after each successful acquire.
     *
     * @throws IllegalArgumentException unless {@code 1 <= minSpins <= maxSpins}
     */
    static Backoff exponential(int minSpins, int maxSpins) {
        return new ExponentialBackoff(minSpins, maxSpins);
    }
}
