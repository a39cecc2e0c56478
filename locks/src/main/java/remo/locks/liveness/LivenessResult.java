package remo.locks.liveness;

import java.util.List;
import java.util.Optional;

/**
 * Everything TLC found for one configuration file: a result per listed property, the TLC runs it
 * took and their numbers, and any deadlock found while only invariants were checked.
 *
 * @param name     the configuration's name (the row, for example "wlock C1", or the user's file)
 * @param results  one per listed property, invariants first, in the file's order
 * @param runs     the TLC runs, in order
 * @param deadlock a deadlock TLC reported in a run without temporal properties (distributed mode,
 *                 or a file listing only invariants); null if none
 * @param limit    if a time limit or an interruption stopped the check, what it said; else null
 * @param interrupted whether remo was interrupted (Ctrl-C) rather than a time limit reached
 */
public record LivenessResult(String name, List<PropertyResult> results, List<Run> runs, TlcCounterexample deadlock,
                             String limit, boolean interrupted) {

    public LivenessResult {
        results = List.copyOf(results);
        runs = List.copyOf(runs);
    }

    /**
     * One TLC run.
     *
     * @param invariants    the invariants it checked
     * @param properties    the temporal properties it checked
     * @param checkDeadlock whether it reported deadlocks
     * @param verdict       how it ended; null if it was stopped (time limit, interruption) before a result
     * @param statistics    its numbers
     */
    public record Run(List<String> invariants, List<String> properties, boolean checkDeadlock, TlcReport.Verdict verdict,
                      TlcStatistics statistics) {
        public Run {
            invariants = List.copyOf(invariants);
            properties = List.copyOf(properties);
        }
    }

    /** The result for {@code property}. */
    public Optional<PropertyResult> result(String property) {
        return results.stream().filter(r -> r.property().equals(property)).findFirst();
    }

    /** Distinct states of the model: the largest count of a run that explored every state, or -1. */
    public long distinctStates() {
        return runs.stream().filter(r -> r.statistics().complete()).mapToLong(r -> r.statistics().distinct()).max().orElse(-1);
    }

    /** The most distinct states any run reached (also those a violation, a time limit or an interruption stopped early), or -1. */
    public long exploredStates() {
        return runs.stream().mapToLong(r -> r.statistics().distinct()).max().orElse(-1);
    }

    /** The largest search depth TLC reported, or -1. */
    public long depth() {
        return runs.stream().mapToLong(r -> r.statistics().depth()).max().orElse(-1);
    }

    /** Wall-clock time of all runs (ms). */
    public long millis() {
        return runs.stream().mapToLong(r -> r.statistics().millis()).sum();
    }
}
