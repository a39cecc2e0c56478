package remo.loco.runs;

import java.util.List;
import java.util.Map;
import remo.loco.lin.Call;
import remo.loco.lin.PartitionedCheck;
import remo.loco.lin.Verdict;

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
public record RunOutcome<K, O>(long seed, List<Call<O>> calls, PartitionedCheck.Report<K, O> report,
                               Map<String, Throwable> failures, long runNanos, long checkNanos) {

    /** The verdict: a thread failure counts as not linearizable (something went wrong that the history cannot show). */
    public Verdict verdict() {
        return failures.isEmpty() ? report.verdict() : Verdict.NOT_LINEARIZABLE;
    }
}
