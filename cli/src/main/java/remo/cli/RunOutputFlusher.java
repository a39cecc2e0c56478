package remo.cli;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sends the gathered output of the server's runs ({@link RunOutputStream}) every
 * {@link RunOutputStream#FLUSH_MS}: one thread for all runs, asleep while no run is under way, so
 * that output reaches the client promptly though a run's writes are not sent one by one.
 */
final class RunOutputFlusher {
    private final Set<RunOutputStream> streams = ConcurrentHashMap.newKeySet();

    /** Flushes {@code out} and {@code err}, a run's streams, until {@link #remove}d (and wakes the flusher). */
    void add(RunOutputStream out, RunOutputStream err) {
        synchronized (streams) {
            streams.add(out);
            streams.add(err);
            streams.notifyAll();
        }
    }

    /** No longer flushes {@code out} and {@code err}: their run is over. */
    void remove(RunOutputStream out, RunOutputStream err) {
        streams.remove(out);
        streams.remove(err);
    }

    /** The flusher thread's loop, until interrupted. */
    void loop() {
        while (true) {
            try {
                synchronized (streams) {
                    while (streams.isEmpty()) {
                        streams.wait(); // no run: no wake-ups
                    }
                }
                Thread.sleep(RunOutputStream.FLUSH_MS);
            } catch (InterruptedException e) {
                return;
            }
            for (RunOutputStream s : streams) {
                s.tick();
            }
        }
    }
}
