package remo.symbolic;

import java.util.ArrayList;
import java.util.List;

/**
 * The thread sizes of one part of a bounded search: thread {@code P(j)} has {@code sizes.get(j)}
 * events, sizes never grow from one thread to the next, and the events of thread {@code P(j)} are
 * the consecutive atoms from {@link #start(int) start(j)} on. Renaming threads changes no
 * built-in (models.md §2.4 reads threads only through {@code po}, {@code int}, {@code ext} and
 * the node of a thread), so every execution has a renaming with its threads in this order: a
 * search over all layouts of {@code n} events covers every program of {@code n} events. Fixing
 * the layout lets the skeleton bound {@code thread} exactly (a constant, no SAT variables).
 *
 * @param sizes the number of events of each thread, non-increasing, each at least 1
 */
record ThreadLayout(List<Integer> sizes) {

    /**
     * @throws IllegalArgumentException if there is no thread, a size below 1 or a size larger than
     *                                  the one before it
     */
    ThreadLayout {
        sizes = List.copyOf(sizes);
        if (sizes.isEmpty()) {
            throw new IllegalArgumentException("a layout has at least one thread");
        }
        for (int j = 0; j < sizes.size(); j++) {
            if (sizes.get(j) < 1 || j > 0 && sizes.get(j) > sizes.get(j - 1)) {
                throw new IllegalArgumentException("thread sizes must be positive and non-increasing: " + sizes);
            }
        }
    }

    /**
     * Every layout of exactly {@code events} events on at most {@code maxThreads} threads (the
     * partitions of {@code events} into at most {@code maxThreads} parts), fewer threads first.
     *
     * @throws IllegalArgumentException if {@code events} or {@code maxThreads} is below 1
     */
    static List<ThreadLayout> all(int events, int maxThreads) {
        if (events < 1 || maxThreads < 1) {
            throw new IllegalArgumentException("events and threads must be at least 1: " + events + ", " + maxThreads);
        }
        List<ThreadLayout> out = new ArrayList<>();
        for (int t = 1; t <= Math.min(events, maxThreads); t++) {
            partitions(events, t, events, new ArrayList<>(), out);
        }
        return out;
    }

    private static void partitions(int left, int parts, int largest, List<Integer> prefix, List<ThreadLayout> out) {
        if (parts == 0) {
            if (left == 0) {
                out.add(new ThreadLayout(prefix));
            }
            return;
        }
        for (int s = Math.min(largest, left - (parts - 1)); s >= 1; s--) {
            if (s * parts < left) {
                break; // the remaining threads, none larger than s, cannot hold the remaining events
            }
            prefix.add(s);
            partitions(left - s, parts - 1, s, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }

    /** The number of threads. */
    int threads() {
        return sizes.size();
    }

    /** The number of events of all threads. */
    int events() {
        return sizes.stream().mapToInt(Integer::intValue).sum();
    }

    /** The index of the first event of thread {@code j}. */
    int start(int j) {
        int s = 0;
        for (int k = 0; k < j; k++) {
            s += sizes.get(k);
        }
        return s;
    }

    /** {@code [3, 2, 2]}: as progress lines show it. */
    @Override
    public String toString() {
        return sizes.toString();
    }
}
