import remo.loco.Barrier;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** Three threads meet at a Barrier: nobody leaves before everybody has arrived. */
public class BarrierExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(3).build()) {
            Barrier barrier = Barrier.create(cluster, "b", NodeSet.range(1, 3));
            for (int node : new int[] {1, 2, 3}) {
                cluster.spawn(node, "t" + node, ep -> {
                    System.out.println("node " + node + " arrives");
                    barrier.await(ep);
                    System.out.println("node " + node + " leaves");
                });
            }
            cluster.run();
        }
    }
}
