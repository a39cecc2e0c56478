package remo.checker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Insertion into a partially known total order: every order of k members is reached exactly once
 * whatever the insertion sequence, known pairs restrict the positions and are closed transitively,
 * and contradictions are reported.
 */
class OrderKnowledgeTest {

    /** All orders reachable by inserting members in the given sequence. */
    private static void orders(OrderKnowledge o, int[] sequence, int k, Set<String> out, int[] count) {
        if (k == sequence.length) {
            count[0]++;
            out.add(Arrays.toString(o.placedOrder()));
            return;
        }
        int m = sequence[k];
        int[] p = o.positions(m);
        for (int i = p[0]; i <= p[1]; i++) {
            OrderKnowledge c = o.copy();
            assertTrue(c.place(m, i));
            orders(c, sequence, k + 1, out, count);
        }
    }

    @Test
    void everyOrderOnceWhateverTheInsertionSequence() {
        for (int[] sequence : new int[][] {{0, 1, 2, 3, 4}, {4, 2, 0, 3, 1}, {1, 3, 0, 4, 2}}) {
            Set<String> seen = new HashSet<>();
            int[] count = {0};
            orders(new OrderKnowledge(5, false), sequence, 0, seen, count);
            assertEquals(120, count[0]);
            assertEquals(120, seen.size());
        }
        // with a head (a co order: the initial write first) the other members are permuted
        Set<String> seen = new HashSet<>();
        int[] count = {0};
        orders(new OrderKnowledge(4, true), new int[] {3, 1, 2}, 0, seen, count);
        assertEquals(6, count[0]);
        assertEquals(6, seen.size());
        assertTrue(seen.stream().allMatch(s -> s.startsWith("[0,")));
    }

    @Test
    void knownPairsRestrictPositionsAndCloseTransitively() {
        OrderKnowledge o = new OrderKnowledge(5, true);
        assertTrue(o.require(1, 2));
        assertTrue(o.require(2, 3));
        assertTrue(o.before(1, 3), "transitivity");
        assertTrue(o.before(0, 3), "the head comes first");
        assertFalse(o.require(3, 1), "a contradiction");
        assertTrue(o.place(2, 1));
        // 1 must go before 2 (index 1), 3 after it
        assertArrayEquals(new int[] {1, 1}, o.positions(1));
        assertArrayEquals(new int[] {2, 2}, o.positions(3));
        assertArrayEquals(new int[] {1, 2}, o.positions(4));
        assertTrue(o.place(4, 1));
        assertTrue(o.before(4, 2) && o.before(4, 3), "placing orders the member against the placed ones and their successors");
        assertArrayEquals(new int[] {1, 2}, o.positions(1), "1 may go before or after 4, before 2");
        assertFalse(o.copy().requireAll(new int[] {3, 4}, 1), "4 is before 2, hence before 3");
        assertTrue(o.requireAll(new int[] {1, 4}, 1));
        assertArrayEquals(new int[] {0, 4, 2}, o.placedOrder());
    }
}
