package remo.loco;

import static org.junit.jupiter.api.Assertions.*;

import java.util.*;
import org.junit.jupiter.api.Test;
import remo.nic.*;

class SmokeTest {
    @Test
    void kv() {
        for (long seed = 0; seed < 20; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(3).deterministic(seed).build()) {
                NodeSet p = NodeSet.range(1, 3);
                Map<Integer, KvStore> kv = new HashMap<>();
                for (int n : p) kv.put(n, new KvStore(LocoNode.of(c.node(n)), "kv", p, 1, 2, 2));
                for (int n : p) {
                    int node = n;
                    c.spawn(n, "t" + n, ep -> {
                        for (int i = 0; i < 5; i++) {
                            kv.get(node).put(ep, node, new long[] {i, i});
                            long[] v = kv.get(node).get(ep, node);
                            assertArrayEquals(new long[] {i, i}, v);
                        }
                    });
                }
                RunResult r = c.run();
                assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            }
        }
    }
}
