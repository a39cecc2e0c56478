package remo.core;

/**
 * A position in a source file: line and column, both starting at 1 (language.md §2.1).
 * Columns count Unicode code points; a TAB counts as one column.
 *
 * @param line   line number, 1-based
 * @param column column number, 1-based
 */
public record Position(int line, int column) implements Comparable<Position> {

    /** The position used for whole-file diagnostics such as an empty file: {@code 1:1}. */
    public static final Position START = new Position(1, 1);

    /** A position for synthesised program parts (generators, repairs) that have no source text. */
    public static final Position NONE = new Position(0, 0);

    @Override
    public int compareTo(Position o) {
        return line != o.line ? Integer.compare(line, o.line) : Integer.compare(column, o.column);
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }

    // equals and hashCode written out with exactly a record's own results (components in order,
    // hash 31 * h + component hash), because the implicit ones are bound on first call by a
    // bootstrap that generates method-handle classes: milliseconds of every short check
    // (RecordMethodsTest pins the values)
    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && line == p.line && column == p.column;
    }

    @Override
    public int hashCode() {
        return 31 * Integer.hashCode(line) + Integer.hashCode(column);
    }
}
