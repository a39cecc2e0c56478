package remo.nic;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import remo.core.graph.ExecutionGraph;

/** The result of {@link SimCluster#run()} (nic.md §3). */
public interface RunResult {
    /** Whether every thread finished and quiescence was reached. */
    boolean completed();

    /** Thread name to the exception its body (or script) threw, in spawn order. */
    Map<String, Throwable> threadFailures();

    /** Flushed ops of surviving endpoints still unacknowledged after quiescence (nic.md §7.4); empty in a fault-free run. */
    List<FailedOp> unreportedFailures();

    /** The recorded execution graph, if tracing was on and the run was not cut by a bound (nic.md §6). */
    Optional<ExecutionGraph> trace();

    /**
     * The last part of a deterministic run that its step budget or the recorder's event bound stopped
     * (nic.md §5.1): its last {@link TraceCut#KEPT_STEPS} steps and the count left out before them.
     * Present exactly when a bound stopped the run; {@link #trace()} is then empty (a cut run is not a
     * whole execution, and building its graph is what would exhaust the heap).
     */
    Optional<TraceCut> traceCut();

    /** The metrics at the end of the run. */
    MetricsSnapshot metrics();

    /** The seed (deterministic mode; 0 in concurrent mode). */
    long seed();

    /**
     * The executed actions (deterministic mode; empty in concurrent mode, and empty for a run of more than
     * {@link Schedule#KEPT_ACTIONS} steps, which is reproduced from its seed instead).
     */
    Schedule schedule();

    /** Thread name to its registers captured with {@link Registers#capture} (nic.md §6.6). */
    Map<String, Map<String, Long>> registers();

    /** Crashed nodes, ascending. */
    List<Integer> crashedNodes();
}
