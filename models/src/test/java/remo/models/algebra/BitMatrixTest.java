package remo.models.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exploration's closure ({@link BitMatrix#closeTransitively}, topological for acyclic
 * relations) and the Kahn acyclicity test ({@link Relation#isAcyclic}) agree with Warshall's
 * closure ({@link Relation#transitiveClosure}) on seeded random relations, sparse and dense,
 * acyclic and cyclic, over one and several 64-bit words.
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

    @Test
    void closureAndAcyclicityAgreeWithWarshall() {
        Random rnd = new Random(13);
        int acyclic = 0;
        int cyclic = 0;
        for (int round = 0; round < 400; round++) {
            int n = 1 + rnd.nextInt(round % 2 == 0 ? 20 : 150);
            double density = rnd.nextDouble() * (rnd.nextBoolean() ? 0.05 : 0.5);
            Relation r = random(rnd, n, density, rnd.nextBoolean());
            Relation expected = r.transitiveClosure();
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
