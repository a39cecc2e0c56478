import remo.loco.SharedRegion;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/** A SharedRegion is a public slab on every participant: node 1 copies a word into node 2's slab. */
public class SharedRegionExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(2).deterministic(1).build()) {
            SharedRegion slab = SharedRegion.create(cluster, "slab", NodeSet.range(1, 2), 4); // 4 words per node
            cluster.spawn(1, "writer", ep -> {
                WorkId w = ep.newWorkId("copy");
                ep.store(slab.at(1), 0, 42);                    // a CPU store into node 1's slab...
                ep.put(w, slab.at(2), 3, slab.at(1), 0, 1);     // ...copied by the NIC into word 3 of node 2's
                ep.waitFor(w);
            });
            cluster.run();
            System.out.println("word 3 of node 2's slab: " + cluster.peek(2, "slab/slab", 3));
        }
    }
}
