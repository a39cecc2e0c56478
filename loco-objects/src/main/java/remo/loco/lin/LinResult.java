package remo.loco.lin;

import java.util.List;

/**
 * The result of checking one history (or one partition of it).
 *
 * @param verdict       linearizable, not, or inconclusive (time-out)
 * @param reason        why it is not linearizable or inconclusive; empty for a pass
 * @param calls         the calls checked
 * @param linearization a linearization (call order) for a pass, else empty
 * @param explored      search steps taken
 * @param nanos         search time in ns
 * @param <O>           the operation type
 */
public record LinResult<O>(LinearizabilityVerdict verdict, String reason, List<HistoryCall<O>> calls, List<HistoryCall<O>> linearization,
                           long explored, long nanos) {
    public LinResult {
        calls = List.copyOf(calls);
        linearization = List.copyOf(linearization);
    }

    /** Whether a linearization was found. */
    public boolean linearizable() {
        return verdict == LinearizabilityVerdict.LINEARIZABLE;
    }
}
