package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rows of locks.md §8.5 that fit the default build: TLC (in a child JVM) gives every cell its
 * expected result, including the kind of counterexample. The long rows are in
 * {@link LivenessTableSlowTest}.
 */
class LivenessTableTest {

    @org.junit.jupiter.api.BeforeAll
    static void startAllRows() {
        RowResults.prefetch(TableCells.fast());
    }

    static Stream<LivenessTable.Row> rows() {
        return TableCells.fast();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyCellOfTheRowIsAsSection85Expects(LivenessTable.Row row) {
        TableCells.assertRow(row);
    }

    /**
     * TLC's numbers are read from its tool output: with one worker its breadth-first search is
     * deterministic, so the state counts and depths are exact (docs/performance.md, "Liveness", lists them).
     */
    @Test
    void tlcsNumbersOfTheFastRows() {
        LivenessResult slock = RowResults.of(Variant.STL, Configuration.C1);
        assertEquals(4_628, slock.distinctStates());
        assertEquals(71, slock.depth());
        assertEquals(1, slock.runs().size(), "every property holds: one run checks them all");
        LivenessResult cas = RowResults.of(Variant.CAS_PUT, Configuration.C3);
        assertEquals(3_695, cas.distinctStates());
        assertEquals(63, cas.depth());
        assertEquals(2, cas.runs().size(), "the lasso run, then DeadlockFreedom alone");
        LivenessResult mixcas = RowResults.of(Variant.NAIVE_MIXCAS, Configuration.C1);
        assertEquals(-1, mixcas.distinctStates(), "the violation stopped the only run");
        assertEquals(193, mixcas.exploredStates());
        assertEquals(13, mixcas.depth());
        for (LivenessResult r : java.util.List.of(slock, cas, mixcas)) {
            assertTrue(r.runs().stream().allMatch(run -> run.statistics().generated() >= run.statistics().distinct()
                    && run.statistics().millis() >= 0), r.name());
        }
    }

    @Test
    void everyRowIsInOneGroup() {
        Set<String> seen = new HashSet<>();
        Stream.concat(TableCells.fast(), TableCells.slow()).forEach(r -> assertTrue(seen.add(r.name()), r.name()));
        assertEquals(13, LivenessTable.rows().size(), "the table of section 8.5 has 13 (variant, configuration) rows");
        assertEquals(13, seen.size());
        assertTrue(LivenessTable.rows().stream().map(LivenessTable.Row::name).collect(java.util.stream.Collectors.toSet())
                .containsAll(TableCells.FAST), "every fast row exists");
    }

    @Test
    void everyVariantOfTheModelHasARow() {
        for (Variant v : Variant.values()) {
            assertTrue(LivenessTable.rows().stream().anyMatch(r -> r.variant() == v), v.name());
        }
    }
}
