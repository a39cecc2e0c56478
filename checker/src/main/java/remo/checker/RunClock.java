package remo.checker;

/**
 * When the calling thread's current run began: {@link TestRunner} sets it before parsing, so that
 * parsing and checking share one {@code --timeout} (a run stops T after it began, not T after
 * parsing ended) and the time-limit note counts from the start of the run.
 */
final class RunClock {
    private static final ThreadLocal<Long> START = new ThreadLocal<>();

    private RunClock() {
    }

    /** The run's start ({@link System#nanoTime()}), or now if no run has set one. */
    static long start() {
        Long s = START.get();
        return s != null ? s : System.nanoTime();
    }

    /** Sets the start of the thread's run; returns the previous one for {@link #restore}. */
    static Long set(long start) {
        Long previous = START.get();
        START.set(start);
        return previous;
    }

    /** Restores what {@link #set} returned. */
    static void restore(Long previous) {
        if (previous == null) {
            START.remove();
        } else {
            START.set(previous);
        }
    }
}
