package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which rows of locks.md §8.5 the default build checks and which only {@code -Pslow} does, and the
 * assertion of every cell of a row. Every row is in exactly one of the two groups
 * ({@link LivenessTableTest#everyRowIsInOneGroup}).
 */
final class TableCells {
    /**
     * The rows small enough for the default build (a few seconds of CPU each on 2 cores;
     * docs/performance.md, "Liveness", gives every row's time): a row whose every property holds, one with a lasso and
     * one with an invariant violation. Every other row runs with {@code -Pslow}.
     */
    static final Set<String> FAST = Set.of("slock C1", "clock-put C3", "naive-mixcas C1");

    private TableCells() {
    }

    static Stream<LivenessTable.Row> fast() {
        return LivenessTable.rows().stream().filter(r -> FAST.contains(r.name()));
    }

    static Stream<LivenessTable.Row> slow() {
        return LivenessTable.rows().stream().filter(r -> !FAST.contains(r.name()));
    }

    /** Asserts every cell of the row: the result and, for a violation, the counterexample kind. */
    static void assertRow(LivenessTable.Row row) {
        LivenessResult r = RowResults.of(row.variant(), row.configuration());
        assertNull(r.limit(), row.name() + ": no time limit was set");
        List<String> listed = r.results().stream().map(PropertyResult::property).toList();
        assertEquals(row.cells().stream().map(Expected::property).sorted().toList(), listed.stream().sorted().toList(),
                row.name() + ": the .cfg lists exactly the properties of the row");
        for (Expected cell : row.cells()) {
            PropertyResult p = r.result(cell.property()).orElseThrow();
            assertTrue(cell.matches(p), row.name() + " " + cell.property() + ": expected " + cell.describe() + ", TLC: "
                    + p.describe());
            if (!cell.holds()) {
                assertNotNull(p.counterexample());
                assertTrue(p.counterexample().states().size() > 1, "a counterexample has steps");
            }
        }
        assertTrue(r.distinctStates() > 0 || r.exploredStates() > 0, "TLC's state count is read");
    }
}
