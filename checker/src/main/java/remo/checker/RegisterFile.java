package remo.checker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The registers of every thread during one solve of {@link ValueSolver}: a value and an
 * unknown-flag per register (unknown: it depends on a read without a source yet), in arrays by
 * slot. A register never set reads 0 and known (herd7's reading of unset registers).
 *
 * <p>Slots are given per thread to each register name on first sight and kept in a
 * {@link Slots} shared by the solves of one solver (a name-keyed map per solve cost more than the
 * solving: {@code pso} of the x86 corpus solves 3 420 candidates and as many partial ones). A file
 * that meets a name first grows to hold it.
 */
final class RegisterFile {

    /** Each thread's register names and their slots; grows as names are met, never forgets one. */
    static final class Slots {
        private final List<Map<String, Integer>> byThread;

        /** @param threads the number of threads */
        Slots(int threads) {
            byThread = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                byThread.add(new HashMap<>());
            }
        }

        /** The slot of thread {@code t}'s register {@code name}, giving it the next one if it has none. */
        int of(int t, String name) {
            Map<String, Integer> m = byThread.get(t);
            Integer s = m.get(name);
            if (s == null) {
                s = m.size();
                m.put(name, s);
            }
            return s;
        }

        /** The slot of thread {@code t}'s register {@code name}, or -1 if no solve has met it. */
        int find(int t, String name) {
            Integer s = byThread.get(t).get(name);
            return s == null ? -1 : s;
        }

        int count(int t) {
            return byThread.get(t).size();
        }
    }

    private final Slots slots;
    private final long[][] values;
    private final boolean[][] unknown;

    /** Every register of every thread 0 and known, with room for the names met so far. */
    RegisterFile(Slots slots, int threads) {
        this.slots = slots;
        this.values = new long[threads][];
        this.unknown = new boolean[threads][];
        for (int t = 0; t < threads; t++) {
            values[t] = new long[slots.count(t)];
            unknown[t] = new boolean[values[t].length];
        }
    }

    /** The slot of {@code name} in thread {@code t}, the arrays grown to hold it. */
    private int slot(int t, String name) {
        int s = slots.of(t, name);
        if (s >= values[t].length) {
            values[t] = Arrays.copyOf(values[t], slots.count(t));
            unknown[t] = Arrays.copyOf(unknown[t], slots.count(t));
        }
        return s;
    }

    long get(int t, String name) {
        int s = slot(t, name);
        return values[t][s];
    }

    boolean isUnknown(int t, String name) {
        int s = slot(t, name);
        return unknown[t][s];
    }

    void set(int t, String name, long value, boolean isUnknown) {
        int s = slot(t, name);
        values[t][s] = value;
        unknown[t][s] = isUnknown;
    }

    /** The value of thread {@code t}'s register {@code name} at the end; 0 if the solve never set it. */
    long finalValue(int t, String name) {
        int s = slots.find(t, name);
        return s < 0 || s >= values[t].length ? 0 : values[t][s];
    }
}
