package remo.checker;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.litmus.Program;
import remo.litmus.StateItem;

/**
 * A final state (models.md §9.1), or its projection on the printed items (§9.4): values of
 * registers and locations. Immutable; equal states compare equal. Items are ordered as herd7
 * prints them: registers by thread and name, then locations by name.
 */
public final class FinalState implements Comparable<FinalState> {
    private final TreeMap<StateItem, Long> values;

    /** @param values the value of each item (copied) */
    public FinalState(Map<StateItem, Long> values) {
        this.values = new TreeMap<>(values);
    }

    /** The items and their values, in print order. */
    public Map<StateItem, Long> values() {
        return Collections.unmodifiableMap(values);
    }

    /** The value of {@code item}; 0 if the state has no such item (herd7's reading of unset registers). */
    public long get(StateItem item) {
        Long v = values.get(item);
        return v == null ? 0 : v;
    }

    /** Whether the state has a value for {@code item}. */
    public boolean has(StateItem item) {
        return values.containsKey(item);
    }

    /** The projection on {@code items} (missing items read as 0). */
    public FinalState project(List<StateItem> items) {
        TreeMap<StateItem, Long> m = new TreeMap<>();
        for (StateItem i : items) {
            m.put(i, get(i));
        }
        return new FinalState(m);
    }

    /**
     * The state as herd7 prints it, e.g. {@code 0:EAX=1; 1:EAX=0; [x]=1;} for X86 tests and
     * {@code 0:r0=1; x=1;} for RDMA tests.
     */
    public String format(Program program) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<StateItem, Long> e : values.entrySet()) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(program.displayName(e.getKey())).append('=').append(e.getValue()).append(';');
        }
        return sb.toString();
    }

    @Override
    public int compareTo(FinalState o) {
        var a = values.entrySet().iterator();
        var b = o.values.entrySet().iterator();
        while (a.hasNext() && b.hasNext()) {
            var x = a.next();
            var y = b.next();
            int c = x.getKey().compareTo(y.getKey());
            if (c != 0) {
                return c;
            }
            c = Long.compare(x.getValue(), y.getValue());
            if (c != 0) {
                return c;
            }
        }
        return Boolean.compare(a.hasNext(), b.hasNext());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FinalState s && s.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<StateItem, Long> e : values.entrySet()) {
            sb.append(e.getKey()).append('=').append(e.getValue()).append("; ");
        }
        return sb.toString().trim();
    }
}
