package remo.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import remo.core.rdma.QueuePair;
import remo.core.rdma.RaoClass;

/**
 * The records whose equals and hashCode are written out ({@link Position}, {@link QueuePair},
 * {@link RaoClass}) give exactly what a record's implicit ones give: compared with records of the
 * same components, so hash orders (and whatever is printed in them) stay as they were.
 */
class RecordMethodsTest {

    private record SameAsPosition(int line, int column) {
    }

    private record SameAsQueuePair(int thread, int node) {
    }

    private record SameAsRaoClass(int node, long region, int offset) {
    }

    private static final int[] INTS = {0, 1, 2, 3, 17, 31, 1000, -1, -31, Integer.MAX_VALUE, Integer.MIN_VALUE};
    private static final long[] LONGS = {0, 1, -1, 31, 1L << 32, (1L << 32) + 5, Long.MAX_VALUE, Long.MIN_VALUE, -(1L << 40)};

    @Test
    void hashCodesAreTheRecordOnes() {
        for (int a : INTS) {
            for (int b : INTS) {
                assertEquals(new SameAsPosition(a, b).hashCode(), new Position(a, b).hashCode());
                assertEquals(new SameAsQueuePair(a, b).hashCode(), new QueuePair(a, b).hashCode());
                for (long r : LONGS) {
                    assertEquals(new SameAsRaoClass(a, r, b).hashCode(), new RaoClass(a, r, b).hashCode());
                }
            }
        }
    }

    @Test
    void equalityIsByComponents() {
        assertEquals(new Position(3, 4), new Position(3, 4));
        assertNotEquals(new Position(3, 4), new Position(4, 3));
        assertNotEquals(new Position(3, 4), new Position(3, 5));
        assertNotEquals(new Position(3, 4), null);
        assertNotEquals(new Position(3, 4), "3:4");
        assertEquals(new QueuePair(1, 2), new QueuePair(1, 2));
        assertNotEquals(new QueuePair(1, 2), new QueuePair(2, 1));
        assertNotEquals(new QueuePair(1, 2), new QueuePair(1, 3));
        assertNotEquals(new QueuePair(1, 2), new Position(1, 2));
        assertEquals(new RaoClass(1, 5L, 2), new RaoClass(1, 5L, 2));
        assertNotEquals(new RaoClass(1, 5L, 2), new RaoClass(0, 5L, 2));
        assertNotEquals(new RaoClass(1, 5L, 2), new RaoClass(1, 6L, 2));
        assertNotEquals(new RaoClass(1, 5L, 2), new RaoClass(1, 5L, 3));
        assertNotEquals(new RaoClass(1, 5L, 2), null);
    }
}
