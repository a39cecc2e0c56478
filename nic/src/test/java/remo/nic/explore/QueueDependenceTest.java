package remo.nic.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.graph.ExecutionGraph;
import remo.nic.Access;
import remo.nic.NicConfig;
import remo.nic.Region;
import remo.nic.WorkId;

/**
 * The dependence of NIC steps of one queue pair through the same-QP guards only, and of posts on
 * completions only when the queue pair has been full ({@link remo.nic.det.Footprint}): the reduced
 * exploration reaches every recorded execution graph (the reads-from, coherence and rao witnesses,
 * named by thread, call and word) that the full enumeration reaches, on a program whose queue pair
 * pipelines a put and a get against another thread's RMW (operational.md §4),
 * under each setting of the flags that change the guards and with a queue pair of capacity 1.
 */
class QueueDependenceTest {

    /**
     * T0@1 pipelines to node 2 on one queue pair a put of a word and a get of the next word; T1@2
     * CASes the word the put writes. Small enough for the full enumeration to finish in seconds
     * under every setting.
     */
    private static ExplorationTarget program(NicConfig config) {
        return new ExplorationTarget(2, config, c -> {
            Set<Access> all = EnumSet.allOf(Access.class);
            Region x = c.node(2).register("X", 2, all);
            Region l = c.node(1).register("L", 2, all, new long[] {1, 0});
            Region y = c.node(2).register("Y", 2, all, new long[] {0, 5});
            c.spawn(1, "T0", ep -> {
                WorkId w = ep.newWorkId("w");
                ep.put(w, x, 0, l, 0, 1);
                ep.get(w, l, 1, x, 1, 1);
                ep.waitFor(w);
            });
            c.spawn(2, "T1", ep -> {
                WorkId w = ep.newWorkId("v");
                ep.rcas(w, y, 0, x, 0, 1, 7);
                ep.waitFor(w);
            });
        }, true, false);
    }

    private static Set<String> graphs(ExplorationTarget t, ExplorationOptions.Reduction reduction, Exploration[] out) {
        Set<String> seen = new TreeSet<>();
        out[0] = Explorer.explore(t, ExplorationOptions.defaults().withReduction(reduction).withMaxExecutions(200_000), run -> {
            seen.add(witnesses(run.result().trace().orElseThrow()));
            return List.of();
        });
        return seen;
    }

    /** rf, co and rao of a graph with events named by thread, call, word and label, locations by name (not by id). */
    private static String witnesses(ExecutionGraph g) {
        // locations are numbered in the order a run first touches them: name them by region and word
        Map<Integer, String> where = new TreeMap<>();
        for (ExecutionGraph.Location l : g.locations()) {
            where.put(l.index(), l.toString());
        }
        Map<Integer, String> name = new TreeMap<>();
        for (ExecutionGraph.Event e : g.events()) {
            name.put(e.id(), e.thread() < 0 ? "init:" + where.get(e.location())
                    : e.thread() + "." + e.po() + "." + e.sub() + e.label());
        }
        List<String> parts = new ArrayList<>();
        for (ExecutionGraph.Event e : g.events()) {
            int src = g.rf(e.id());
            if (src >= 0) {
                parts.add(name.get(src) + "->" + name.get(e.id()));
            }
        }
        for (List<Integer> co : g.co()) {
            parts.add("co" + co.stream().map(name::get).toList());
        }
        g.rao().forEach((k, v) -> parts.add("rao" + v.stream().map(name::get).toList()));
        parts.sort(null);
        return String.join(" ", parts);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"defaults", "qpCapacity=1"})
    void theReductionReachesEveryGraphOfTheFullEnumeration(String setting) {
        check(setting);
    }

    /** The other flag settings (about 12-20 s each: docs/testing.md). */
    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"GG_REMOTE_ORDER=OFF", "GG_LOCAL_ORDER=OFF", "GP_RESPONDER_REORDER=OFF",
        "FAILED_RCAS_WRITES=YES", "PUT_COMPLETION=LOCAL_READ_DONE"})
    void theReductionReachesEveryGraphOfTheFullEnumerationUnderTheOtherFlags(String setting) {
        check(setting);
    }

    private static void check(String setting) {
        NicConfig config = NicConfig.defaults();
        if (setting.equals("qpCapacity=1")) {
            config = config.withQpCapacity(1);
        } else if (!setting.equals("defaults")) {
            String[] kv = setting.split("=");
            config = config.with(kv[0], kv[1]);
        }
        Exploration[] full = new Exploration[1];
        Exploration[] dpor = new Exploration[1];
        Set<String> a = graphs(program(config), ExplorationOptions.Reduction.NONE, full);
        Set<String> b = graphs(program(config), ExplorationOptions.Reduction.DPOR, dpor);
        System.out.println(setting + ": " + a.size() + " graphs; full: " + full[0].summary() + "; DPOR: " + dpor[0].summary());
        assertTrue(full[0].complete() && dpor[0].complete(), full[0].summary() + " / " + dpor[0].summary());
        assertEquals(a, b, "the reduction reaches the graphs of the full enumeration");
    }
}
