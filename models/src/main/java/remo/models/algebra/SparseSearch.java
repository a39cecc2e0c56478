package remo.models.algebra;

import java.util.ArrayList;
import java.util.List;

/**
 * The graph searches over a relation stored by intervals ({@link SparseRows}): post-order and
 * acyclicity, strongly connected components, transitive closure and a shortest cycle. Each search
 * meets every event once in all, not once per pair: the events not visited yet are kept in a
 * "next unvisited event" structure ({@link Unvisited}) that an interval of a row is walked through,
 * so a relation of n events and r intervals costs O((n + r) log n) whatever its number of pairs.
 */
final class SparseSearch {
    private SparseSearch() {
    }

    /**
     * The events not visited yet, asked for the smallest one at or after an event: a union-find
     * over "next event" links with path halving, so a search that walks the intervals of its rows
     * meets every event once in all, not once per pair.
     */
    static final class Unvisited {
        private final int[] next;

        Unvisited(int size) {
            next = new int[size + 1];
            for (int i = 0; i <= size; i++) {
                next[i] = i;
            }
        }

        /** The smallest unvisited event {@code >= x} ({@code size} if none). */
        int from(int x) {
            while (next[x] != x) {
                next[x] = next[next[x]];
                x = next[x];
            }
            return x;
        }

        void visit(int x) {
            next[x] = x + 1;
        }
    }

    /** Counts of events on the current search path per event, summed over ranges (a Fenwick tree). */
    private static final class PathCounts {
        private final int[] tree;

        PathCounts(int size) {
            tree = new int[size + 1];
        }

        void add(int x, int d) {
            for (int i = x + 1; i < tree.length; i += i & -i) {
                tree[i] += d;
            }
        }

        /** Number of events in {@code [0, x)} on the path. */
        int prefix(int x) {
            int s = 0;
            for (int i = x; i > 0; i -= i & -i) {
                s += tree[i];
            }
            return s;
        }

        boolean any(int lo, int hi) {
            return prefix(hi) > prefix(lo);
        }
    }

    /**
     * A depth-first search over every event: the events in post-order (each after everything it
     * reaches first), and whether an edge leads back to an event on the search path (a cycle).
     *
     * @param stopAtCycle whether to stop at the first cycle (then the order is incomplete)
     * @return {@code {order, {1 if acyclic else 0}}}
     */
    static int[][] postOrder(int[][] rows, boolean stopAtCycle) {
        int size = rows.length;
        Unvisited unvisited = new Unvisited(size);
        PathCounts path = new PathCounts(size);
        int[] order = new int[size];
        int done = 0;
        int[] stack = new int[size];
        int[] interval = new int[size];
        int[] cursor = new int[size];
        boolean acyclic = true;
        for (int root = unvisited.from(0); root < size; root = unvisited.from(root)) {
            int top = 0;
            stack[0] = root;
            unvisited.visit(root);
            path.add(root, 1);
            acyclic &= !leadsBack(rows[root], path);
            if (!acyclic && stopAtCycle) {
                return new int[][] {order, {0}};
            }
            interval[0] = 0;
            cursor[0] = rows[root].length == 0 ? 0 : rows[root][0];
            while (top >= 0) {
                int v = stack[top];
                int[] r = rows[v];
                int k = interval[top];
                int x = cursor[top];
                int found = -1;
                while (k < r.length) {
                    int u = unvisited.from(Math.max(x, r[k]));
                    if (u < r[k + 1]) {
                        found = u;
                        x = u + 1;
                        break;
                    }
                    k += 2;
                    x = 0;
                }
                interval[top] = k;
                cursor[top] = x;
                if (found < 0) {
                    path.add(v, -1);
                    order[done++] = v;
                    top--;
                    continue;
                }
                unvisited.visit(found);
                path.add(found, 1);
                acyclic &= !leadsBack(rows[found], path);
                if (!acyclic && stopAtCycle) {
                    return new int[][] {order, {0}};
                }
                top++;
                stack[top] = found;
                interval[top] = 0;
                cursor[top] = 0;
            }
        }
        return new int[][] {order, {acyclic ? 1 : 0}};
    }

    /** Whether some interval of {@code row} holds an event on the search path (itself included). */
    private static boolean leadsBack(int[] row, PathCounts path) {
        for (int k = 0; k < row.length; k += 2) {
            if (path.any(row[k], row[k + 1])) {
                return true;
            }
        }
        return false;
    }

    /** Whether the relation has no cycle. */
    static boolean isAcyclic(int[][] rows) {
        return postOrder(rows, true)[1][0] == 1;
    }

