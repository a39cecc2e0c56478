package remo.loco.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import remo.loco.AtomicVar;
import remo.loco.Backoff;
import remo.loco.KvStore;
import remo.loco.LocoNode;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/**
 * Throughput of the LOCO objects on the simulated NIC in concurrent mode, tracing off: 4 nodes with
 * 4 client threads each (the concurrent configuration of loco.md §4.10). A measured figure, not a
 * timed test; {@code remo bench-objects} prints it.
 */
public final class ObjectBenchmark {
    /** Nodes of every workload. */
    public static final int NODES = 4;
    /** Client threads per node. */
    public static final int THREADS = 4;

    private ObjectBenchmark() {
    }

    /**
     * One measurement.
     *
     * @param name          the workload
     * @param calls         object calls made
     * @param nicOps        NIC operations posted
     * @param nanos         wall-clock duration of {@code run()}
     */
    public record Measurement(String name, long calls, long nicOps, long nanos) {
        /** Object calls per second. */
        public double callsPerSecond() {
            return calls * 1e9 / nanos;
        }

        /** NIC operations per second. */
        public double nicOpsPerSecond() {
            return nicOps * 1e9 / nanos;
        }
    }

    private static Measurement measure(String name, long calls, BiConsumer<SimCluster, NodeSet> setup) {
        try (SimCluster c = SimCluster.builder().nodes(NODES).concurrent().recordTrace(false).build()) {
            setup.accept(c, NodeSet.range(1, NODES));
            RunResult r = c.run(); // a failed client throws SimulationFailedException
            return new Measurement(name, calls, r.metrics().cluster().opsPosted(), r.metrics().cluster().get("wallNanos"));
        }
    }

    private interface Client {
        void run(Endpoint ep, SplittableRandom rnd, int thread);
    }

    private static void spawnClients(SimCluster c, NodeSet p, Client client) {
        for (int n : p) {
            for (int t = 0; t < THREADS; t++) {
                int thread = (n - 1) * THREADS + t;
                c.spawn(n, "n" + n + ".t" + t, ep -> client.run(ep, new SplittableRandom(thread), thread));
            }
        }
    }

    private static Map<Integer, KvStore> store(SimCluster c, NodeSet p) {
        Map<Integer, KvStore> kv = new HashMap<>();
        for (int n : p) {
            kv.put(n, new KvStore(LocoNode.of(c.node(n)), "kv", p, 16, 4, 2, Backoff.exponential(4, 256)));
        }
        return kv;
    }

    /** KvStore gets: every thread gets random keys of 0..63 ({@code callsPerThread} each), after putting one key. */
    public static Measurement kvGets(int callsPerThread) {
        return measure("KvStore get", (long) NODES * THREADS * callsPerThread, (c, p) -> {
            Map<Integer, KvStore> kv = store(c, p);
            spawnClients(c, p, (ep, rnd, thread) -> {
                KvStore s = kv.get(ep.node());
                s.put(ep, thread, new long[] {thread, thread});
                for (int i = 1; i < callsPerThread; i++) {
                    s.get(ep, rnd.nextInt(64));
                }
            });
        });
    }

    /** KvStore puts: every thread puts random keys of 0..63 ({@code callsPerThread} each). */
    public static Measurement kvPuts(int callsPerThread) {
        return measure("KvStore put", (long) NODES * THREADS * callsPerThread, (c, p) -> {
            Map<Integer, KvStore> kv = store(c, p);
            spawnClients(c, p, (ep, rnd, thread) -> {
                KvStore s = kv.get(ep.node());
                long[] v = new long[2];
                for (int i = 0; i < callsPerThread; i++) {
                    v[0] = i;
                    v[1] = i;
                    s.put(ep, rnd.nextInt(64), v);
                }
            });
        });
    }

    /** AtomicVar fetchAdd: every thread adds to random variables of 16, homed round-robin on the nodes. */
    public static Measurement atomicFetchAdds(int callsPerThread) {
        return measure("AtomicVar fetchAdd", (long) NODES * THREADS * callsPerThread, (c, p) -> {
            Map<Integer, AtomicVar[]> vars = new HashMap<>();
            for (int n : p) {
                AtomicVar[] vs = new AtomicVar[16];
                for (int k = 0; k < vs.length; k++) {
                    vs[k] = new AtomicVar(LocoNode.of(c.node(n)), "av" + k, p, k % NODES + 1, 0);
                }
                vars.put(n, vs);
            }
            spawnClients(c, p, (ep, rnd, thread) -> {
                AtomicVar[] vs = vars.get(ep.node());
                for (int i = 0; i < callsPerThread; i++) {
                    vs[rnd.nextInt(vs.length)].fetchAdd(ep, 1);
                }
            });
        });
    }
}
