package remo.loco.lin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a non-linearizable history to few calls that still fail (loco.md §4.10), by delta
 * debugging: remove chunks of calls (halves, quarters, …, single calls) as long as the rest is
 * {@link SequentialSpec#selfContained self-contained} and still not linearizable; repeat until no
 * single call can go. The result is 1-minimal: removing any one more call makes it pass (or leaves
 * a read without its write).
 */
public final class HistoryShrinker {
    private HistoryShrinker() {
    }

    /**
     * @param calls   a history (one partition) that is not linearizable under {@code spec}
     * @param spec    the sequential specification
     * @param timeout the time limit of each check (an inconclusive check counts as passing)
     * @return the shrunk history, in invocation order; {@code calls} itself if it passes
     */
    public static <S, O> List<HistoryCall<O>> shrink(List<HistoryCall<O>> calls, SequentialSpec<S, O> spec, Duration timeout) {
        List<HistoryCall<O>> cur = new ArrayList<>(calls);
        if (!fails(cur, spec, timeout)) {
            return cur;
        }
        int chunk = Math.max(1, cur.size() / 2);
        while (true) {
            boolean removed = false;
            for (int from = 0; from < cur.size(); ) {
                List<HistoryCall<O>> cand = new ArrayList<>(cur.subList(0, from));
                cand.addAll(cur.subList(Math.min(cur.size(), from + chunk), cur.size()));
                if (!cand.isEmpty() && fails(cand, spec, timeout)) {
                    cur = cand;
                    removed = true;
                } else {
                    from += chunk;
                }
            }
            if (chunk == 1 && !removed) {
                return cur;
            }
            if (!removed) {
                chunk = Math.max(1, chunk / 2);
            }
        }
    }

    private static <S, O> boolean fails(List<HistoryCall<O>> calls, SequentialSpec<S, O> spec, Duration timeout) {
        List<O> done = new ArrayList<>();
        for (HistoryCall<O> c : calls) {
            if (!c.pending()) {
                done.add(c.op());
            }
        }
        return spec.selfContained(done)
                && LinearizabilityChecker.check(calls, spec, timeout).verdict() == LinearizabilityVerdict.NOT_LINEARIZABLE;
    }
}
