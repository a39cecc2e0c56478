package remo.loco.lin;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Wing–Gong linearizability search with Lowe's memoisation (loco.md §4.10): calls are
 * linearized one at a time, each between its invocation and its response, in a depth-first search
 * that backtracks when a response is reached whose call cannot be placed; configurations
 * (set of linearized calls, state) already explored are cached and never explored again. A pending
 * call (one that never returned) may be linearized at any point after its invocation, or not at
 * all. A search that exceeds its time limit is {@link LinearizabilityVerdict#INCONCLUSIVE}, never a pass.
 *
 * <p>Works on histories of any object through {@link SequentialSpec}; {@link PartitionedCheck}
 * splits a history into independent parts (per key) first.
 */
public final class LinearizabilityChecker {
    private LinearizabilityChecker() {
    }

    /** One end of a call's interval, in the search's doubly-linked list. */
    private static final class Entry<O> {
        final HistoryCall<O> call;
        final int index;
        final boolean isCall;
        final long time;
        Entry<O> match;
        Entry<O> prev;
        Entry<O> next;

        Entry(HistoryCall<O> call, int index, boolean isCall, long time) {
            this.call = call;
            this.index = index;
            this.isCall = isCall;
            this.time = time;
        }
    }

    private record Config(BitSet linearized, Object state) {
    }

    /**
     * Checks {@code calls} against {@code spec}.
     *
     * @param timeout the time limit; the result is inconclusive when it is exceeded
     * @return linearizable (with a linearization), not linearizable, or inconclusive
     */
    public static <S, O> LinResult<O> check(List<HistoryCall<O>> calls, SequentialSpec<S, O> spec, Duration timeout) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        List<Entry<O>> all = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            HistoryCall<O> c = calls.get(i);
            Entry<O> inv = new Entry<>(c, i, true, c.invoke());
            Entry<O> ret = new Entry<>(c, i, false, c.response());
            inv.match = ret;
            ret.match = inv;
            all.add(inv);
            all.add(ret);
        }
        // invocations before responses at equal times: equal stamps are taken as overlapping
        all.sort(Comparator.<Entry<O>>comparingLong(e -> e.time).thenComparing(e -> e.isCall ? 0 : 1));
        Entry<O> head = new Entry<>(null, -1, false, Long.MIN_VALUE);
        Entry<O> last = head;
        for (Entry<O> e : all) {
            last.next = e;
            e.prev = last;
            last = e;
        }
        Set<Config> cache = new HashSet<>();
        Deque<Entry<O>> stack = new ArrayDeque<>();
        Deque<S> states = new ArrayDeque<>();
        BitSet linearized = new BitSet(calls.size());
        S state = spec.initial();
        Entry<O> entry = head.next;
        long explored = 0;
        while (entry != null) {
            if ((++explored & 1023) == 0 && System.nanoTime() > deadline) {
                return new LinResult<>(LinearizabilityVerdict.INCONCLUSIVE, "time limit of " + timeout.toMillis() + " ms exceeded after "
                        + explored + " search steps", calls, List.of(), explored, System.nanoTime() - start);
            }
            if (entry.isCall) {
                S next = entry.call.pending() ? spec.applyPending(state, entry.call.op())
                        : spec.apply(state, entry.call.op());
                if (next != null) {
                    BitSet l2 = (BitSet) linearized.clone();
                    l2.set(entry.index);
                    if (cache.add(new Config(l2, next))) {
                        stack.push(entry);
                        states.push(state);
                        state = next;
                        linearized = l2;
                        lift(entry);
                        entry = head.next;
                        continue;
                    }
                }
                entry = entry.next;
            } else if (entry.call.pending()) {
                // every completed call is linearized; the remaining pending calls take no effect
                break;
            } else {
                if (stack.isEmpty()) {
                    return new LinResult<>(LinearizabilityVerdict.NOT_LINEARIZABLE, "no linearization of the " + calls.size()
                            + " calls (every order fails by the response of call " + entry.call.id() + ", "
                            + entry.call.op() + ")", calls, List.of(), explored, System.nanoTime() - start);
                }
                Entry<O> top = stack.pop();
                state = states.pop();
                linearized = (BitSet) linearized.clone();
                linearized.clear(top.index);
                unlift(top);
                entry = top.next;
            }
        }
        List<HistoryCall<O>> order = new ArrayList<>();
        for (Entry<O> e : stack) {
            order.add(0, e.call);
        }
        return new LinResult<>(LinearizabilityVerdict.LINEARIZABLE, "", calls, order, explored, System.nanoTime() - start);
    }

    private static <O> void lift(Entry<O> inv) {
        inv.prev.next = inv.next;
        if (inv.next != null) {
            inv.next.prev = inv.prev;
        }
        Entry<O> ret = inv.match;
        ret.prev.next = ret.next;
        if (ret.next != null) {
            ret.next.prev = ret.prev;
        }
    }

    private static <O> void unlift(Entry<O> inv) {
        Entry<O> ret = inv.match;
        ret.prev.next = ret;
        if (ret.next != null) {
            ret.next.prev = ret;
        }
        inv.prev.next = inv;
        if (inv.next != null) {
            inv.next.prev = inv;
        }
    }
}
