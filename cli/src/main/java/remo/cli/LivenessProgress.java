package remo.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import remo.locks.liveness.TlcListener;

/**
 * Progress of {@code remo liveness} on standard error, as plain lines: each TLC run as it starts,
 * the distinct states found so far (at most every five seconds), and TLC's phases.
 */
final class LivenessProgress implements TlcListener {
    private static final long EVERY_NANOS = 5_000_000_000L;

    private final PrintStream err;
    private final LongSupplier clock;
    private long runStart;
    private long lastShown;

    LivenessProgress(PrintStream err) {
        this(err, System::nanoTime);
    }

    /** With a clock in nanoseconds (tests give their own). */
    LivenessProgress(PrintStream err, LongSupplier clock) {
        this.err = err;
        this.clock = clock;
        this.runStart = clock.getAsLong();
    }

    @Override
    public synchronized void runStarted(String what) {
        runStart = clock.getAsLong();
        lastShown = runStart;
        err.println("liveness: TLC checks " + what);
    }

    @Override
    public synchronized void progress(long distinct, long queue) {
        long now = clock.getAsLong();
        if (now - lastShown >= EVERY_NANOS) {
            lastShown = now;
            err.printf(Locale.ROOT, "liveness:   %,d distinct states so far, %,d on the queue (%d s)%n", distinct, queue,
                    (now - runStart) / 1_000_000_000L);
        }
    }

    @Override
    public synchronized void phase(String text) {
        err.println("liveness:   " + text);
    }
}
