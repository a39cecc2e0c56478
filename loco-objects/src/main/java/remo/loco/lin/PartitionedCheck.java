package remo.loco.lin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Linearizability of a history whose object is a product of independent parts (loco.md §4.10): a
 * map is a product of per-key registers, a set of atomic variables a product of single variables.
 * By locality of linearizability the history is linearizable iff each part's sub-history is, so
 * each partition is checked on its own, with its own time limit. An outcome that is wrong on its
 * own (a torn read) fails its partition at once; the result then holds that call and the calls
 * that overlap it.
 *
 * @param <K> the partition key type
 * @param <O> the operation type
 */
public final class PartitionedCheck<K, O> {
    private final Function<O, K> key;
    private final Function<K, SequentialSpec<?, O>> spec;
    private final Function<O, String> immediate;
    private final Duration timeout;

    /**
     * @param key       the partition of an operation
     * @param spec      the sequential specification of a partition
     * @param immediate an outcome that is wrong on its own (e.g. a torn read): a reason, or null
     * @param timeout   the time limit per partition
     */
    public PartitionedCheck(Function<O, K> key, Function<K, SequentialSpec<?, O>> spec, Function<O, String> immediate,
                            Duration timeout) {
        this.key = key;
        this.spec = spec;
        this.immediate = immediate;
        this.timeout = timeout;
    }

    /** The outcome: per partition results, in order of first appearance. */
    public record Report<K, O>(Map<K, LinResult<O>> partitions) {
        public Report {
            partitions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
        }

        /** Not linearizable if a partition is not; else inconclusive if a partition timed out; else linearizable. */
        public LinearizabilityVerdict verdict() {
            boolean inconclusive = false;
            for (LinResult<O> r : partitions.values()) {
                if (r.verdict() == LinearizabilityVerdict.NOT_LINEARIZABLE) {
                    return LinearizabilityVerdict.NOT_LINEARIZABLE;
                }
                inconclusive |= r.verdict() == LinearizabilityVerdict.INCONCLUSIVE;
            }
            return inconclusive ? LinearizabilityVerdict.INCONCLUSIVE : LinearizabilityVerdict.LINEARIZABLE;
        }

        /** The partitions that timed out. */
        public List<K> inconclusive() {
            List<K> out = new ArrayList<>();
            partitions.forEach((k, r) -> {
                if (r.verdict() == LinearizabilityVerdict.INCONCLUSIVE) {
                    out.add(k);
                }
            });
            return out;
        }

        /** The first partition that is not linearizable, or null. */
        public Map.Entry<K, LinResult<O>> firstFailure() {
            for (Map.Entry<K, LinResult<O>> e : partitions.entrySet()) {
                if (e.getValue().verdict() == LinearizabilityVerdict.NOT_LINEARIZABLE) {
                    return e;
                }
            }
            return null;
        }

        /** Search time over all partitions, in ns. */
        public long nanos() {
            return partitions.values().stream().mapToLong(LinResult::nanos).sum();
        }
    }

    /** Checks {@code calls}: first the immediate outcomes, then every partition. */
    @SuppressWarnings("unchecked")
    public Report<K, O> check(List<HistoryCall<O>> calls) {
        Map<K, List<HistoryCall<O>>> parts = new LinkedHashMap<>();
        for (HistoryCall<O> c : calls) {
            parts.computeIfAbsent(key.apply(c.op()), k -> new ArrayList<>()).add(c);
        }
        Map<K, LinResult<O>> out = new LinkedHashMap<>();
        for (Map.Entry<K, List<HistoryCall<O>>> p : parts.entrySet()) {
            String bad = null;
            HistoryCall<O> culprit = null;
            for (HistoryCall<O> c : p.getValue()) {
                String why = c.pending() ? null : immediate.apply(c.op());
                if (why != null) {
                    bad = why;
                    culprit = c;
                    break;
                }
            }
            if (bad != null) {
                // the culprit and the calls that overlap it (the writes it may have mixed)
                List<HistoryCall<O>> shown = new ArrayList<>();
                for (HistoryCall<O> c : p.getValue()) {
                    if (c == culprit || (!c.precedes(culprit) && !culprit.precedes(c))) {
                        shown.add(c);
                    }
                }
                out.put(p.getKey(), new LinResult<>(LinearizabilityVerdict.NOT_LINEARIZABLE, bad + ": call " + culprit.id() + " ("
                        + culprit.op() + ")", shown, List.of(), 0, 0));
                continue;
            }
            SequentialSpec<Object, O> s = (SequentialSpec<Object, O>) spec.apply(p.getKey());
            out.put(p.getKey(), LinearizabilityChecker.check(p.getValue(), s, timeout));
        }
        return new Report<>(out);
    }
}
