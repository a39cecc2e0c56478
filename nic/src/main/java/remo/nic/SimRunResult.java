package remo.nic;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The value behind {@link RunResult}. */
record SimRunResult(boolean completed, Map<String, Throwable> threadFailures, List<FailedOp> unreportedFailures,
                    Optional<ExecutionGraph> trace, MetricsSnapshot metrics, long seed, Schedule schedule,
                    Map<String, Map<String, Long>> registers, List<Integer> crashedNodes) implements RunResult {

    SimRunResult {
        threadFailures = Collections.unmodifiableMap(new LinkedHashMap<>(threadFailures));
        unreportedFailures = List.copyOf(unreportedFailures);
        Map<String, Map<String, Long>> regs = new LinkedHashMap<>();
        registers.forEach((k, v) -> regs.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        registers = Collections.unmodifiableMap(regs);
        crashedNodes = List.copyOf(crashedNodes);
    }
}
