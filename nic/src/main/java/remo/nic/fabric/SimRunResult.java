package remo.nic.fabric;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import remo.core.graph.ExecutionGraph;
import remo.nic.FailedOp;
import remo.nic.MetricsSnapshot;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.TraceCut;

/** The value behind {@link RunResult}; the metrics snapshot is taken on first use. */
public final class SimRunResult implements RunResult {
    private final boolean completed;
    private final Map<String, Throwable> threadFailures;
    private final List<FailedOp> unreportedFailures;
    private final Optional<ExecutionGraph> trace;
    private final Optional<TraceCut> traceCut;
    private final MetricsRegistry metricsSource;
    private MetricsSnapshot metrics;
    private final long seed;
    private final Schedule schedule;
    private final Map<String, Map<String, Long>> registers;
    private final List<Integer> crashedNodes;

    /** The result of a run, as both engines build it (see {@link RunResult}); no trace cut. */
    public SimRunResult(boolean completed, Map<String, Throwable> threadFailures, List<FailedOp> unreportedFailures,
                 Optional<ExecutionGraph> trace, MetricsRegistry metrics, long seed, Schedule schedule,
                 Map<String, Map<String, Long>> registers, List<Integer> crashedNodes) {
        this(completed, threadFailures, unreportedFailures, trace, Optional.empty(), metrics, seed, schedule, registers,
                crashedNodes);
    }

    /** The result of a run, with the trace cut of a run a bound stopped (see {@link RunResult#traceCut()}). */
    public SimRunResult(boolean completed, Map<String, Throwable> threadFailures, List<FailedOp> unreportedFailures,
                 Optional<ExecutionGraph> trace, Optional<TraceCut> traceCut, MetricsRegistry metrics, long seed,
                 Schedule schedule, Map<String, Map<String, Long>> registers, List<Integer> crashedNodes) {
        this.traceCut = traceCut;
        this.completed = completed;
        this.threadFailures = Collections.unmodifiableMap(new LinkedHashMap<>(threadFailures));
        this.unreportedFailures = List.copyOf(unreportedFailures);
        this.trace = trace;
        this.metricsSource = metrics;
        this.seed = seed;
        this.schedule = schedule;
        Map<String, Map<String, Long>> regs = new LinkedHashMap<>();
        registers.forEach((k, v) -> regs.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        this.registers = Collections.unmodifiableMap(regs);
        this.crashedNodes = List.copyOf(crashedNodes);
    }

    @Override
    public boolean completed() {
        return completed;
    }

    @Override
    public Map<String, Throwable> threadFailures() {
        return threadFailures;
    }

    @Override
    public List<FailedOp> unreportedFailures() {
        return unreportedFailures;
    }

    @Override
    public Optional<ExecutionGraph> trace() {
        return trace;
    }

    @Override
    public Optional<TraceCut> traceCut() {
        return traceCut;
    }

    @Override
    public synchronized MetricsSnapshot metrics() {
        if (metrics == null) {
            metrics = metricsSource.snapshot();
        }
        return metrics;
    }

    @Override
    public long seed() {
        return seed;
    }

    @Override
    public Schedule schedule() {
        return schedule;
    }

    @Override
    public Map<String, Map<String, Long>> registers() {
        return registers;
    }

    @Override
    public List<Integer> crashedNodes() {
        return crashedNodes;
    }

    @Override
    public String toString() {
        return "RunResult(completed=" + completed + ", threadFailures=" + threadFailures.keySet() + ", unreportedFailures="
                + unreportedFailures.size() + ", seed=" + seed + ", " + schedule.size() + " actions" + traceCut.map(c -> ", traceCut=" + c.cutSteps() + " steps left out")
                .orElse("") + ")";
    }
}
