package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import remo.conformance.TraceConformance;
import remo.conformance.TraceLitmus;
import remo.nic.Access;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.testing.Checker;
import remo.testing.SimulationProperty;

/**
 * Example 3: a put/wait ping-pong on the simulated NIC. Node 1 puts the ball (a round number) into
 * node 2's {@code ball} word and waits for its completion; node 2 waits to see it, puts it back.
 * On every schedule both sides see every round in order and end with the last one, and the recorded
 * run is an execution the NIC's memory model allows (trace conformance, docs/nic.md).
 */
class PingPongTest {
    static final int ROUNDS = 3;
    static final Set<Access> ALL = EnumSet.allOf(Access.class);
    /** Loads the model a recorded run is judged by (the conformance model of its flags). */
    static final Checker MODELS = Checker.of("rdma-wait-rmw");

    @SimulationProperty(seeds = 200, nodes = 2)
    void everyRoundComesBack(SimCluster cluster) {
        Region[] ball = new Region[3];
        Region[] out = new Region[3];
        for (int n = 1; n <= 2; n++) {
            ball[n] = cluster.node(n).register("ball", 1, ALL);
            out[n] = cluster.node(n).register("out", 1, ALL);
        }
        cluster.spawn(1, "ping", ep -> {
            WorkId d = ep.newWorkId("d");
            for (long k = 1; k <= ROUNDS; k++) {
                ep.store(out[1], 0, k);
                ep.put(d, ball[2], 0, out[1], 0, 1);
                ep.waitFor(d);
                while (ep.load(ball[1], 0) != k) {
                    // spin until the ball comes back
                }
            }
        });
        cluster.spawn(2, "pong", ep -> {
            WorkId d = ep.newWorkId("d");
            for (long k = 1; k <= ROUNDS; k++) {
                long seen;
                while ((seen = ep.load(ball[2], 0)) < k) {
                    // spin until the ball arrives
                }
                assertEquals(k, seen, "round " + k + " arrived out of order");
                ep.store(out[2], 0, k);
                ep.put(d, ball[1], 0, out[2], 0, 1);
                ep.waitFor(d);
            }
        });
        RunResult run = cluster.run();
        assertEquals(ROUNDS, cluster.peek(1, "ball", 0));
        assertEquals(ROUNDS, cluster.peek(2, "ball", 0));
        TraceConformance.Verdict verdict = TraceLitmus.check(run.trace().orElseThrow(), null, MODELS::model);
        assertTrue(verdict.consistent(), "the run is no execution of the model: " + verdict);
    }
}
