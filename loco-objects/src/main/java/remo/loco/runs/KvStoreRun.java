package remo.loco.runs;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import remo.loco.Backoff;
import remo.loco.KvFullException;
import remo.loco.KvStore;
import remo.loco.LocoNode;
import remo.loco.lin.HistoryShrinker;
import remo.loco.lin.HistoryTable;
import remo.loco.lin.MapOp;
import remo.loco.lin.MapSpec;
import remo.loco.lin.PartitionedCheck;
import remo.loco.lin.HistoryCall;
import remo.loco.lin.History;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;

/**
 * The required linearizability runs of {@link KvStore} (loco.md §4.10): a workload of random
 * gets, puts and removes on a few keys, recorded as a history and checked per key against a
 * register ({@link MapSpec}). Values written are {@code [x, x, …]} with {@code x} unique per put,
 * so that a get returning unequal words is reported at once as a torn read.
 *
 * @param mode            deterministic (seeded scheduler) or concurrent
 * @param nodes           participants {@code 1..nodes}
 * @param threadsPerNode  client threads per node
 * @param opsPerThread    calls per thread
 * @param keys            keys {@code 0..keys-1}
 * @param buckets         {@code B}
 * @param entries         {@code E}
 * @param valueWords      {@code V}
 * @param getPercent      share of gets, %
 * @param putPercent      share of puts, % (the rest are removes)
 * @param testing         the store's test hooks (the negative controls)
 * @param timeout         the time limit per partition
 * @param config          the NIC configuration (flags, intra-request order)
 */
public record KvStoreRun(RunMode mode, int nodes, int threadsPerNode, int opsPerThread, int keys, int buckets,
                         int entries, int valueWords, int getPercent, int putPercent, KvStore.Testing testing,
                         Duration timeout, NicConfig config) {

    /** The deterministic configuration of loco.md §4.10: 3 nodes, 2 threads each, 20 ops, keys 0..3, B=1, E=2, V=2, 50/40/10. */
    public static KvStoreRun deterministic() {
        return new KvStoreRun(RunMode.DETERMINISTIC, 3, 2, 20, 4, 1, 2, 2, 50, 40, KvStore.Testing.NONE,
                Duration.ofSeconds(60), NicConfig.defaults());
    }

    /** The concurrent configuration of loco.md §4.10: 4 nodes, 4 threads each, 1000 ops, keys 0..15, B=4, E=4, V=2. */
    public static KvStoreRun concurrent() {
        return new KvStoreRun(RunMode.CONCURRENT, 4, 4, 1000, 16, 4, 4, 2, 50, 40, KvStore.Testing.NONE,
                Duration.ofSeconds(60), NicConfig.defaults());
    }

    /** This configuration with other test hooks. */
    public KvStoreRun with(KvStore.Testing hooks) {
        return new KvStoreRun(mode, nodes, threadsPerNode, opsPerThread, keys, buckets, entries, valueWords, getPercent,
                putPercent, hooks, timeout, config);
    }

    /** This configuration with another number of calls per thread. */
    public KvStoreRun withOps(int ops) {
        return new KvStoreRun(mode, nodes, threadsPerNode, ops, keys, buckets, entries, valueWords, getPercent,
                putPercent, testing, timeout, config);
    }

    /** This configuration on another NIC configuration. */
    public KvStoreRun with(NicConfig nic) {
        return new KvStoreRun(mode, nodes, threadsPerNode, opsPerThread, keys, buckets, entries, valueWords, getPercent,
                putPercent, testing, timeout, nic);
    }

    /** The check every run uses: per key, against a register; torn reads first. */
    public PartitionedCheck<Long, MapOp> check() {
        return new PartitionedCheck<>(MapOp::key, k -> new MapSpec(), op -> op.torn() ? "torn read" : null, timeout);
    }

    /** Runs the workload with {@code seed} (the scheduler's seed and the workload's) and checks its history. */
    public RunOutcome<Long, MapOp> run(long seed) {
        SimCluster.Builder b = SimCluster.builder().nodes(nodes).config(config);
        b = mode == RunMode.DETERMINISTIC ? b.deterministic(seed, SchedulerPolicy.swarm()) : b.concurrent();
        try (SimCluster c = b.build()) {
            History<MapOp> history = History.of(c);
            NodeSet p = NodeSet.range(1, nodes);
            Map<Integer, KvStore> kv = new HashMap<>();
            Backoff backoff = mode == RunMode.CONCURRENT ? Backoff.exponential(4, 256) : Backoff.NONE;
            for (int n : p) {
                KvStore s = new KvStore(LocoNode.of(c.node(n)), "kv", p, buckets, entries, valueWords, backoff, testing);
                s.recordHistory(history);
                kv.put(n, s);
            }
            for (int n : p) {
                for (int t = 0; t < threadsPerNode; t++) {
                    int thread = (n - 1) * threadsPerNode + t;
                    KvStore store = kv.get(n);
                    c.spawn(n, "n" + n + ".t" + t, ep -> {
                        SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + thread);
                        for (int i = 0; i < opsPerThread; i++) {
                            long key = rnd.nextInt(keys);
                            int dice = rnd.nextInt(100);
                            if (dice < getPercent) {
                                store.get(ep, key);
                            } else if (dice < getPercent + putPercent) {
                                long x = (thread + 1L) * 1_000_000L + i;
                                long[] v = new long[valueWords];
                                java.util.Arrays.fill(v, x);
                                try {
                                    store.put(ep, key, v);
                                } catch (KvFullException full) {
                                    // recorded in the history as a no-op put
                                }
                            } else {
                                store.remove(ep, key);
                            }
                        }
                    });
                }
            }
            return RunOutcome.runAndCheck(seed, c, history, check());
        }
    }

    /** The calls of a failing partition shrunk to few calls that still fail (loco.md §4.10). */
    public List<HistoryCall<MapOp>> shrink(List<HistoryCall<MapOp>> failing) {
        return HistoryShrinker.shrink(failing, new MapSpec(), Duration.ofSeconds(10));
    }

    /** A history as a table. */
    public static String table(List<HistoryCall<MapOp>> calls) {
        return HistoryTable.format(calls, MapOp::call, MapOp::outcome);
    }
}
