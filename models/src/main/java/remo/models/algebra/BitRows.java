package remo.models.algebra;

/**
 * The bit-row algorithms shared by {@link Relation} (immutable) and {@link BitMatrix} (mutable):
 * static methods over a square bit matrix stored as {@code bits}, one row of {@code rowWords}
 * words (= {@code ceil(size/64)}) per event {@code 0..size-1}. They allocate only what their
 * result needs, so the checker's inner loops stay as they were when each class had its own copy.
 * Indices are not checked here; the callers own them.
 */
final class BitRows {
    private BitRows() {
    }

    /** Whether {@code (from, to)} is set. */
    static boolean get(long[] bits, int rowWords, int from, int to) {
        return (bits[from * rowWords + (to >>> 6)] & (1L << to)) != 0;
    }

    /** Whether some event is related to itself. */
    static boolean hasLoop(long[] bits, int size, int rowWords) {
        for (int i = 0; i < size; i++) {
            if (get(bits, rowWords, i, i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The events in a topological order (repeatedly remove events without predecessors), or
     * {@code null} if the matrix has a cycle. Up to 64 events (one word a row) the events are
     * removed a layer at a time with word operations ({@link #topologicalOrderOneWord}); beyond,
     * by Kahn's algorithm, one pass over the pairs.
     */
    static int[] topologicalOrder(long[] bits, int size, int rowWords) {
        if (rowWords == 1) {
            return topologicalOrderOneWord(bits, size);
        }
        int w = rowWords;
        int[] indegree = new int[size];
        for (int i = 0; i < size; i++) {
            int base = i * w;
            for (int m = 0; m < w; m++) {
                long word = bits[base + m];
                while (word != 0) {
                    indegree[(m << 6) + Long.numberOfTrailingZeros(word)]++;
                    word &= word - 1;
                }
            }
        }
        int[] order = new int[size];
        int head = 0;
        int tail = 0;
        for (int i = 0; i < size; i++) {
            if (indegree[i] == 0) {
                order[tail++] = i;
            }
        }
        while (head < tail) {
            int base = order[head++] * w;
            for (int m = 0; m < w; m++) {
                long word = bits[base + m];
                while (word != 0) {
                    int u = (m << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                    if (--indegree[u] == 0) {
                        order[tail++] = u;
                    }
                }
            }
        }
        return tail == size ? order : null;
    }

    /**
     * {@link #topologicalOrder} for at most 64 events (one word a row), in layers: the events no
     * remaining event points to are taken together, with word operations, until none remain (a
     * cycle leaves a layer empty). A shallow relation, as most of a litmus test's are, costs a few
     * word operations per event instead of a step per pair.
     */
    private static int[] topologicalOrderOneWord(long[] bits, int size) {
        long remaining = size == 64 ? -1L : (1L << size) - 1;
        int[] order = new int[size];
        int tail = 0;
        while (remaining != 0) {
            long pointedTo = 0;
            for (long r = remaining; r != 0; r &= r - 1) {
                pointedTo |= bits[Long.numberOfTrailingZeros(r)];
            }
            long layer = remaining & ~pointedTo;
            if (layer == 0) {
                return null;
            }
            remaining &= ~layer;
            for (; layer != 0; layer &= layer - 1) {
                order[tail++] = Long.numberOfTrailingZeros(layer);
            }
        }
        return order;
    }

    /**
     * Replaces an acyclic {@code bits} in place by its transitive closure, given a topological
     * {@code order}: rows are closed from the last event of the order back, each absorbing the
     * (already closed) row of every successor it does not reach yet. Any order of the successors
     * gives the closure; skipping reached ones only saves work.
     */
    static void closeAcyclic(long[] bits, int size, int rowWords, int[] order) {
        int w = rowWords;
        long[] reach = new long[w];
        for (int k = size - 1; k >= 0; k--) {
            int vb = order[k] * w;
            java.util.Arrays.fill(reach, 0);
            for (int m = 0; m < w; m++) {
                long word = bits[vb + m] & ~reach[m];
                while (word != 0) {
                    int u = (m << 6) + Long.numberOfTrailingZeros(word);
                    long ubit = 1L << u;
                    word &= word - 1;
                    if ((reach[m] & ubit) == 0) {
                        reach[m] |= ubit;
                        int ub = u * w;
                        for (int x = 0; x < w; x++) {
                            reach[x] |= bits[ub + x];
                        }
                        word &= ~reach[m];
                    }
                }
            }
            System.arraycopy(reach, 0, bits, vb, w);
        }
    }

    /**
     * Replaces {@code bits} in place by its transitive closure (Warshall over bit rows). Only
     * events with both a predecessor and a successor can be intermediate: a row or column that is
     * empty at the start stays empty while the closure grows, so the others are skipped (a
     * coherence order over the few writes of a graph of thousands of events costs O(writes × n)).
     */
    static void closeWarshall(long[] bits, int size, int rowWords) {
        int w = rowWords;
        long[] hasSuccessor = new long[w];
        long[] hasPredecessor = new long[w];
        for (int i = 0; i < size; i++) {
            int ib = i * w;
            for (int m = 0; m < w; m++) {
                long word = bits[ib + m];
                if (word != 0) {
                    hasSuccessor[i >>> 6] |= 1L << i;
                    hasPredecessor[m] |= word;
                }
            }
        }
        for (int k = 0; k < size; k++) {
            long kbit = 1L << k;
            int kw = k >>> 6;
            if ((hasSuccessor[kw] & hasPredecessor[kw] & kbit) == 0) {
                continue;
            }
            int kb = k * w;
            for (int i = 0; i < size; i++) {
                int ib = i * w;
                if ((bits[ib + kw] & kbit) != 0) {
                    for (int m = 0; m < w; m++) {
                        bits[ib + m] |= bits[kb + m];
                    }
                }
            }
        }
    }
    /**
     * If the matrix is a partial identity {@code [S]}, the words of S; otherwise {@code null}.
     * Stops at the first pair off the diagonal, so a matrix that is not one costs little.
     */
    static long[] diagonal(long[] bits, int size, int rowWords) {
        long[] set = new long[rowWords];
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            int own = i >>> 6;
            for (int k = 0; k < rowWords; k++) {
                long word = bits[base + k];
                if (word == 0) {
                    continue;
                }
                if (k != own || word != (1L << i)) {
                    return null;
                }
                set[own] |= word;
            }
        }
        return set;
    }

    /** The words of the events with at least one successor. */
    static long[] domain(long[] bits, int size, int rowWords) {
        long[] w = new long[rowWords];
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            for (int k = 0; k < rowWords; k++) {
                if (bits[base + k] != 0) {
                    w[i >>> 6] |= 1L << i;
                    break;
                }
            }
        }
        return w;
    }

    /**
     * {@code a ; b}: a partial identity on either side ({@code [S]}) is a mask, {@code r;[S]}
     * keeping the columns of each row in S, {@code [S];r} the rows in S, one pass over the words.
     * Otherwise one row of {@code b} is or-ed per pair (i, j) of {@code a} whose j has successors
     * in {@code b}: {@code [A];po;[B]} costs O(n²/64) words, not O(n³/64).
     */
    static long[] compose(long[] a, long[] b, int size, int rowWords) {
        int w = rowWords;
        long[] diagonal = diagonal(b, size, w);
        if (diagonal != null) {
            long[] out = a.clone();
            for (int i = 0; i < size; i++) {
                int base = i * w;
                for (int m = 0; m < w; m++) {
                    out[base + m] &= diagonal[m];
                }
            }
            return out;
        }
        long[] out = new long[a.length];
        diagonal = diagonal(a, size, w);
        if (diagonal != null) {
            for (int i = 0; i < size; i++) {
                if ((diagonal[i >>> 6] & (1L << i)) != 0) {
                    System.arraycopy(b, i * w, out, i * w, w);
                }
            }
            return out;
        }
        long[] useful = domain(b, size, w);
        for (int i = 0; i < size; i++) {
            int base = i * w;
            for (int k = 0; k < w; k++) {
                long word = a[base + k] & useful[k];
                while (word != 0) {
                    int j = (k << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                    int jb = j * w;
                    for (int m = 0; m < w; m++) {
                        out[base + m] |= b[jb + m];
                    }
                }
            }
        }
        return out;
    }

    /** The converse matrix. */
    static long[] converse(long[] bits, int size, int rowWords) {
        long[] out = new long[bits.length];
        int w = rowWords;
        for (int i = 0; i < size; i++) {
            int base = i * w;
            for (int k = 0; k < w; k++) {
                long word = bits[base + k];
                while (word != 0) {
                    int j = (k << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                    out[j * w + (i >>> 6)] |= 1L << i;
                }
            }
        }
        return out;
    }

    /**
     * A shortest cycle through the smallest event on a cycle (a breadth-first search from it back
     * to it, successors in ascending order), or an empty list.
     */
    static java.util.List<Integer> findCycle(long[] bits, int size, int rowWords) {
        long[] closure = bits.clone();
        int[] order = topologicalOrder(closure, size, rowWords);
        if (order == null) {
            closeWarshall(closure, size, rowWords);
        } else {
            return java.util.List.of();
        }
        for (int start = 0; start < size; start++) {
            if (!get(closure, rowWords, start, start)) {
                continue;
            }
            int[] parent = new int[size];
            java.util.Arrays.fill(parent, -2);
            int[] queue = new int[size];
            int head = 0;
            int tail = 0;
            queue[tail++] = start;
            parent[start] = -1;
            int last = -1;
            search:
            while (head < tail) {
                int u = queue[head++];
                int base = u * rowWords;
                for (int k = 0; k < rowWords; k++) {
                    long word = bits[base + k];
                    while (word != 0) {
                        int v = (k << 6) + Long.numberOfTrailingZeros(word);
                        word &= word - 1;
                        if (v == start) {
                            last = u;
                            break search;
                        }
                        if (parent[v] == -2) {
                            parent[v] = u;
                            queue[tail++] = v;
                        }
                    }
                }
            }
            java.util.List<Integer> cycle = new java.util.ArrayList<>();
            for (int v = last; v != -1; v = parent[v]) {
                cycle.add(0, v);
            }
            return cycle;
        }
        return java.util.List.of();
    }

    /** The words of {@code a} and {@code b} combined one by one by {@code op}. */
    static long[] combine(long[] a, long[] b, Relation.Op op) {
        long[] out = a.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = switch (op) {
                case UNION -> out[i] | b[i];
                case INTERSECTION -> out[i] & b[i];
                case DIFFERENCE -> out[i] & ~b[i];
            };
        }
        return out;
    }

    /** The words of the events with at least one predecessor. */
    static long[] range(long[] bits, int size, int rowWords) {
        long[] w = new long[rowWords];
        for (int i = 0; i < size; i++) {
            int base = i * rowWords;
            for (int k = 0; k < rowWords; k++) {
                w[k] |= bits[base + k];
            }
        }
        return w;
    }

    /** {@code [from]; bits; [to]}. */
    static long[] restrict(long[] bits, int rowWords, EventSet from, EventSet to) {
        long[] b = new long[bits.length];
        from.forEach(i -> {
            int base = i * rowWords;
            for (int m = 0; m < rowWords; m++) {
                b[base + m] = bits[base + m] & to.words[m];
            }
        });
        return b;
    }
}
