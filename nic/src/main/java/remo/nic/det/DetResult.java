package remo.nic.det;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import remo.core.graph.ExecutionGraph;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
import remo.nic.TraceCut;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.SimRunResult;

/**
 * The result of a deterministic run, complete or cut short, read off its machine: each thread's
 * failure and registers, the flushed operations no thread acknowledged, the recorded trace with the
 * run's settings as its metadata (so that a trace file says how to reproduce it), the metrics and
 * the schedule taken (what a replay needs).
 */
final class DetResult {
    private DetResult() {
    }

    /**
     * The result of the run of {@code machine}.
     *
     * @param completed      whether the run reached quiescence (otherwise it was aborted)
     * @param seed           the run's seed
     * @param policy         its scheduler policy
     * @param schedule       the codes of the actions taken, the first {@code scheduleLength} of them, or
     *                       {@code null} if the run took more than {@link Schedule#KEPT_ACTIONS} steps
     * @param scheduleLength the number of actions taken
     * @param cut            the last part of a run a bound stopped, or {@code null}: then no graph is built
     *                       (a cut run is not a whole execution, and its graph may be too big to build)
     */
    static RunResult of(ClusterCore core, DetMachine machine, boolean completed, long seed, SchedulerPolicy policy,
                        long[] schedule, int scheduleLength, TraceCut cut) {
        Map<String, Throwable> failures = new LinkedHashMap<>();
        Map<String, Map<String, Long>> regs = new LinkedHashMap<>();
        for (DetThread t : machine.threads) {
            if (t.failure != null) {
                failures.put(t.name, t.failure);
            }
            regs.put(t.name, t.endpoint.registers());
        }
        Optional<ExecutionGraph> trace = Optional.empty();
        if (core.recorder != null && cut == null) {
            Map<String, String> meta = new LinkedHashMap<>();
            meta.put("mode", "deterministic");
            meta.put("seed", Long.toString(seed));
            meta.put("policy", policy.name());
            meta.put("flags", core.config.flagValues().toString());
            meta.put("completionMode", core.config.completionMode().name());
            meta.put("intraRequestOrder", core.config.intraRequestOrder().name());
            meta.put("crashed", core.crashedNodes().toString());
            meta.put("completed", Boolean.toString(completed));
            trace = Optional.of(core.recorder.build(meta));
        }
        return new SimRunResult(completed, failures, machine.faults.unreported(), trace, Optional.ofNullable(cut), core.metrics, seed,
                schedule == null ? Schedule.empty() : Schedule.of(schedule, scheduleLength), regs, core.crashedNodes());
    }
}