    /**
     * The strongly connected components: {@code comp[e]} for every event, numbered in a
     * topological order of the components (an edge between two components goes from a lower
     * number to a higher one), by Kosaraju's two searches (the second over the converse).
     */
    static int[] components(int[][] rows) {
        int size = rows.length;
        int[] order = postOrder(rows, false)[0];
        int[][] back = SparseRows.converse(rows);
        int[] comp = new int[size];
        Unvisited unvisited = new Unvisited(size);
        int[] stack = new int[size];
        int count = 0;
        for (int k = size - 1; k >= 0; k--) {
            int root = order[k];
            if (unvisited.from(root) != root) {
                continue;
            }
            unvisited.visit(root);
            int top = 0;
            stack[0] = root;
            while (top >= 0) {
                int v = stack[top--];
                comp[v] = count;
                int[] r = back[v];
                for (int i = 0; i < r.length; i += 2) {
                    for (int u = unvisited.from(r[i]); u < r[i + 1]; u = unvisited.from(u)) {
                        unvisited.visit(u);
                        stack[++top] = u;
                    }
                }
            }
            count++;
        }
        return comp;
    }

    /**
     * {@code rows+}. Each event's row is the union, over its successors, of the successor and its
     * closed row, taken in ascending order and skipping successors already reached (in a chain
     * the nearest successor reaches all the others: one union per event). The events are closed
     * after everything they reach (post-order) when the relation is acyclic; otherwise per strongly
     * connected component, the components in reverse topological order.
     */
    static int[][] closure(int[][] rows) {
        int size = rows.length;
        int[][] postOrder = postOrder(rows, true);
        int[][] out = new int[size][];
        if (postOrder[1][0] == 1) {
            for (int v : postOrder[0]) {
                out[v] = reach(rows[v], out, null, -1, null);
            }
            return out;
        }
        int[] comp = components(rows);
        int count = 0;
        for (int c : comp) {
            count = Math.max(count, c + 1);
        }
        List<List<Integer>> members = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            members.add(new ArrayList<>());
        }
        for (int e = 0; e < size; e++) {
            members.get(comp[e]).add(e);
        }
        for (int c = count - 1; c >= 0; c--) {
            List<Integer> m = members.get(c);
            int[] pairs = new int[2 * m.size()];
            for (int k = 0; k < m.size(); k++) {
                pairs[2 * k] = m.get(k);
                pairs[2 * k + 1] = m.get(k) + 1;
            }
            int[] own = IntervalRow.normalize(pairs, m.size());
            int[] acc = IntervalRow.EMPTY;
            for (int v : m) {
                acc = reach(rows[v], out, comp, c, own, acc);
            }
            for (int v : m) {
                out[v] = acc;
            }
        }
        return out;
    }

    private static int[] reach(int[] row, int[][] closed, int[] comp, int c, int[] own) {
        return reach(row, closed, comp, c, own, IntervalRow.EMPTY);
    }

    /**
     * {@code acc} joined with every successor in {@code row} and what it reaches ({@code closed});
     * a successor in component {@code c} (being closed) adds the component's events {@code own}.
     */
    private static int[] reach(int[] row, int[][] closed, int[] comp, int c, int[] own, int[] acc) {
        int k = 0;
        int x = row.length == 0 ? 0 : row[0];
        while (k < row.length) {
            if (x < row[k]) {
                x = row[k];
            }
            if (x >= row[k + 1]) {
                k += 2;
                continue;
            }
            int j = IntervalRow.firstEndingAfter(acc, x);
            if (j < acc.length && acc[j] <= x) {
                x = acc[j + 1];
                continue;
            }
            if (comp != null && comp[x] == c) {
                acc = IntervalRow.union(acc, own);
            } else {
                acc = IntervalRow.union(acc, IntervalRow.union(closed[x], new int[] {x, x + 1}));
            }
        }
        return acc;
    }

    /**
     * A shortest cycle through the smallest event on a cycle, as its events in edge order (the
     * last is related to the first), or an empty list: as {@link Relation#findCycle()} finds it
     * on a dense relation (a breadth-first search from that event, successors in ascending order).
     */
    static List<Integer> findCycle(int[][] rows) {
        int size = rows.length;
        if (postOrder(rows, true)[1][0] == 1) {
            return List.of();
        }
        int[] comp = components(rows);
        int[] compSize = new int[size];
        for (int e = 0; e < size; e++) {
            compSize[comp[e]]++;
        }
        int start = -1;
        for (int e = 0; e < size && start < 0; e++) {
            if (compSize[comp[e]] > 1 || IntervalRow.contains(rows[e], e)) {
                start = e;
            }
        }
        int[] parent = new int[size];
        int[] queue = new int[size];
        Unvisited unvisited = new Unvisited(size);
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        parent[start] = -1;
        unvisited.visit(start);
        int last = -1;
        while (head < tail) {
            int u = queue[head++];
            int[] r = rows[u];
            if (IntervalRow.contains(r, start)) {
                last = u;
                break;
            }
            for (int k = 0; k < r.length; k += 2) {
                for (int v = unvisited.from(r[k]); v < r[k + 1]; v = unvisited.from(v)) {
                    unvisited.visit(v);
                    parent[v] = u;
                    queue[tail++] = v;
                }
            }
        }
        List<Integer> cycle = new ArrayList<>();
        for (int v = last; v != -1; v = parent[v]) {
            cycle.add(v);
        }
        java.util.Collections.reverse(cycle);
        return cycle;
    }
}
