package remo.locks.liveness;

import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rows of locks.md §8.5 outside {@link TableCells#FAST}: run with {@code mvn -Pslow}; their
 * times are in docs/performance.md, "Liveness".
 */
@Tag("slow")
class LivenessTableSlowTest {

    @org.junit.jupiter.api.BeforeAll
    static void startAllRows() {
        RowResults.prefetch(TableCells.slow());
    }

    static Stream<LivenessTable.Row> rows() {
        return TableCells.slow();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyCellOfTheRowIsAsSection85Expects(LivenessTable.Row row) {
        TableCells.assertRow(row);
    }
}
