package remo.loco.runs;

import java.util.Locale;
import java.util.function.LongFunction;
import remo.core.SeedRange;
import remo.loco.lin.LinearizabilityVerdict;

/**
 * The tally of a series of required runs (loco.md §4.10): how many histories were linearizable,
 * inconclusive (some partition timed out) or not, and the first that was not.
 *
 * @param object        the object's name for the report ({@code KvStore}, {@code AtomicVar})
 * @param runs          runs made
 * @param linearizable  runs whose every partition was linearizable
 * @param inconclusive  runs with a timed-out partition and no failure
 * @param failures      runs that were not linearizable (or whose threads failed)
 * @param firstFailure  the first failing run, or {@code null}
 * @param checkNanos    total time of the checks, ns
 * @param runNanos      total time of the simulated runs, ns
 */
public record RunSummary(String object, long runs, long linearizable, long inconclusive, long failures,
                         RunOutcome<?, ?> firstFailure, long checkNanos, long runNanos) {

    /**
     * Runs seeds {@code first, first+1, …} ({@code count} of them).
     *
     * @param stopAtFailure stop at the first history that is not linearizable (the negative controls)
     * @throws IllegalArgumentException when the seeds are not a {@link SeedRange} (no run, or the last
     *                                  seed beyond 64 bits), with its message
     */
    public static RunSummary of(String object, LongFunction<RunOutcome<?, ?>> run, long first, long count,
                                boolean stopAtFailure) {
        SeedRange seeds = new SeedRange(first, count);
        long ok = 0;
        long inc = 0;
        long bad = 0;
        long check = 0;
        long sim = 0;
        RunOutcome<?, ?> firstBad = null;
        long done = 0;
        // Counting runs rather than comparing seeds: s < first + count would overflow at the top of the range.
        for (long i = 0; i < seeds.count(); i++) {
            long s = seeds.first() + i;
            RunOutcome<?, ?> o = run.apply(s);
            done++;
            check += o.checkNanos();
            sim += o.runNanos();
            LinearizabilityVerdict v = o.verdict();
            if (v == LinearizabilityVerdict.LINEARIZABLE) {
                ok++;
            } else if (v == LinearizabilityVerdict.INCONCLUSIVE) {
                inc++;
            } else {
                bad++;
                if (firstBad == null) {
                    firstBad = o;
                }
                if (stopAtFailure) {
                    break;
                }
            }
        }
        return new RunSummary(object, done, ok, inc, bad, firstBad, check, sim);
    }

    /**
     * Whether the series shows the object linearizable: at least one history checked, and every one
     * linearizable (none inconclusive, none failing). A series that checked nothing proves nothing.
     */
    public boolean passed() {
        return runs > 0 && linearizable == runs;
    }

    /** {@code KvStore: 500/500 histories linearizable}, with the inconclusive and failing counts when there are any. */
    public String line() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s: %d/%d histories linearizable", object,
                linearizable, runs));
        if (inconclusive > 0) {
            sb.append(String.format(Locale.ROOT, ", %d inconclusive (a partition timed out)", inconclusive));
        }
        if (failures > 0) {
            sb.append(String.format(Locale.ROOT, ", %d not linearizable (first: seed %d)", failures, firstFailure.seed()));
        }
        return sb.toString();
    }
}
