package remo.checker;

import java.util.Arrays;
import remo.models.algebra.IntervalRow;

/**
 * The members of one order of a partial candidate ({@link OrderKnowledge}: the writes of a location,
 * the initial write first, or the NARs of a rao class), ascending event ids, and the translation of
 * sets between their slots (indices in the order's member list) and their events, as intervals
 * ({@link IntervalRow}). Members that are consecutive events form one interval either way, so a
 * location written by one thread in program order translates in O(1) per set.
 */
final class OrderMembers {
    /** The members' events, ascending. */
    final int[] events;
    /** runEnd[s]: the last slot t with events[s..t] consecutive events. */
    private final int[] runEnd;

    OrderMembers(int[] events) {
        this.events = events;
        this.runEnd = new int[events.length];
        for (int s = events.length - 1; s >= 0; s--) {
            runEnd[s] = s + 1 < events.length && events[s + 1] == events[s] + 1 ? runEnd[s + 1] : s;
        }
    }

    int size() {
        return events.length;
    }

    /** The events of the slots in {@code slots}. */
    int[] toEvents(int[] slots) {
        int[] out = new int[8];
        int n = 0;
        for (int k = 0; k < slots.length; k += 2) {
            for (int s = slots[k]; s < slots[k + 1]; ) {
                int t = Math.min(runEnd[s] + 1, slots[k + 1]);
                if (n + 2 > out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                out[n++] = events[s];
                out[n++] = events[t - 1] + 1;
                s = t;
            }
        }
        return IntervalRow.normalize(out, n / 2);
    }

    /** The slots of the members among {@code eventSet}. */
    int[] toSlots(int[] eventSet) {
        int[] out = new int[eventSet.length];
        int n = 0;
        for (int k = 0; k < eventSet.length; k += 2) {
            int lo = firstAtLeast(eventSet[k]);
            int hi = firstAtLeast(eventSet[k + 1]);
            if (lo < hi) {
                out[n++] = lo;
                out[n++] = hi;
            }
        }
        return IntervalRow.normalize(out, n / 2);
    }

    /** The first slot whose event is {@code >= e} ({@link #size()} if none). */
    private int firstAtLeast(int e) {
        int i = Arrays.binarySearch(events, e);
        return i >= 0 ? i : -i - 1;
    }

    /** The slots whose member's existence is {@code 1} (if {@code surely}) or not {@code 0}. */
    int[] existing(byte[] existence, boolean surely) {
        int[] out = new int[8];
        int n = 0;
        for (int s = 0; s < events.length; s++) {
            byte x = existence[events[s]];
            if (surely ? x == 1 : x != 0) {
                if (n > 0 && out[n - 1] == s) {
                    out[n - 1] = s + 1;
                } else {
                    if (n + 2 > out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    out[n++] = s;
                    out[n++] = s + 1;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }
}
