package remo.nic.det;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import remo.core.graph.ExecutionGraph;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
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
     * @param schedule       the codes of the actions taken, the first {@code scheduleLength} of them
     * @param scheduleLength the number of actions taken
     */
    static RunResult of(ClusterCore core, DetMachine machine, boolean completed, long seed, SchedulerPolicy policy,
                        long[] schedule, int scheduleLength) {
        Map<String, Throwable> failures = new LinkedHashMap<>();
        Map<String, Map<String, Long>> regs = new LinkedHashMap<>();
        for (DetThread t : machine.threads) {
            if (t.failure != null) {
                failures.put(t.name, t.failure);
            }
            regs.put(t.name, t.endpoint.registers());
        }
        Optional<ExecutionGraph> trace = Optional.empty();
        if (core.recorder != null) {
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
        return new SimRunResult(completed, failures, machine.faults.unreported(), trace, core.metrics, seed,
                new Schedule(Arrays.copyOf(schedule, scheduleLength)), regs, core.crashedNodes());
    }
}
