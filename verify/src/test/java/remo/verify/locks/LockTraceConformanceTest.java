package remo.verify.locks;

import remo.locks.LockVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.TestFiles;
import remo.models.CatModel;

/**
 * locks.md §10.2 and §10.3 on the Java locks: deterministic runs (policy SWARM) of 2–4 threads on
 * 2–3 nodes with 1–5 acquisitions each; every recorded graph is consistent under rdma-wait-rmw and
 * passes the lock-level checks (a)–(d) of {@link LockChecks}.
 *
 * <p>Cost: a contended ticket lock's waiting thread records one read per row per spin round (nic.md's
 * spin compression only merges repeated reads of one word), thousands of events; the checks leave
 * out the repeated ones ({@link remo.conformance.SpinReads}, same verdicts), so a seed costs tens of
 * milliseconds. The default suite runs a sample of small configurations ({@link #sample()}); the
 * sweep of every configuration with 1000 seeds each (locks.md §10.2) is tagged {@code slow} and runs
 * its seeds on {@code -Dremo.locks.sweepThreads=N} threads (default 2);
 * {@code -Dremo.locks.sweepClasses=WEAK,CAS_PUT} restricts it to some lock classes.
 * {@code -Dremo.locks.seeds=N} overrides the seed counts of both.
 */
class LockTraceConformanceTest {
    private static final Integer SEEDS = Integer.getInteger("remo.locks.seeds");

    static Stream<Arguments> sample() {
        List<Arguments> out = new ArrayList<>();
        for (LockVariant c : LockVariant.values()) {
            boolean ticket = c.ticket();
            // without their repeated spin reads, a ticket-lock seed costs about what a CAS-lock seed
            // does (10-30 ms of CPU); the ticket samples stay smaller as their runs are longer
            out.add(Arguments.of(new LockWorkload(c, 2, 2, 1), ticket ? 200 : 1000));
            out.add(Arguments.of(new LockWorkload(c, 2, 3, 3), ticket ? 30 : 200));
            out.add(Arguments.of(new LockWorkload(c, 3, 3, 1), ticket ? 40 : 200));
            out.add(Arguments.of(new LockWorkload(c, 4, 2, 1), ticket ? 30 : 200));
        }
        return out.stream();
    }

    static Stream<Arguments> sweep() {
        List<Arguments> out = new ArrayList<>();
        String only = System.getProperty("remo.locks.sweepClasses", "");
        for (LockVariant c : LockVariant.values()) {
            if (!only.isEmpty() && !List.of(only.split(",")).contains(c.name())) {
                continue;
            }
            for (int threads = 2; threads <= 4; threads++) {
                for (int nodes = 2; nodes <= 3; nodes++) {
                    for (int acq = 1; acq <= 5; acq++) {
                        out.add(Arguments.of(new LockWorkload(c, threads, nodes, acq), sweepSeeds(c, threads, acq)));
                    }
                }
            }
        }
        return out.stream();
    }

    /** Seeds per configuration of the sweep: 1000 (locks.md §10.2). */
    static int sweepSeeds(LockVariant c, int threads, int acquisitions) {
        return 1000;
    }

    @ParameterizedTest(name = "{0}, {1} seeds")
    @MethodSource("sample")
    void recordedGraphsConformAndPassTheLockChecks(LockWorkload sc, int seeds) {
        runSeeds(sc, SEEDS != null ? SEEDS : seeds);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}, {1} seeds")
    @MethodSource("sweep")
    void everyConfigurationConformsAndPassesTheLockChecks(LockWorkload sc, int seeds) throws InterruptedException {
        long start = System.nanoTime();
        int n = SEEDS != null ? SEEDS : seeds;
        runSeedsInParallel(sc, n, Integer.getInteger("remo.locks.sweepThreads", 2));
        System.out.printf(java.util.Locale.ROOT, "sweep: %s, %d seeds: %.1f s%n", sc, n, (System.nanoTime() - start) / 1e9);
    }

    /**
     * {@link #runSeeds} on {@code threads} threads (seed {@code s} on thread {@code s mod threads}:
     * each run is deterministic on its own, so the result does not depend on the split); the
     * failure of the smallest failing seed is thrown.
     */
    static void runSeedsInParallel(LockWorkload sc, int seeds, int threads) throws InterruptedException {
        CatModel model = TestFiles.model("rdma-wait-rmw");
        java.util.concurrent.ConcurrentSkipListMap<Long, Throwable> failures = new java.util.concurrent.ConcurrentSkipListMap<>();
        List<Thread> workers = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
            int first = k;
            Thread w = new Thread(() -> {
                for (long seed = first; seed < seeds && failures.isEmpty(); seed += threads) {
                    try {
                        LockChecks.check(sc, seed, sc.runDeterministic(seed), model);
                    } catch (Throwable e) {
                        failures.put(seed, e);
                    }
                }
            }, "sweep-" + k);
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
        if (!failures.isEmpty()) {
            Throwable e = failures.firstEntry().getValue();
            throw e instanceof AssertionError a ? a : new AssertionError(sc + " seed " + failures.firstKey() + ": " + e, e);
        }
    }

    static void runSeeds(LockWorkload sc, int seeds) {
        CatModel model = TestFiles.model("rdma-wait-rmw");
        for (long seed = 0; seed < seeds; seed++) {
            LockChecks.check(sc, seed, sc.runDeterministic(seed), model);
        }
    }
}
