package remo.loco.runs;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import remo.loco.AtomicVar;
import remo.loco.LocoNode;
import remo.loco.lin.AtomicOp;
import remo.loco.lin.AtomicSpec;
import remo.loco.lin.HistoryCall;
import remo.loco.lin.History;
import remo.loco.lin.HistoryShrinker;
import remo.loco.lin.HistoryTable;
import remo.loco.lin.PartitionedCheck;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;

/**
 * The required linearizability runs of {@link AtomicVar} (loco.md §4.10, "AtomicVar gets the same
 * treatment ... Keys are variables"): {@code variables} atomic variables {@code av0, av1, …}, the
 * {@code k}-th homed on node {@code (k mod nodes) + 1}, all starting at 0; each thread calls
 * random methods on random variables: fetchAdd of 1..9, compareAndSwap from the last value it saw
 * of the variable to a value unique per call, and load. Checked per variable against
 * {@link AtomicSpec}.
 *
 * @param mode           deterministic (seeded scheduler) or concurrent
 * @param nodes          participants {@code 1..nodes}
 * @param threadsPerNode client threads per node
 * @param opsPerThread   calls per thread
 * @param variables      number of variables (the partition keys)
 * @param faaPercent     share of fetchAdd, %
 * @param casPercent     share of compareAndSwap, % (the rest are loads)
 * @param timeout        the time limit per partition
 * @param config         the NIC configuration
 */
public record AtomicVarRun(RunMode mode, int nodes, int threadsPerNode, int opsPerThread, int variables,
                           int faaPercent, int casPercent, Duration timeout, NicConfig config) {

    /** As KvStore's deterministic run: 3 nodes, 2 threads each, 20 ops, 4 variables; 40% fetchAdd, 30% CAS, 30% load. */
    public static AtomicVarRun deterministic() {
        return new AtomicVarRun(RunMode.DETERMINISTIC, 3, 2, 20, 4, 40, 30, Duration.ofSeconds(60), NicConfig.defaults());
    }

    /** As KvStore's concurrent run: 4 nodes, 4 threads each, 1000 ops, 16 variables. */
    public static AtomicVarRun concurrent() {
        return new AtomicVarRun(RunMode.CONCURRENT, 4, 4, 1000, 16, 40, 30, Duration.ofSeconds(60), NicConfig.defaults());
    }

    /** This configuration with another number of calls per thread. */
    public AtomicVarRun withOps(int ops) {
        return new AtomicVarRun(mode, nodes, threadsPerNode, ops, variables, faaPercent, casPercent, timeout, config);
    }

    /** This configuration on another NIC configuration. */
    public AtomicVarRun with(NicConfig nic) {
        return new AtomicVarRun(mode, nodes, threadsPerNode, opsPerThread, variables, faaPercent, casPercent, timeout, nic);
    }

    /** The check every run uses: per variable, against a register with fetchAdd, CAS and load. */
    public PartitionedCheck<String, AtomicOp> check() {
        return new PartitionedCheck<>(AtomicOp::variable, v -> new AtomicSpec(0), op -> null, timeout);
    }

    /** Runs the workload with {@code seed} and checks its history. */
    public RunOutcome<String, AtomicOp> run(long seed) {
        SimCluster.Builder b = SimCluster.builder().nodes(nodes).config(config);
        b = mode == RunMode.DETERMINISTIC ? b.deterministic(seed, SchedulerPolicy.swarm()) : b.concurrent();
        try (SimCluster c = b.build()) {
            History<AtomicOp> history = History.of(c);
            NodeSet p = NodeSet.range(1, nodes);
            Map<Integer, AtomicVar[]> vars = new HashMap<>();
            for (int n : p) {
                AtomicVar[] vs = new AtomicVar[variables];
                for (int k = 0; k < variables; k++) {
                    vs[k] = new AtomicVar(LocoNode.of(c.node(n)), "av" + k, p, k % nodes + 1, 0);
                    vs[k].recordHistory(history);
                }
                vars.put(n, vs);
            }
            for (int n : p) {
                for (int t = 0; t < threadsPerNode; t++) {
                    int thread = (n - 1) * threadsPerNode + t;
                    AtomicVar[] vs = vars.get(n);
                    c.spawn(n, "n" + n + ".t" + t, ep -> {
                        SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + thread);
                        long[] seen = new long[variables];
                        for (int i = 0; i < opsPerThread; i++) {
                            int k = rnd.nextInt(variables);
                            int dice = rnd.nextInt(100);
                            if (dice < faaPercent) {
                                long d = 1 + rnd.nextInt(9);
                                seen[k] = vs[k].fetchAdd(ep, d) + d;
                            } else if (dice < faaPercent + casPercent) {
                                long u = (thread + 1L) * 1_000_000L + i;
                                long old = vs[k].compareAndSwap(ep, seen[k], u);
                                seen[k] = old == seen[k] ? u : old;
                            } else {
                                seen[k] = vs[k].load(ep);
                            }
                        }
                    });
                }
            }
            return RunOutcome.runAndCheck(seed, c, history, check());
        }
    }

    /** The calls of a failing partition shrunk to few calls that still fail. */
    public List<HistoryCall<AtomicOp>> shrink(List<HistoryCall<AtomicOp>> failing) {
        return HistoryShrinker.shrink(failing, new AtomicSpec(0), Duration.ofSeconds(10));
    }

    /** A history as a table. */
    public static String table(List<HistoryCall<AtomicOp>> calls) {
        return HistoryTable.format(calls, op -> op.variable() + "." + op, op -> Long.toString(op.result()));
    }
}
