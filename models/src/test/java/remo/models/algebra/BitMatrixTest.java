package remo.models.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exploration's closure ({@link BitMatrix#closeTransitively}), the relation closure
 * ({@link Relation#transitiveClosure}) and the acyclicity test ({@link Relation#isAcyclic}), all
 * built on {@link BitRows#topologicalOrder} (in layers for one word a row, Kahn's algorithm
 * beyond), agree with a closure computed here pair by pair, on seeded random relations, sparse
 * and dense, acyclic and cyclic, over one and several 64-bit words (63, 64 and 65 events
 * included).
 */
class BitMatrixTest {

    private static Relation random(Random rnd, int n, double density, boolean forward) {
        Relation.Builder b = Relation.builder(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && (!forward || i < j) && rnd.nextDouble() < density) {
                    b.add(i, j);
                }
            }
        }
        return b.build();
    }

    /** Warshall's closure over a boolean matrix: the reference, sharing no code with the classes tested. */
    private static Relation warshall(Relation r) {
        int n = r.size();
        boolean[][] m = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = r.contains(i, j);
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (m[i][k]) {
                    for (int j = 0; j < n; j++) {
                        m[i][j] |= m[k][j];
                    }
                }
            }
        }
        Relation.Builder b = Relation.builder(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (m[i][j]) {
                    b.add(i, j);
                }
            }
        }
        return b.build();
    }

    @Test
    void closureAndAcyclicityAgreeWithWarshall() {
        Random rnd = new Random(13);
        int acyclic = 0;
        int cyclic = 0;
        int[] edgeSizes = {63, 64, 65};
        for (int round = 0; round < 400; round++) {
            int n = round < 30 ? edgeSizes[round % 3] : 1 + rnd.nextInt(round % 2 == 0 ? 20 : 150);
            double density = rnd.nextDouble() * (rnd.nextBoolean() ? 0.05 : 0.5);
            Relation r = random(rnd, n, density, rnd.nextBoolean());
            Relation expected = warshall(r);
            assertEquals(expected, r.transitiveClosure(), "transitiveClosure of " + r);
            BitMatrix m = BitMatrix.of(r);
            boolean isAcyclic = m.closeTransitively();
            assertEquals(expected, m.toRelation(), "closure of " + r);
            assertEquals(expected.isIrreflexive(), isAcyclic, "acyclicity of " + r);
            assertEquals(expected.isIrreflexive(), r.isAcyclic(), "isAcyclic of " + r);
            assertEquals(!expected.isIrreflexive(), m.hasLoop());
            if (isAcyclic) {
                acyclic++;
            } else {
                cyclic++;
            }
        }
        assertTrue(acyclic > 50 && cyclic > 50, acyclic + " acyclic, " + cyclic + " cyclic relations tried");
    }

    /**
     * The topological order is a permutation of the events in which every pair goes forward, or
     * {@code null} exactly when the relation has a cycle (a self-loop included).
     */
    @Test
    void topologicalOrderPutsEveryPairForward() {
        Random rnd = new Random(29);
        for (int round = 0; round < 300; round++) {
            int n = 1 + rnd.nextInt(round % 2 == 0 ? 64 : 130);
            Relation r = random(rnd, n, rnd.nextDouble() * 0.2, rnd.nextInt(3) > 0);
            if (rnd.nextInt(5) == 0) {
                int e = rnd.nextInt(n);
                r = r.union(Relation.builder(n).add(e, e).build());
            }
            int[] order = BitRows.topologicalOrder(r.bits, n, r.rowWords);
            boolean cyclic = !warshall(r).isIrreflexive();
            if (cyclic) {
                assertEquals(null, order, "order of cyclic " + r);
                continue;
            }
            int[] position = new int[n];
            java.util.Arrays.fill(position, -1);
            for (int k = 0; k < order.length; k++) {
                assertEquals(-1, position[order[k]], "event " + order[k] + " twice in the order of " + r);
                position[order[k]] = k;
            }
            assertEquals(n, order.length);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (r.contains(i, j)) {
                        assertTrue(position[i] < position[j], "(" + i + "," + j + ") backwards in the order of " + r);
                    }
                }
            }
        }
    }

    @Test
    void bitAccess() {
        Relation r = Relation.builder(70).add(0, 69).add(69, 3).build();
        BitMatrix m = BitMatrix.of(r);
        assertTrue(m.get(0, 69));
        assertFalse(m.get(69, 0));
        m.set(3, 0);
        assertFalse(m.closeTransitively());
        assertTrue(m.get(0, 0));
        assertEquals(70, m.size());
    }
}
