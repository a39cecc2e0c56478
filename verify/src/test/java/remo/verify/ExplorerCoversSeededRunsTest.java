package remo.verify;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.TestFiles;
import remo.core.graph.ExecutionGraph;
import remo.loco.KvStore;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.ExplorationTarget;
import remo.nic.explore.Explorer;
import remo.verify.objects.KvStoreWorkload;

/**
 * The model checker misses no execution that random schedules reach: for every lock and object of
 * the library at 2 threads on 2 nodes × 1 call (and KvStore plans whose writers contend for the
 * bucket lock, a remote CAS, and the version, fetch-and-adds of one rao class), every final memory
 * state — the last write of each location of the recorded graph, so also the results that gets and
 * RMWs brought back — that {@value #SEEDS} seeded adversarial runs reach is among the states of the
 * explored executions. The explorer once lost every execution in which the second writer's CAS came
 * first: it reversed the race of an NAR with the NRW of the RMW holding the rao unit, where the NAR
 * cannot run, instead of the race with that RMW's NAR (docs/reference/nic.md §5.3).
 */
class ExplorerCoversSeededRunsTest {
    private static final int SEEDS = 150;

    static Stream<Arguments> targets() {
        List<Arguments> out = new ArrayList<>();
        for (VerifiableObject o : VerifiableObjects.all()) {
            Bounds b = o.name().equals("RingBuffer") ? Bounds.of(2, 2, 2) : Bounds.of(2, 2, 1);
            out.add(Arguments.of(o.name() + " " + b, o.at(b, TestFiles.model("rdma-wait-rmw"), true).target()));
        }
        for (String plan : List.of("GP,GP", "PG,GP", "PP,GP", "P,G,P")) {
            List<String> p = List.of(plan.split(","));
            Bounds b = Bounds.of(p.size(), p.size(), p.get(0).length());
            out.add(Arguments.of("KvStore " + plan, new KvStoreWorkload(b, KvStore::new, 1, p)
                    .verification(TestFiles.model("rdma-wait-rmw"), true).target()));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void everySeededStateIsExplored(String name, ExplorationTarget target) {
        Set<String> explored = new TreeSet<>();
        Exploration x = Explorer.explore(target, ExplorationOptions.defaults(), run -> {
            explored.add(finalMemory(run.result()));
            return List.of();
        });
        assertTrue(x.complete() && x.passed(), x.summary());
        Set<String> seeded = new TreeSet<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(target.nodes()).config(target.config()).deterministic(seed)
                    .recordTrace(true).build()) {
                target.setup().accept(c);
                seeded.add(finalMemory(c.run()));
            }
        }
        Set<String> missed = new TreeSet<>(seeded);
        missed.removeAll(explored);
        System.out.println(name + ": " + seeded.size() + " final states in " + SEEDS + " seeds, " + explored.size()
                + " explored; " + x.summary());
        assertTrue(missed.isEmpty(), name + ": final states of seeded runs the explorer did not reach: " + missed);
    }

    /** Each written location of the run's graph with the value of its last write in coherence order. */
    private static String finalMemory(RunResult r) {
        ExecutionGraph g = r.trace().orElseThrow();
        TreeMap<String, Long> last = new TreeMap<>();
        for (List<Integer> writes : g.co()) {
            if (!writes.isEmpty()) {
                ExecutionGraph.Event w = g.event(writes.get(writes.size() - 1));
                last.put(g.locations().get(w.location()).toString(), w.value());
            }
        }
        return last.toString();
    }
}
