import java.util.Arrays;
import remo.loco.KvStore;
import remo.loco.LocoNode;
import remo.nic.NodeSet;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/** A KvStore over 3 simulated nodes: two writer threads and a reader (docs/objects.md). */
public class KvStoreExample {
    public static void main(String[] args) {
        NodeSet nodes = NodeSet.range(1, 3);
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(42).build()) {
            // one local instance per node, all constructed by the same name: 4 buckets per node,
            // 2 entries per bucket, values of 2 words
            KvStore[] kv = new KvStore[4];
            for (int n : nodes) {
                kv[n] = new KvStore(LocoNode.of(cluster.node(n)), "users", nodes, 4, 2, 2);
            }
            // two writers, on nodes 1 and 2, each putting keys 10..13 or 20..23
            for (int w = 1; w <= 2; w++) {
                int node = w;
                cluster.spawn(node, "writer" + node, ep -> {
                    for (long key = node * 10; key < node * 10 + 4; key++) {
                        kv[node].put(ep, key, new long[] {node, key});
                    }
                });
            }
            // a reader on node 3 waits for the last key of each writer, then reads every key
            cluster.spawn(3, "reader", ep -> {
                while (kv[3].get(ep, 13) == null || kv[3].get(ep, 23) == null) {
                    Thread.onSpinWait();
                }
                for (long key : new long[] {10, 11, 12, 13, 20, 21, 22, 23}) {
                    System.out.println("key " + key + " on node " + kv[3].home(key) + ": "
                            + Arrays.toString(kv[3].get(ep, key)));
                }
            });
            RunResult result = cluster.run();
            System.out.println("completed: " + result.completed() + ", failures: " + result.threadFailures());
        }
    }
}
