import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import remo.loco.RingBuffer;
import remo.nic.SimCluster;

/** Node 1 pushes five messages through a ring of two slots; node 2 pops them in order. */
public class RingBufferExample {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(2).deterministic(9).build()) {
            RingBuffer ring = RingBuffer.create(cluster, "ring", 1, 2, new RingBuffer.Shape(2, 1)); // from 1 to 2
            cluster.spawn(1, "sender", ep -> LongStream.rangeClosed(1, 5).forEach(m -> ring.push(ep, new long[] {m})));
            cluster.spawn(2, "receiver", ep -> IntStream.range(0, 5)
                    .forEach(i -> System.out.println("popped " + Arrays.toString(ring.pop(ep)))));
            cluster.run();
        }
    }
}
