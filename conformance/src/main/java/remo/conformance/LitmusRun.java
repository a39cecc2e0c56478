package remo.conformance;

import java.util.List;
import java.util.Optional;
import remo.checker.FinalState;
import remo.core.graph.ExecutionGraph;
import remo.nic.MetricsSnapshot;
import remo.nic.RunResult;
import remo.nic.Schedule;

/**
 * One run of a litmus program on the simulated fabric.
 *
 * @param seed             the seed (deterministic mode)
 * @param status           how the run ended
 * @param state            the full final state (every location, every assigned or initialised register);
 *                         {@code null} unless {@link Status#COMPLETED}
 * @param trace            the recorded graph, if tracing was on
 * @param schedule         the executed actions (deterministic mode)
 * @param callInstructions per thread, the instruction index of each endpoint call (maps trace events
 *                         to the checker's event identities)
 * @param problem          why the run is stuck or failed, else {@code null}
 * @param result           the simulator's result of the run (metrics, registers), or {@code null}
 * @param faults           what the run's fault plan did to its requests ({@link FaultCounts#ZERO} when it has none,
 *                         or the run gave no result)
 */
public record LitmusRun(long seed, Status status, FinalState state, Optional<ExecutionGraph> trace, Schedule schedule,
                        List<List<Integer>> callInstructions, String problem, RunResult result, FaultCounts faults) {

    /** How a run ended. */
    public enum Status {
        /** Every thread finished and quiescence was reached: the run has a final state. */
        COMPLETED,
        /** An {@code assume} failed (nic.md §6.6): no final state, counted as discarded. */
        DISCARDED,
        /** No action could ever be enabled again (a blocked {@code await} or a statically blocked {@code poll}). */
        STUCK,
        /** A node crashed (a fault plan's {@code crash} rule): the crashed node's memory and registers have no final value. */
        CRASHED,
        /** A thread threw (a simulator bug for a valid program). */
        FAILED,
        /**
         * A bound stopped the run (its step budget, the recorder's event bound or the heap, nic.md §5.1):
         * no final state; {@code problem} holds the diagnosis and the run's last steps, and its trace
         * is cut ({@link RunResult#traceCut()}), so no conformance check judges it.
         */
        CUT
    }

    public LitmusRun {
        callInstructions = callInstructions.stream().map(List::copyOf).toList();
    }

    /** The run's metrics, or {@code null} if the simulator returned no result. */
    public MetricsSnapshot metrics() {
        return result == null ? null : result.metrics();
    }
}
