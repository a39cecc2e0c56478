package remo.models.algebra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The interval form of relations (rows of intervals, for programs of thousands of events) gives
 * the answers of the bit-matrix form on every operation: seeded random relations of many shapes
 * (scattered pairs, rows of ranges, po-like chains, products, partial identities, acyclic and
 * cyclic), over 0 to 200 events, each in both forms, every operation compared, and the interval
 * builder and {@link BitMatrix} against their bit-matrix selves.
 */
class IntervalFormTest {

    @AfterEach
    void restoreLimit() {
        Relation.setDenseLimit(Relation.DEFAULT_DENSE_LIMIT);
    }

    private static Relation dense(Relation r) {
        return new Relation(r.size, r.matrix());
    }

    private static Relation sparse(Relation r) {
        return new Relation(r.size, r.intervalRows());
    }

    /** A relation of one of several shapes, in the bit-matrix form. */
    static Relation random(Random rnd, int n) {
        Relation.setDenseLimit(Integer.MAX_VALUE);
        Relation.Builder b = Relation.builder(n);
        int shape = rnd.nextInt(7);
        for (int i = 0; i < n; i++) {
            switch (shape) {
                case 0: // scattered pairs
                    for (int j = 0; j < n; j++) {
                        if (rnd.nextDouble() < 0.05) {
                            b.add(i, j);
                        }
                    }
                    break;
                case 1: // a few ranges per row
                    for (int k = rnd.nextInt(3); k > 0 && n > 0; k--) {
                        int lo = rnd.nextInt(n);
                        b.addRange(i, lo, lo + rnd.nextInt(n - lo + 1));
                    }
                    break;
                case 2: // po of a few threads: forward ranges within blocks
                    int block = 1 + n / (1 + rnd.nextInt(3));
                    int end = Math.min(n, (i / block + 1) * block);
                    b.addRange(i, i + 1, end);
                    break;
                case 3: // forward scattered (acyclic)
                    for (int j = i + 1; j < n; j++) {
                        if (rnd.nextDouble() < 0.1) {
                            b.add(i, j);
                        }
                    }
                    break;
                case 4: // partial identity
                    if (rnd.nextBoolean()) {
                        b.add(i, i);
                    }
                    break;
                case 5: // a chain with a back edge now and then (cycles)
                    if (i + 1 < n) {
                        b.add(i, i + 1);
                    }
                    if (rnd.nextDouble() < 0.03 && n > 0) {
                        b.add(i, rnd.nextInt(n));
                    }
                    break;
                default: // rows shared in blocks (a product's shape)
                    if (i % 3 == 0 && n > 0) {
                        int lo = rnd.nextInt(n);
                        b.addRange(i, lo, n);
                    }
                    break;
            }
        }
        Relation r = b.build();
        Relation.setDenseLimit(Relation.DEFAULT_DENSE_LIMIT);
        return r;
    }

    private static EventSet randomSet(Random rnd, int n) {
        boolean[] m = new boolean[n];
        double p = rnd.nextDouble();
        for (int i = 0; i < n; i++) {
            m[i] = rnd.nextDouble() < p;
        }
        return EventSet.of(m);
    }

    private static void same(Relation expected, Relation actual, String what) {
        same(expected, actual, () -> what);
    }

    /** Both relations equal, the expected one a bit matrix and the actual one in the interval form (messages made on failure only). */
    private static void same(Relation expected, Relation actual, Supplier<String> what) {
        assertNotNull(expected.bits, what);
        assertNotNull(actual.rows, () -> what.get() + " is in the interval form");
        assertEquals(expected, actual, what);
        assertEquals(expected.hashCode(), actual.hashCode(), () -> what.get() + " hash");
        assertArrayEquals(expected.matrix(), actual.matrix(), () -> what.get() + " bits");
    }

    private static void unary(Relation r, Function<Relation, Relation> op, String what) {
        same(op.apply(dense(r)), op.apply(sparse(r)), () -> what + " of " + r);
    }

