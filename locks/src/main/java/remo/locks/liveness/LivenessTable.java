package remo.locks.liveness;

import static remo.locks.liveness.CounterexampleKind.DEADLOCK;
import static remo.locks.liveness.CounterexampleKind.INVARIANT;
import static remo.locks.liveness.CounterexampleKind.LASSO;
import static remo.locks.liveness.Expected.holds;
import static remo.locks.liveness.Expected.violated;
import static remo.locks.liveness.Property.BOUNDED_BYPASS;
import static remo.locks.liveness.Property.DEADLOCK_FREEDOM;
import static remo.locks.liveness.Property.MUTUAL_EXCLUSION;
import static remo.locks.liveness.Property.STARVATION_FREEDOM;
import static remo.locks.liveness.Property.TERMINATION;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rows of the table of locks.md §8.5: for each (variant, configuration) the results TLC must
 * give, the oracle of {@code remo liveness} and of the tests. A "—" cell of the table is not
 * listed and not checked. Each row's .cfg file lists exactly its properties.
 */
public final class LivenessTable {

    /**
     * One row.
     *
     * @param variant       the lock variant
     * @param configuration the configuration
     * @param cells         the expected result of each listed property, in the table's column order
     */
    public record Row(Variant variant, Configuration configuration, List<Expected> cells) {
        public Row {
            cells = List.copyOf(cells);
        }

        /** "wlock C1". */
        public String name() {
            return variant.lockName() + " " + configuration.name();
        }

        /** The bundled .cfg file's name, for example {@code wlock-C1.cfg}. */
        public String cfgFile() {
            return variant.lockName() + "-" + configuration.name() + ".cfg";
        }

        /** The cell of {@code property}, if the row has one. */
        public Optional<Expected> cell(String property) {
            return cells.stream().filter(c -> c.property().equals(property)).findFirst();
        }
    }

    private static final List<Row> ROWS = build();

    private LivenessTable() {
    }

    private static List<Row> build() {
        List<Row> rows = new ArrayList<>();
        List<Expected> allHold = List.of(holds(MUTUAL_EXCLUSION), holds(DEADLOCK_FREEDOM), holds(STARVATION_FREEDOM),
                holds(TERMINATION), holds(BOUNDED_BYPASS));
        List<Expected> bypassed = List.of(holds(MUTUAL_EXCLUSION), holds(DEADLOCK_FREEDOM), holds(STARVATION_FREEDOM),
                holds(TERMINATION), violated(BOUNDED_BYPASS, INVARIANT));
        for (Variant v : List.of(Variant.WTL, Variant.STL)) {
            rows.add(new Row(v, Configuration.C1, allHold));
            rows.add(new Row(v, Configuration.C2, allHold));
        }
        for (Variant v : List.of(Variant.CAS_PUT, Variant.CAS_RFAA)) {
            rows.add(new Row(v, Configuration.C1, bypassed));
            rows.add(new Row(v, Configuration.C3, List.of(holds(MUTUAL_EXCLUSION), holds(DEADLOCK_FREEDOM),
                    violated(STARVATION_FREEDOM, LASSO))));
        }
        // locks.md §8.5: TLC may report NAIVE_SERVING's stuck waiter as a deadlock state or as a lasso
        rows.add(new Row(Variant.NAIVE_SERVING, Configuration.C4, List.of(holds(MUTUAL_EXCLUSION),
                violated(DEADLOCK_FREEDOM, DEADLOCK, LASSO), violated(STARVATION_FREEDOM, DEADLOCK, LASSO),
                violated(TERMINATION, DEADLOCK, LASSO))));
        rows.add(new Row(Variant.NAIVE_MIXCAS, Configuration.C1, List.of(violated(MUTUAL_EXCLUSION, INVARIANT))));
        rows.add(new Row(Variant.NAIVE_NOGF, Configuration.C1, bypassed));
        // the lost release of C5 leaves L = 1 while the RCASs keep failing: a lasso, never a deadlock
        rows.add(new Row(Variant.CAS_PUT, Configuration.C5, List.of(holds(MUTUAL_EXCLUSION),
                violated(DEADLOCK_FREEDOM, LASSO), violated(STARVATION_FREEDOM, LASSO), violated(TERMINATION, LASSO))));
        rows.add(new Row(Variant.CAS_RFAA, Configuration.C5, bypassed));
        return List.copyOf(rows);
    }

    /** Every row, in the order of locks.md §8.5. */
    public static List<Row> rows() {
        return ROWS;
    }

    /** The row of {@code variant} in {@code configuration}, if locks.md §8.5 has one. */
    public static Optional<Row> row(Variant variant, Configuration configuration) {
        return ROWS.stream().filter(r -> r.variant() == variant && r.configuration() == configuration).findFirst();
    }
}
