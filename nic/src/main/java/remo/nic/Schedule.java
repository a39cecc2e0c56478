package remo.nic;

import java.util.Arrays;

/**
 * The sequence of actions a deterministic run executed (nic.md §5.1), for
 * {@link SimCluster#replay}. Each action is an opaque 64-bit code; {@link #describe(int)} renders one
 * ({@code CPU(t2)}, {@code DRAIN(t0)}, {@code NIC(t1,w5,step1)}, {@code FAULT(0)}). Immutable.
 */
public final class Schedule {
    public static final int CPU = 0;
    public static final int DRAIN = 1;
    public static final int NIC = 2;
    public static final int FAULT = 3;
    private static final String[] KINDS = {"CPU", "DRAIN", "NIC", "FAULT"};

    /**
     * The most actions a deterministic run keeps in its schedule (2^22 = 4 194 304 codes, 32 MiB): a run
     * that takes more steps drops its schedule when it passes this bound, and its result's
     * {@link RunResult#schedule()} is empty (the run is reproduced from its seed, nic.md §5.1), so that
     * the memory of a run stays bounded whatever its step budget.
     */
    public static final int KEPT_ACTIONS = 1 << 22;

    private final long[] actions;

    /** The schedule of the action codes {@code actions} (copied). */
    public Schedule(long[] actions) {
        this.actions = actions.clone();
    }

    private Schedule(long[] actions, int length) {
        this.actions = Arrays.copyOf(actions, length);
    }

    /** The schedule of the first {@code length} codes of {@code actions}, copied once (a long run's schedule is big). */
    public static Schedule of(long[] actions, int length) {
        return new Schedule(actions, length);
    }

    /** The empty schedule (concurrent mode). */
    public static Schedule empty() {
        return new Schedule(new long[0]);
    }

    public static long code(int kind, int thread, int stage, long id) {
        return ((long) kind << 62) | ((long) (thread & 0xffff) << 44) | ((long) (stage & 0xf) << 40) | (id & 0xffffffffffL);
    }

    public static int kind(long code) {
        return (int) (code >>> 62);
    }

    /** The stage of a {@link #NIC} action's code: which step of its word operation it is (0 for the first). */
    public static int stage(long code) {
        return (int) ((code >>> 40) & 0xf);
    }

    /** Number of actions. */
    public int size() {
        return actions.length;
    }

    /** The code of action {@code i}. */
    public long action(int i) {
        return actions[i];
    }

    /** Action {@code i} in words. */
    public String describe(int i) {
        return describeCode(actions[i]);
    }

    public static String describeCode(long c) {
        int kind = kind(c);
        int thread = (int) ((c >>> 44) & 0xffff);
        int stage = stage(c);
        long id = c & 0xffffffffffL;
        switch (kind) {
            case CPU: return "CPU(t" + thread + ",call" + id + ")";
            case DRAIN: return "DRAIN(t" + thread + ",entry" + id + ")";
            case NIC: return "NIC(t" + thread + ",w" + id + ",stage" + stage + ")";
            default: return KINDS[kind] + "(" + id + ")";
        }
    }

    private static final java.util.regex.Pattern ACTION = java.util.regex.Pattern.compile(
            "\\s*(?:CPU\\(t(\\d+),call(\\d+)\\)|DRAIN\\(t(\\d+),entry(\\d+)\\)|NIC\\(t(\\d+),w(\\d+),stage(\\d+)\\)"
                    + "|FAULT\\((\\d+)\\))\\s*");

    /**
     * Reads a schedule back from its {@link #toString()} text ({@code CPU(t0,call0), NIC(t1,w2,stage0)}),
     * as the model checker prints it for replay.
     *
     * @throws IllegalArgumentException naming the first action that is not of that form, with its
     *                                  position (1-based) in the list
     */
    public static Schedule parse(String text) {
        if (text.isBlank()) {
            return empty();
        }
        String[] parts = text.split(",(?![^()]*\\))");
        long[] codes = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            java.util.regex.Matcher m = ACTION.matcher(parts[i]);
            if (!m.matches()) {
                throw new IllegalArgumentException("schedule action " + (i + 1) + " '" + parts[i].strip()
                        + "' is not CPU(tN,callK), DRAIN(tN,entryK), NIC(tN,wK,stageS) or FAULT(K)");
            }
            try {
                if (m.group(1) != null) {
                    codes[i] = code(CPU, Integer.parseInt(m.group(1)), 0, Long.parseLong(m.group(2)));
                } else if (m.group(3) != null) {
                    codes[i] = code(DRAIN, Integer.parseInt(m.group(3)), 0, Long.parseLong(m.group(4)));
                } else if (m.group(5) != null) {
                    codes[i] = code(NIC, Integer.parseInt(m.group(5)), Integer.parseInt(m.group(7)), Long.parseLong(m.group(6)));
                } else {
                    codes[i] = code(FAULT, 0, 0, Long.parseLong(m.group(8)));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("schedule action " + (i + 1) + " '" + parts[i].strip()
                        + "': number out of range");
            }
        }
        return new Schedule(codes);
    }

    /** The schedule as text: one action per entry, comma-separated. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < actions.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(describe(i));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schedule s && Arrays.equals(s.actions, actions);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(actions);
    }
}
