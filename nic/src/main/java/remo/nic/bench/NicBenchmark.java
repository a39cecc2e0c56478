package remo.nic.bench;

import java.util.EnumSet;
import java.util.Set;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.MetricsSnapshot;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * The NIC throughput benchmark of nic.md §10: concurrent mode, tracing off, two nodes. A measured
 * figure, not a timed test. The {@code bench-nic} command prints it.
 */
public final class NicBenchmark {

    /**
     * One measurement.
     *
     * @param name         the workload
     * @param ops          NIC operations posted
     * @param nanos        wall-clock duration of {@code run()} (threads and quiescence)
     * @param opsPerSecond {@code ops / nanos}, per second
     * @param metrics      the run's metrics
     */
    public record Measurement(String name, long ops, long nanos, double opsPerSecond, MetricsSnapshot metrics) {
    }

    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    private NicBenchmark() {
    }

    /**
     * A stream of {@code ops} one-word puts from a thread on node 1 to node 2, then one {@code gf}.
     *
     * @param ops number of puts, at least 1
     */
    public static Measurement stream(long ops) {
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().recordTrace(false).build()) {
            Region src = c.node(1).register("src", 1, ALL, new long[] {42});
            Region dst = c.node(2).register("dst", 1, ALL);
            c.spawn(1, "streamer", ep -> {
                for (long i = 0; i < ops; i++) {
                    ep.put(null, dst, 0, src, 0, 1);
                }
                ep.gf();
            });
            RunResult r = c.run();
            return measurement("put stream", r);
        }
    }

    /**
     * A put/wait ping-pong between a thread on node 1 and a thread on node 2: each round, one side
     * puts the round number into the other's flag and waits for the put's completion; the other spins
     * on its flag, then answers. Two puts per round.
     *
     * @param rounds number of rounds, at least 1
     */
    public static Measurement pingPong(long rounds) {
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().recordTrace(false).build()) {
            Region flag1 = c.node(1).register("flag", 1, ALL);
            Region flag2 = c.node(2).register("flag", 1, ALL);
            Region val1 = c.node(1).register("val", 1, ALL);
            Region val2 = c.node(2).register("val", 1, ALL);
            c.spawn(1, "ping", ep -> side(ep, rounds, true, val1, flag1, flag2));
            c.spawn(2, "pong", ep -> side(ep, rounds, false, val2, flag2, flag1));
            RunResult r = c.run();
            return measurement("put/wait ping-pong", r);
        }
    }

    private static void side(Endpoint ep, long rounds, boolean first, Region val, Region mine, Region theirs) {
        WorkId d = ep.newWorkId("pp");
        for (long i = 1; i <= rounds; i++) {
            if (!first) {
                spin(ep, mine, i);
            }
            ep.store(val, 0, i);
            ep.put(d, theirs, 0, val, 0, 1);
            ep.waitFor(d);
            if (first) {
                spin(ep, mine, i);
            }
        }
    }

    private static void spin(Endpoint ep, Region flag, long value) {
        int spins = 0;
        while (ep.load(flag, 0) != value) {
            if (++spins > 64) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private static Measurement measurement(String name, RunResult r) {
        if (!r.threadFailures().isEmpty()) {
            throw new IllegalStateException(name + ": a thread failed: " + r.threadFailures());
        }
        MetricsSnapshot m = r.metrics();
        long ops = m.cluster().opsPosted();
        long nanos = m.cluster().get("wallNanos");
        return new Measurement(name, ops, nanos, ops * 1e9 / Math.max(1, nanos), m);
    }
}
