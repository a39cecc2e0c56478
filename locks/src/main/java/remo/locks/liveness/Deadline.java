package remo.locks.liveness;

import java.time.Duration;

/**
 * When the TLC runs of one check must end.
 *
 * @param endNanos {@link System#nanoTime()} at the deadline, unused if {@code seconds == 0}
 * @param seconds  the limit as the user gave it (s); 0 = no limit
 */
record Deadline(long endNanos, long seconds) {

    /** A deadline {@code limit} from now; a zero or null limit means none. */
    static Deadline after(Duration limit) {
        if (limit == null || limit.isZero()) {
            return new Deadline(0, 0);
        }
        return new Deadline(System.nanoTime() + limit.toNanos(), Math.max(1, limit.toSeconds()));
    }

    /** The time left, or null if there is no limit (never negative). */
    Duration remaining() {
        if (seconds == 0) {
            return null;
        }
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }
}
