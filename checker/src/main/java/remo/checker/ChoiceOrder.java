package remo.checker;

/**
 * Which choice a node of the exploration makes next, and the choices that are forced. Choices
 * come in four kinds, taken in this order, and within a kind the one with the fewest options
 * first (first-fail):
 * <ol>
 *   <li>the existence of a conditional write (a cas or rcas write): deciding it first lets the
 *       propagation see the write, and the value of its rmw read must then agree;</li>
 *   <li>the position of a NAR in its {@code rao} class: the rao order decides which write each
 *       remote RMW reads in most consistent candidates;</li>
 *   <li>the source of a read, among the po-first undecided read of each thread: deciding each
 *       thread's reads in program order fixes the inputs of an {@code assume} or {@code await}
 *       before the reads after it, so a blocked spin is seen (and set aside or counted) before its
 *       thread's later reads multiply the partial candidates below it;</li>
 *   <li>the position of a write in its location's {@code co} order (mostly forced by then).</li>
 * </ol>
 * The order only affects how early inconsistent choices are seen, never which candidates exist.
 */
final class ChoiceOrder {

    /** Kinds of choices, in the order they are made. */
    enum Kind { EXIST, RAO, READ, CO }

    /**
     * One choice and its options: for {@code EXIST} 1 (exists) then 0; for {@code READ} candidate
     * indices of read {@code index}; for {@code RAO}/{@code CO} insertion indices of member
     * {@code member} of class/location {@code index}.
     */
    record Choice(Kind kind, int index, int member, int[] options) {
    }

    private final ChoiceIndex space;
    /** Per read index: its thread. */
    private final int[] readThread;
    private final int threads;

    ChoiceOrder(ChoiceIndex space) {
        this.space = space;
        this.readThread = new int[space.reads.length];
        int max = 0;
        for (int i = 0; i < readThread.length; i++) {
            readThread[i] = space.structure.event(space.reads[i]).thread();
            max = Math.max(max, readThread[i] + 1);
        }
        this.threads = max;
    }

    /** Makes choice {@code c} with {@code option}; false if that contradicts a known pair. */
    static boolean apply(PartialCandidate node, Choice c, int option) {
        switch (c.kind) {
            case EXIST:
                node.existence[c.index] = (byte) option;
                return option == 1 || node.settleAbsentReads();
            case READ:
                node.choose(c.index, option);
                return true;
            case CO:
                return node.co[c.index].place(c.member, option);
            default:
                return node.rao[c.index].place(c.member, option);
        }
    }

    /**
     * Makes every choice that has one option left.
     *
     * @return how many were made, or -1 if some choice has none left
     */
    int makeForced(PartialCandidate node) {
        int made = 0;
        for (int i = 0; i < space.reads.length; i++) {
            if (node.decided(i) || node.existence[space.reads[i]] != 1) {
                continue; // a read whose existence is open is settled after its EXIST choice
            }
            int count = node.optionCount(i);
            if (count == 0) {
                return -1;
            }
            if (count == 1) {
                for (int j = 0; j < space.sources[i].length; j++) {
                    if (node.allows(i, j)) {
                        node.choose(i, j);
                        made++;
                        break;
                    }
                }
            }
        }
        for (int l = 0; l < node.co.length; l++) {
            int m = placeForced(node.co[l], space.locationWrites[l], node);
            if (m < 0) {
                return -1;
            }
            made += m;
        }
        for (int c = 0; c < node.rao.length; c++) {
            int m = placeForced(node.rao[c], space.raoClasses[c], node);
            if (m < 0) {
                return -1;
            }
            made += m;
        }
        return made;
    }

    private static int placeForced(OrderKnowledge o, int[] members, PartialCandidate node) {
        int made = 0;
        boolean again = true;
        while (again) {
            again = false;
            for (int m = 0; m < members.length; m++) {
                if (o.isPlaced(m) || node.existence[members[m]] != 1) {
                    continue;
                }
                int[] p = o.positions(m);
                if (p[1] < p[0]) {
                    return -1;
                }
                if (p[0] == p[1]) {
                    if (!o.place(m, p[0])) {
                        return -1;
                    }
                    made++;
                    again = true;
                }
            }
        }
        return made;
    }

    /**
     * The next choice of an open node (one that is not complete and has no forced choice left).
     *
     * @throws IllegalStateException if the node has no open choice
     */
    Choice next(PartialCandidate node) {
        for (int e = 0; e < space.size; e++) {
            if (node.existence[e] < 0) {
                return new Choice(Kind.EXIST, e, -1, new int[] {1, 0});
            }
        }
        Choice best = null;
        for (int c = 0; c < node.rao.length; c++) {
            best = fewer(best, orderChoice(Kind.RAO, c, node.rao[c], space.raoClasses[c], node));
        }
        if (best != null) {
            return best;
        }
        // the po-first undecided read of each thread (reads are in event order: po order per thread)
        int[] frontier = new int[threads];
        java.util.Arrays.fill(frontier, -1);
        for (int i = 0; i < space.reads.length; i++) {
            if (!node.decided(i) && node.existence[space.reads[i]] == 1 && frontier[readThread[i]] < 0) {
                frontier[readThread[i]] = i;
            }
        }
        for (int i = 0; i < space.reads.length; i++) {
            if (frontier[readThread[i]] == i) {
                int count = node.optionCount(i);
                if (best == null || count < best.options.length) {
                    int[] opts = new int[count];
                    int k = 0;
                    for (int j = 0; j < space.sources[i].length; j++) {
                        if (node.allows(i, j)) {
                            opts[k++] = j;
                        }
                    }
                    best = new Choice(Kind.READ, i, -1, opts);
                }
            }
        }
        if (best != null) {
            return best;
        }
        for (int l = 0; l < node.co.length; l++) {
            best = fewer(best, orderChoice(Kind.CO, l, node.co[l], space.locationWrites[l], node));
        }
        if (best == null) {
            throw new IllegalStateException("an open node without an open choice");
        }
        return best;
    }

    private static Choice fewer(Choice a, Choice b) {
        if (a == null) {
            return b;
        }
        return b != null && b.options.length < a.options.length ? b : a;
    }

    /** The unplaced existing member of an order with the fewest positions, or null. */
    private static Choice orderChoice(Kind kind, int index, OrderKnowledge o, int[] members, PartialCandidate node) {
        Choice best = null;
        for (int m = 0; m < members.length; m++) {
            if (o.isPlaced(m) || node.existence[members[m]] != 1) {
                continue;
            }
            int[] p = o.positions(m);
            int count = p[1] - p[0] + 1;
            if (best == null || count < best.options.length) {
                int[] opts = new int[count];
                for (int k = 0; k < count; k++) {
                    opts[k] = p[0] + k;
                }
                best = new Choice(kind, index, m, opts);
            }
        }
        return best;
    }
}
