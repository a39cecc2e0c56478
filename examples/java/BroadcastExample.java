import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import remo.loco.Broadcast;
import remo.loco.RingBuffer;
import remo.nic.NodeSet;
import remo.nic.SimCluster;

/** Node 1 broadcasts three messages to nodes 2 and 3; each receives them in order. */
public class BroadcastExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(4).build()) {
            Broadcast news = Broadcast.create(cluster, "news", 1, NodeSet.of(2, 3), new RingBuffer.Shape(2, 1));
            cluster.spawn(1, "sender", ep -> LongStream.rangeClosed(1, 3).forEach(m -> news.send(ep, new long[] {m})));
            for (int node : new int[] {2, 3}) {
                cluster.spawn(node, "receiver" + node, ep -> IntStream.range(0, 3).forEach(i ->
                        System.out.println("node " + node + " received " + Arrays.toString(news.receive(ep)))));
            }
            cluster.run();
        }
    }
}
