package remo.cli;

import java.io.PrintStream;
import java.util.Locale;
import remo.locks.liveness.TlcListener;

/**
 * Progress of {@code remo liveness} on standard error, as plain lines: each TLC run as it starts,
 * the distinct states found so far (at most every five seconds), and TLC's phases.
 */
final class LivenessProgress implements TlcListener {
    private static final long EVERY_NANOS = 5_000_000_000L;

    private final PrintStream err;
    private long runStart = System.nanoTime();
    private long lastShown;

    LivenessProgress(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void runStarted(String what) {
        runStart = System.nanoTime();
        lastShown = runStart;
        err.println("liveness: TLC checks " + what);
    }

    @Override
    public synchronized void progress(long distinct, long queue) {
        long now = System.nanoTime();
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
