package remo.conformance;

import java.util.List;

/**
 * What the faults of one run, or of many runs added up, did to the work requests (nic.md §7.4):
 * every request posted ends completed or flushed, and every flushed one is reported to its thread
 * (an error completion taken by a poll, a wait or a {@code gf}), left unreported at the end of the
 * run (its thread had nothing left that covers it), or belongs to a thread whose node crashed. The
 * counts come from independent places — the NIC's metrics, the litmus threads' own records and the
 * run's {@code unreportedFailures()} — so {@link #lost()} is a real check, not a sum that holds by
 * construction.
 *
 * @param runs           runs counted
 * @param faultedRuns    runs in which a request was flushed or a node crashed
 * @param crashedRuns    runs in which a node crashed
 * @param posted         requests posted (metrics {@code opsPosted})
 * @param completed      requests that completed normally (metrics {@code opsCompleted})
 * @param flushed        requests flushed, each an error completion (metrics {@code opsFlushed})
 * @param reported       flushed requests reported to the thread that posted them
 * @param unreported     flushed requests of surviving threads that nothing covered ({@code unreportedFailures})
 * @param onCrashedNodes flushed requests of threads on crashed nodes that were not reported before the crash
 */
public record FaultCounts(long runs, long faultedRuns, long crashedRuns, long posted, long completed, long flushed,
                          long reported, long unreported, long onCrashedNodes) {

    /** Nothing counted yet. */
    public static final FaultCounts ZERO = new FaultCounts(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /**
     * Requests unaccounted for: posted but neither completed nor flushed, plus flushed but neither
     * reported, unreported at the end nor on a crashed node. 0 when nothing was lost.
     */
    public long lost() {
        return Math.abs(posted - completed - flushed) + Math.abs(flushed - reported - unreported - onCrashedNodes);
    }

    /** The counts of this and {@code o} added up. */
    public FaultCounts plus(FaultCounts o) {
        return new FaultCounts(runs + o.runs, faultedRuns + o.faultedRuns, crashedRuns + o.crashedRuns,
                posted + o.posted, completed + o.completed, flushed + o.flushed, reported + o.reported,
                unreported + o.unreported, onCrashedNodes + o.onCrashedNodes);
    }

    /** Whether a fault fired in this run (a request was flushed or a node crashed). */
    public boolean faulted() {
        return faultedRuns > 0;
    }

    /**
     * The report lines (without a trailing newline): which runs a fault hit, and where every request went.
     */
    public List<String> format() {
        return List.of(
                String.format(java.util.Locale.ROOT, "Faults: a request was flushed or a node crashed in %d of %d runs (a node crashed in %d)",
                        faultedRuns, runs, crashedRuns),
                String.format(java.util.Locale.ROOT, "Requests: %d posted = %d completed + %d flushed (error completions: "
                                + "%d reported to poll/wait/gf, %d unreported at the end, %d on crashed nodes); %d lost",
                        posted, completed, flushed, reported, unreported, onCrashedNodes, lost()));
    }
}