    private static void binary(Relation a, Relation b, BiFunction<Relation, Relation, Relation> op, String what) {
        same(op.apply(dense(a), dense(b)), op.apply(sparse(a), sparse(b)), () -> what + " of " + a + " and " + b);
    }

    @Test
    void everyOperationAgreesWithTheBitMatrix() {
        Random rnd = new Random(28);
        for (int round = 0; round < 1000; round++) {
            int n = rnd.nextInt(5) == 0 ? rnd.nextInt(4) : rnd.nextInt(140);
            Relation a = random(rnd, n);
            Relation b = random(rnd, n);
            EventSet s = randomSet(rnd, n);
            EventSet t = randomSet(rnd, n);
            binary(a, b, Relation::union, "union");
            binary(a, b, Relation::intersection, "intersection");
            binary(a, b, Relation::difference, "difference");
            binary(a, b, Relation::compose, "composition");
            binary(Relation.identity(s), b, Relation::compose, "[S];r");
            binary(a, Relation.identity(s), Relation::compose, "r;[S]");
            unary(a, Relation::converse, "converse");
            unary(a, Relation::transitiveClosure, "closure");
            unary(a, r -> r.reflexiveTransitiveClosure(s), "*");
            unary(a, r -> r.reflexiveClosure(s), "?");
            unary(a, r -> r.complement(s), "complement");
            unary(a, r -> r.restrict(s, t), "restriction");
            Relation d = dense(a);
            Relation p = sparse(a);
            assertEquals(d.isAcyclic(), p.isAcyclic(), () -> "acyclic " + a);
            assertEquals(d.isIrreflexive(), p.isIrreflexive(), () -> "irreflexive " + a);
            assertEquals(d.isEmpty(), p.isEmpty(), () -> "empty " + a);
            assertEquals(d.findCycle(), p.findCycle(), () -> "cycle of " + a);
            assertEquals(d.domain(), p.domain(), () -> "domain " + a);
            assertEquals(d.range(), p.range(), () -> "range " + a);
            assertEquals(d.pairCount(), p.pairCount(), () -> "pairs " + a);
            assertEquals(d.toString(), p.toString());
            for (int i = 0; i < n; i++) {
                int row = i;
                assertEquals(d.successors(i), p.successors(i), () -> "row " + row + " of " + a);
                int j = rnd.nextInt(n);
                assertEquals(d.contains(i, j), p.contains(i, j));
            }
            if (n == 0) {
                continue; // no event: always the bit-matrix form
            }
            Relation.setDenseLimit(Integer.MAX_VALUE);
            Relation ps = Relation.product(s, t);
            Relation id = Relation.identity(s);
            Relation.setDenseLimit(0);
            same(ps, Relation.product(s, t), "product");
            same(id, Relation.identity(s), "identity");
            assertNull(Relation.empty(n).bits);
            Relation.setDenseLimit(Relation.DEFAULT_DENSE_LIMIT);
        }
    }

    /** The same edits on a builder of each form give the same relation. */
    @Test
    void theIntervalBuilderAgreesWithTheBitMatrixBuilder() {
        Random rnd = new Random(7);
        for (int round = 0; round < 400; round++) {
            int n = 1 + rnd.nextInt(130);
            Relation other = random(rnd, n);
            EventSet s = randomSet(rnd, n);
            int[] order = rnd.ints(rnd.nextInt(n + 1), 0, n).distinct().toArray();
            if (rnd.nextBoolean()) {
                java.util.Arrays.sort(order);
            }
            long seed = rnd.nextLong();
            StringBuilder expectedAnswers = new StringBuilder();
            StringBuilder actualAnswers = new StringBuilder();
            Relation.setDenseLimit(Integer.MAX_VALUE);
            Relation expected = edit(Relation.builder(n), new Random(seed), n, other, s, order, expectedAnswers);
            Relation.setDenseLimit(0);
            Relation actual = edit(Relation.builder(n), new Random(seed), n, other, s, order, actualAnswers);
            Relation.setDenseLimit(Relation.DEFAULT_DENSE_LIMIT);
            same(expected, actual, "built relation");
            assertEquals(expectedAnswers.toString(), actualAnswers.toString(), "contains while building");
        }
    }

