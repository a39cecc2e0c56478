package remo.loco;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import remo.nic.FaultPlan;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.RunResult;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;

/** Cluster set-up shared by the object tests. */
public final class Sim {
    private Sim() {
    }

    /** A deterministic cluster (policy SWARM, tracing on). */
    public static SimCluster det(int nodes, long seed) {
        return SimCluster.builder().nodes(nodes).deterministic(seed, SchedulerPolicy.swarm()).recordTrace(true).build();
    }

    /** A deterministic cluster with a configuration. */
    public static SimCluster det(int nodes, long seed, NicConfig config) {
        return SimCluster.builder().nodes(nodes).config(config).deterministic(seed, SchedulerPolicy.swarm())
                .recordTrace(true).build();
    }

    /** A deterministic cluster with a fault plan and a step limit. */
    public static SimCluster faulty(int nodes, long seed, FaultPlan plan, long stepLimit) {
        return SimCluster.builder().nodes(nodes).deterministic(seed, SchedulerPolicy.swarm()).recordTrace(true)
                .faults(plan).stepLimit(stepLimit).build();
    }

    /** Constructs one local instance per participant (setup phase), by node. */
    public static <T> Map<Integer, T> onEach(SimCluster c, NodeSet participants, BiFunction<LocoNode, Integer, T> ctor) {
        Map<Integer, T> m = new TreeMap<>();
        for (int n : participants) {
            m.put(n, ctor.apply(LocoNode.of(c.node(n)), n));
        }
        return m;
    }

    /** Runs and asserts that no thread body threw. */
    public static RunResult runOk(SimCluster c) {
        RunResult r = c.run();
        assertTrue(r.threadFailures().isEmpty(), "thread failures: " + r.threadFailures());
        assertTrue(r.completed(), "the run did not complete");
        return r;
    }
}
