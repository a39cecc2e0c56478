import java.util.List;
import remo.loco.Sst;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** Each of 3 nodes sets its row of a shared state table and pushes it; each then waits for every row. */
public class SstExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(5).build()) {
            Sst table = Sst.create(cluster, "table", NodeSet.range(1, 3), 1); // one field per row
            for (int node : new int[] {1, 2, 3}) {
                cluster.spawn(node, "t" + node, ep -> {
                    table.set(ep, 0, node * 10);                // the own row, locally...
                    table.push(ep);                             // ...then to every peer's replica
                    while (table.get(ep, 1, 0) * table.get(ep, 2, 0) * table.get(ep, 3, 0) == 0) { Thread.onSpinWait(); }
                    System.out.println("node " + node + " reads " + List.of(1, 2, 3).stream().map(k -> table.get(ep, k, 0)).toList());
                });
            }
            cluster.run();
        }
    }
}