    private static Relation edit(Relation.Builder b, Random rnd, int n, Relation other, EventSet s, int[] order,
                                 StringBuilder answers) {
        for (int k = 0; k < 40; k++) {
            int i = rnd.nextInt(n);
            int j = rnd.nextInt(n);
            switch (rnd.nextInt(7)) {
                case 0 -> b.add(i, j);
                case 1 -> b.addRange(i, Math.min(i, j), Math.max(i, j));
                case 2 -> b.addRow(i, s);
                case 3 -> b.remove(i, j);
                case 4 -> answers.append(b.contains(i, j) ? '1' : '0');
                case 5 -> b.addOrder(order, 0, order.length);
                default -> {
                    if (rnd.nextInt(10) == 0) {
                        b.addAll(other);
                    }
                }
            }
        }
        Relation first = b.build();
        answers.append(first);
        b.add(0, n - 1);
        Relation second = b.build();
        assertTrue(second.contains(0, n - 1));
        answers.append(first); // the first build is not changed by later edits
        return second;
    }

    /** {@link BitMatrix} in the interval form against its bit-matrix self: closure, closed insertion, loops. */
    @Test
    void theIntervalMatrixAgreesWithTheBitMatrix() {
        Random rnd = new Random(11);
        for (int round = 0; round < 600; round++) {
            int n = 1 + rnd.nextInt(120);
            Relation r = random(rnd, n);
            BitMatrix d = BitMatrix.of(dense(r));
            BitMatrix p = BitMatrix.of(sparse(r));
            assertEquals(d.closeTransitively(), p.closeTransitively(), () -> "acyclic " + r);
            same(d.toRelation(), p.toRelation(), "closed matrix");
            BitMatrix pc = p.copy();
            for (int k = 0; k < 10; k++) {
                int i = rnd.nextInt(n);
                int j = rnd.nextInt(n);
                assertEquals(d.add(i, j), p.add(i, j), "add " + i + "," + j);
                assertEquals(d.get(j, i), p.get(j, i));
                int lo = rnd.nextInt(n);
                int hi = lo + rnd.nextInt(n - lo + 1);
                assertEquals(d.anyInRange(i, lo, hi), p.anyInRange(i, lo, hi));
            }
            same(d.toRelation(), p.toRelation(), "after adds");
            assertEquals(d.hasLoop(), p.hasLoop());
            same(dense(r).transitiveClosure(), pc.toRelation(), "a copy is independent");
            int i = rnd.nextInt(n);
            d.setRange(i, 0, n / 2);
            p.setRange(i, 0, n / 2);
            d.set(n - 1, 0);
            p.set(n - 1, 0);
            same(d.toRelation(), p.toRelation(), "after sets");
            StringBuilder ds = new StringBuilder();
            StringBuilder ps = new StringBuilder();
            d.forEachRange(i, (lo, hi) -> ds.append(lo).append('-').append(hi).append(' '));
            p.forEachRange(i, (lo, hi) -> ps.append(lo).append('-').append(hi).append(' '));
            assertEquals(ds.toString(), ps.toString());
        }
    }

    /** A chain of 100 000 events (a thread's po) closes, inverts and tests acyclic in the interval form. */
    @Test
    void aLongChainStaysLinear() {
        int n = 100_000;
        Relation.setDenseLimit(0);
        Relation.Builder b = Relation.builder(n);
        for (int i = 0; i + 1 < n; i++) {
            b.add(i, i + 1);
        }
        Relation chain = b.build();
        Relation closed = chain.transitiveClosure();
        assertTrue(closed.isAcyclic());
        assertEquals(List.of(), closed.findCycle());
        assertTrue(closed.contains(0, n - 1));
        assertEquals(EventSet.all(n).difference(EventSet.of(n, n - 1)), closed.domain());
        Relation back = closed.converse();
        assertTrue(back.contains(n - 1, 0));
        assertTrue(closed.union(back).transitiveClosure().contains(5, 5));
        assertEquals(List.of(0, 1), chain.union(Relation.builder(n).add(1, 0).build()).findCycle());
    }
}
