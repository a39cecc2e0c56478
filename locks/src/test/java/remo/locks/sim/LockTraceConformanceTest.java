package remo.locks.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.locks.LockTestFiles;
import remo.models.CatModel;

/**
 * locks.md §10.2 and §10.3 on the Java locks: deterministic runs (policy SWARM) of 2–4 threads on
 * 2–3 nodes with 1–5 acquisitions each; every recorded graph is consistent under rdma-wait-rmw and
 * passes the lock-level checks (a)–(d) of {@link LockTraceChecks}.
 *
 * <p>Cost: the checker's fixed-graph mode is cubic in the number of events, and a ticket lock's
 * waiting thread records one read per row per spin round (nic.md's spin compression only merges
 * repeated reads of one word), so a contended ticket-lock run with stalls records thousands of
 * events. The default suite therefore runs a sample of small configurations with fewer seeds
 * ({@link #sample()}); the sweep of every configuration is tagged
 * {@code slow} ({@link #sweepSeeds}). {@code -Dremo.locks.seeds=N} overrides the seed counts of both.
 */
class LockTraceConformanceTest {
    private static final Integer SEEDS = Integer.getInteger("remo.locks.seeds");

    static Stream<Arguments> sample() {
        List<Arguments> out = new ArrayList<>();
        for (LockClass c : LockClass.values()) {
            boolean ticket = c.ticket();
            // a ticket-lock seed costs 0.4-1.2 s to check (graphs of 500-4000 events, mostly spin
            // reads), a CAS-lock seed about 20 ms: the ticket samples are small so that the default
            // suite stays within its share (README, "Slow tests")
            out.add(Arguments.of(new LockScenario(c, 2, 2, 1), ticket ? 20 : 1000));
            out.add(Arguments.of(new LockScenario(c, 2, 3, 3), ticket ? 3 : 200));
            out.add(Arguments.of(new LockScenario(c, 3, 3, 1), ticket ? 4 : 200));
            out.add(Arguments.of(new LockScenario(c, 4, 2, 1), ticket ? 3 : 200));
        }
        return out.stream();
    }

    static Stream<Arguments> sweep() {
        List<Arguments> out = new ArrayList<>();
        for (LockClass c : LockClass.values()) {
            for (int threads = 2; threads <= 4; threads++) {
                for (int nodes = 2; nodes <= 3; nodes++) {
                    for (int acq = 1; acq <= 5; acq++) {
                        out.add(Arguments.of(new LockScenario(c, threads, nodes, acq), sweepSeeds(c, threads, acq)));
                    }
                }
            }
        }
        return out.stream();
    }

    /** Seeds per configuration of the sweep: 1000 (locks.md §10.2). */
    static int sweepSeeds(LockClass c, int threads, int acquisitions) {
        return 1000;
    }

    @ParameterizedTest(name = "{0}, {1} seeds")
    @MethodSource("sample")
    void recordedGraphsConformAndPassTheLockChecks(LockScenario sc, int seeds) {
        runSeeds(sc, SEEDS != null ? SEEDS : seeds);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}, {1} seeds")
    @MethodSource("sweep")
    void everyConfigurationConformsAndPassesTheLockChecks(LockScenario sc, int seeds) {
        runSeeds(sc, SEEDS != null ? SEEDS : seeds);
    }

    static void runSeeds(LockScenario sc, int seeds) {
        CatModel model = LockTestFiles.model("rdma-wait-rmw");
        for (long seed = 0; seed < seeds; seed++) {
            LockTraceChecks.check(sc, seed, sc.runDeterministic(seed), model);
        }
    }
}
