package remo.checker;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.litmus.Program;
import remo.litmus.StateItem;

/**
 * A final state (models.md §9.1), or its projection on the printed items (models.md §9.4): values of
 * registers and locations. Immutable; equal states compare equal. Items are ordered as herd7
 * prints them: registers by thread and name, then locations by name.
 *
 * <p>Stored as parallel arrays (items sorted, values) with a cached hash: engines create one per
 * consistent execution, so equality and hashing must be cheap.
 */
public final class FinalState implements Comparable<FinalState> {
    private final StateItem[] items;
    private final long[] values;
    private final int hash;

    /** @param values the value of each item (copied) */
    public FinalState(Map<StateItem, Long> values) {
        TreeMap<StateItem, Long> sorted = new TreeMap<>(values);
        this.items = sorted.keySet().toArray(new StateItem[0]);
        this.values = new long[items.length];
        int i = 0;
        for (long v : sorted.values()) {
            this.values[i++] = v;
        }
        this.hash = computeHash();
    }

    private FinalState(StateItem[] sortedItems, long[] values) {
        this.items = sortedItems;
        this.values = values;
        this.hash = computeHash();
    }

    /**
     * A state over items already in print order (ascending {@link StateItem#compareTo}); the
     * arrays are not copied, so the caller must not modify them afterwards.
     *
     * @throws IllegalArgumentException if the lengths differ or the items are not strictly ascending
     */
    public static FinalState ofSorted(StateItem[] sortedItems, long[] values) {
        if (sortedItems.length != values.length) {
            throw new IllegalArgumentException("items and values differ in length");
        }
        for (int i = 1; i < sortedItems.length; i++) {
            if (sortedItems[i - 1].compareTo(sortedItems[i]) >= 0) {
                throw new IllegalArgumentException("items not in ascending order at " + sortedItems[i]);
            }
        }
        return new FinalState(sortedItems, values);
    }

    /**
     * As {@link #ofSorted} without checking the order: for engines whose items are sorted once
     * per program (the axiomatic engine makes one state per consistent candidate).
     */
    static FinalState ofSortedUnchecked(StateItem[] sortedItems, long[] values) {
        return new FinalState(sortedItems, values);
    }

    private int computeHash() {
        return Arrays.hashCode(values) * 31 + Arrays.hashCode(items);
    }

    /** The items and their values, in print order. */
    public Map<StateItem, Long> values() {
        Map<StateItem, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < items.length; i++) {
            m.put(items[i], values[i]);
        }
        return Collections.unmodifiableMap(m);
    }

    private int indexOf(StateItem item) {
        return Arrays.binarySearch(items, item);
    }

    /** The value of {@code item}; 0 if the state has no such item (herd7's reading of unset registers). */
    public long get(StateItem item) {
        int i = indexOf(item);
        return i >= 0 ? values[i] : 0;
    }

    /** Whether the state has a value for {@code item}. */
    public boolean has(StateItem item) {
        return indexOf(item) >= 0;
    }

    /** The projection on {@code items} (missing items read as 0). */
    public FinalState project(List<StateItem> onto) {
        TreeMap<StateItem, Long> m = new TreeMap<>();
        for (StateItem i : onto) {
            m.put(i, get(i));
        }
        return new FinalState(m);
    }

    /**
     * The projection on {@code projectedItems}, given for each of them its index in this state's
     * items (or -1 for an item the state does not have, read as 0). Used by engines that project
     * many states on the same items.
     *
     * @param projectedItems the items of the projection, in print order (not copied)
     * @param indices        their indices in this state's items
     */
    public FinalState project(StateItem[] projectedItems, int[] indices) {
        long[] v = new long[indices.length];
        for (int k = 0; k < indices.length; k++) {
            v[k] = indices[k] >= 0 ? values[indices[k]] : 0;
        }
        return new FinalState(projectedItems, v);
    }

    /**
     * The state as herd7 prints it, e.g. {@code 0:EAX=1; 1:EAX=0; [x]=1;} for X86 tests and
     * {@code 0:r0=1; x=1;} for RDMA tests.
     */
    public String format(Program program) {
        return format(program::displayName);
    }

    /**
     * {@link #format(Program)} with the items' printed names given by {@code displayName} (e.g.
     * {@link Program#displayName} remembered per item, for printing many states of one program).
     */
    public String format(java.util.function.Function<StateItem, String> displayName) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < items.length; i++) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(displayName.apply(items[i])).append('=').append(values[i]).append(';');
        }
        return sb.toString();
    }

    @Override
    public int compareTo(FinalState o) {
        int n = Math.min(items.length, o.items.length);
        for (int i = 0; i < n; i++) {
            int c = items[i] == o.items[i] ? 0 : items[i].compareTo(o.items[i]);
            if (c != 0) {
                return c;
            }
            c = Long.compare(values[i], o.values[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(items.length, o.items.length);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FinalState s) || s.hash != hash || !Arrays.equals(s.values, values)) {
            return false;
        }
        return s.items == items || Arrays.equals(s.items, items);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < items.length; i++) {
            sb.append(items[i]).append('=').append(values[i]).append("; ");
        }
        return sb.toString().trim();
    }
}
