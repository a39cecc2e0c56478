import java.util.Arrays;
import java.util.stream.LongStream;
import remo.loco.KvStore;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** A KvStore over 3 simulated nodes: two writer threads and a reader (docs/objects.md). */
public class KvStoreExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(42).build()) {
            // one handle for the whole cluster: 4 buckets per node, 2 entries per bucket, values of 2 words
            KvStore kv = KvStore.create(cluster, "users", NodeSet.range(1, 3), new KvStore.Shape(4, 2, 2));
            for (int node : new int[] {1, 2}) {                 // writers on nodes 1 and 2: keys 10..13, 20..23
                cluster.spawn(node, "writer" + node, ep -> LongStream.range(node * 10, node * 10 + 4)
                        .forEach(key -> kv.put(ep, key, new long[] {node, key})));
            }
            cluster.spawn(3, "reader", ep -> LongStream.of(10, 11, 12, 13, 20, 21, 22, 23).forEach(key -> {
                while (kv.get(ep, key) == null) { Thread.onSpinWait(); } // until its writer has put it
                System.out.println("key " + key + " on node " + kv.home(key) + ": " + Arrays.toString(kv.get(ep, key)));
            }));
            System.out.println("completed: " + cluster.run().completed());
        }
    }
}
