package remo.loco.runs;

import java.util.List;
import java.util.Map;
import remo.loco.lin.HistoryCall;
import remo.loco.lin.History;
import remo.loco.lin.PartitionedCheck;
import remo.loco.lin.LinearizabilityVerdict;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/**
 * One run of a required workload and its linearizability check.
 *
 * @param seed        the run's seed
 * @param calls       the recorded history
 * @param report      the per-partition check
 * @param failures    exceptions thrown by thread bodies (none in a correct run)
 * @param runNanos    wall time of the simulated run, ns
 * @param checkNanos  wall time of the check, ns
 * @param <K>         partition key type
 * @param <O>         operation type
 */
public record RunOutcome<K, O>(long seed, List<HistoryCall<O>> calls, PartitionedCheck.Report<K, O> report,
                               Map<String, Throwable> failures, long runNanos, long checkNanos) {

    /**
     * Runs the threads already spawned on {@code cluster}, then checks the history they recorded;
     * each phase timed separately (wall time, ns).
     *
     * @param seed    the run's seed, reported back
     * @param cluster the cluster with its thread bodies spawned
     * @param history the history the objects record their calls in
     * @param check   the per-partition linearizability check
     */
    public static <K, O> RunOutcome<K, O> runAndCheck(long seed, SimCluster cluster, History<O> history,
                                                       PartitionedCheck<K, O> check) {
        long t0 = System.nanoTime();
        RunResult r = cluster.runAllowingFailures(); // a failed thread is part of the verdict
        long t1 = System.nanoTime();
        List<HistoryCall<O>> calls = history.calls();
        PartitionedCheck.Report<K, O> report = check.check(calls);
        long t2 = System.nanoTime();
        return new RunOutcome<>(seed, calls, report, r.threadFailures(), t1 - t0, t2 - t1);
    }

    /** The verdict: a thread failure counts as not linearizable (something went wrong that the history cannot show). */
    public LinearizabilityVerdict verdict() {
        return failures.isEmpty() ? report.verdict() : LinearizabilityVerdict.NOT_LINEARIZABLE;
    }
}
