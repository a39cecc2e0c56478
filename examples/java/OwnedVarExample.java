import java.util.stream.LongStream;
import remo.loco.OwnedVar;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** Node 1 owns a replicated word and writes 1, 2, 3; the readers on nodes 2 and 3 wait for the last write. */
public class OwnedVarExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(11).build()) {
            OwnedVar version = OwnedVar.create(cluster, "version", NodeSet.range(1, 3), 1, 0); // owner node 1
            cluster.spawn(1, "owner", ep -> LongStream.rangeClosed(1, 3).forEach(v -> version.write(ep, v)));
            for (int node : new int[] {2, 3}) {
                cluster.spawn(node, "reader" + node, ep -> {
                    while (version.read(ep) != 3) { Thread.onSpinWait(); } // a replica may skip values, never the last
                    System.out.println("node " + node + " reads version 3");
                });
            }
            cluster.run();
        }
    }
}
