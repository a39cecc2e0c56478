package remo.locks.liveness;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * TLC's results for the rows of locks.md §8.5, computed once per test JVM and shared by the test classes
 * that assert on them (the table, the trace printer, the distributed comparison). The table
 * tests {@link #prefetch} their rows: they run on two threads, i.e. two TLC child JVMs at a time,
 * one per core of the development machine.
 */
final class RowResults {
    private static final Map<String, Future<LivenessResult>> RESULTS = new ConcurrentHashMap<>();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(
            Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())), r -> {
                Thread t = new Thread(r, "tlc-row");
                t.setDaemon(true);
                return t;
            });

    private RowResults() {
    }

    /** The result of a row (one worker, no time limit). */
    static LivenessResult of(Variant v, Configuration c) {
        LivenessTable.Row row = LivenessTable.row(v, c).orElseThrow();
        start(row);
        try {
            return RESULTS.get(row.name()).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    /** Starts computing these rows in the background (two at a time). */
    static void prefetch(Stream<LivenessTable.Row> rows) {
        rows.forEach(RowResults::start);
    }

    private static void start(LivenessTable.Row row) {
        RESULTS.computeIfAbsent(row.name(), k -> POOL.submit(() -> {
            long start = System.nanoTime();
            LivenessResult r = new LivenessChecker(TlcJar.locate(), TlcOptions.defaults()).check(row);
            System.out.printf("[liveness] %s: %d distinct states, %d TLC runs, %.1f s wall%n", row.name(),
                    r.distinctStates(), r.runs().size(), (System.nanoTime() - start) / 1e9);
            return r;
        }));
    }
}
