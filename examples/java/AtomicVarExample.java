import java.util.stream.IntStream;
import remo.loco.AtomicVar;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** Two threads draw numbers from one AtomicVar on node 3: every number is drawn exactly once. */
public class AtomicVarExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(7).build()) {
            AtomicVar next = AtomicVar.create(cluster, "next", NodeSet.range(1, 3), 3, 0); // the word is on node 3
            for (int node : new int[] {1, 2}) {
                cluster.spawn(node, "t" + node, ep -> System.out.println(ep.name() + " drew "
                        + IntStream.range(0, 4).mapToObj(i -> next.fetchAdd(ep, 1)).toList()));
            }
            cluster.run();
        }
    }
}
