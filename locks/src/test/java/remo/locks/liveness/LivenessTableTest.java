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
