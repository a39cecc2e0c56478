package remo.loco;

import static org.junit.jupiter.api.Assertions.assertTrue;

import remo.loco.spec.CallLog;
import remo.loco.spec.LibrarySpec;
import remo.loco.spec.RecordedGraph;
import remo.loco.spec.SpecReport;
import remo.core.graph.ExecutionGraph;
import remo.nic.NicConfig;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.checker.TestFiles;
import remo.conformance.RecordedExecution;
import remo.conformance.TraceConformance;

/** A client program of an object: constructs the object and spawns the threads, logging the object's calls. */
@FunctionalInterface
public interface Scenario {
    /** Sets up {@code c} (setup phase). */
    void setup(SimCluster c, CallLog log);

    /**
     * A recorded graph as an execution under {@code rdma-wait-rmw}, the objects' conformance model,
     * every read kept: its conformance verdict and the model's hb on its events (loco.md §2.4).
     */
    static RecordedExecution recorded(ExecutionGraph g) {
        return RecordedExecution.of(g, TestFiles.model("rdma-wait-rmw"), false);
    }

    /** Runs seed {@code seed} deterministically and returns the result (asserting no thread failed). */
    default RunResult run(int nodes, NicConfig config, long seed, CallLog log) {
        try (SimCluster c = Sim.det(nodes, seed, config)) {
            setup(c, log);
            return Sim.runOk(c);
        }
    }

    /** Checklist item 4 of loco.md §6: every recorded graph of {@code seeds} runs is consistent under its model. */
    default void conforms(int nodes, NicConfig config, int seeds) {
        conforms(nodes, config, 0, seeds);
    }

    /** Item 4 over seeds {@code from} to {@code to − 1}. */
    default void conforms(int nodes, NicConfig config, long from, long to) {
        for (long seed = from; seed < to; seed++) {
            ExecutionGraph g = run(nodes, config, seed, new CallLog()).trace().orElseThrow();
            TraceConformance.Verdict v = recorded(g).conformance();
            assertTrue(v.consistent(), "seed " + seed + ": " + v);
        }
    }

    /**
     * Checklist item 5: the object's Mowgli specification holds on every recorded graph.
     *
     * @param minSo the least number of so edges a run must check (so the check is not vacuous)
     */
    default void satisfies(int nodes, NicConfig config, int seeds, String object, LibrarySpec spec, int minSo) {
        satisfies(nodes, config, 0, seeds, object, spec, minSo);
    }

    /** Item 5 over seeds {@code from} to {@code to − 1}. */
    default void satisfies(int nodes, NicConfig config, long from, long to, String object, LibrarySpec spec, int minSo) {
        for (long seed = from; seed < to; seed++) {
            CallLog log = new CallLog();
            ExecutionGraph g = run(nodes, config, seed, log).trace().orElseThrow();
            SpecReport rep = spec.check(log.of(object), RecordedGraph.of(g), recorded(g).hbOnEvents());
            assertTrue(rep.holds(), "seed " + seed + ": " + rep);
            assertTrue(rep.soEdges() >= minSo, "seed " + seed + ": only " + rep.soEdges() + " so edges: " + rep);
        }
    }
}
