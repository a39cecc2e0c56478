package remo.nic;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.TreeSet;

/** An immutable set of node ids in ascending order (nic.md §3). */
public final class NodeSet implements Iterable<Integer> {
    private final int[] ids;

    private NodeSet(int[] ids) {
        this.ids = ids;
    }

    /**
     * The set of the given nodes; duplicates are removed.
     *
     * @throws IllegalArgumentException if an id is below 1
     */
    public static NodeSet of(int... nodes) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int n : nodes) {
            if (n < 1) {
                throw new IllegalArgumentException("node ids start at 1, got " + n);
            }
            s.add(n);
        }
        return new NodeSet(s.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The nodes {@code from..toInclusive}; empty if {@code toInclusive < from}. */
    public static NodeSet range(int from, int toInclusive) {
        if (from < 1) {
            throw new IllegalArgumentException("node ids start at 1, got " + from);
        }
        int n = Math.max(0, toInclusive - from + 1);
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = from + i;
        }
        return new NodeSet(ids);
    }

    /** Number of nodes. */
    public int size() {
        return ids.length;
    }

    /** The {@code index}-th smallest id (0-based). @throws IndexOutOfBoundsException if out of range */
    public int get(int index) {
        if (index < 0 || index >= ids.length) {
            throw new IndexOutOfBoundsException("index " + index + " of a node set of size " + ids.length);
        }
        return ids[index];
    }

    /** The index of {@code node}, or -1 if absent. */
    public int indexOf(int node) {
        int i = Arrays.binarySearch(ids, node);
        return i >= 0 ? i : -1;
    }

    /** Whether {@code node} is in the set. */
    public boolean contains(int node) {
        return indexOf(node) >= 0;
    }

    /** This set without {@code node}. */
    public NodeSet minus(int node) {
        return new NodeSet(Arrays.stream(ids).filter(i -> i != node).toArray());
    }

    /** The union of both sets. */
    public NodeSet union(NodeSet other) {
        int[] all = Arrays.copyOf(ids, ids.length + other.ids.length);
        System.arraycopy(other.ids, 0, all, ids.length, other.ids.length);
        return of(all);
    }

    @Override
    public Iterator<Integer> iterator() {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < ids.length;
            }

            @Override
            public Integer next() {
                if (i >= ids.length) {
                    throw new NoSuchElementException();
                }
                return ids[i++];
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeSet s && Arrays.equals(s.ids, ids);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ids);
    }

    @Override
    public String toString() {
        return Arrays.toString(ids);
    }
}
