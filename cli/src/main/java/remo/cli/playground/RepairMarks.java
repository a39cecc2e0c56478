package remo.cli.playground;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import remo.checker.robust.Insertion;

/**
 * Finds the inserted fences of a repair (models.md §10.3) in the repaired program's text as
 * {@link remo.litmus.ProgramPrinter} prints it: the threads are the columns of its table, between
 * {@code |}, one instruction per row; a fence inserted into thread {@code t} before original
 * instruction {@code i} is, after the {@code k} fences inserted earlier into {@code t}, in row
 * {@code i - 1 + k} of column {@code t}. The page highlights these cells.
 */
final class RepairMarks {
    private RepairMarks() {
    }

    /**
     * Where an inserted fence is: 1-based line, and the columns of its cell (from inclusive, to
     * exclusive, 1-based).
     *
     * @param line   the line
     * @param from   the first column of the cell's text
     * @param to     the column after it
     * @param thread the thread it was inserted into
     */
    record Mark(int line, int from, int to, int thread) {
    }

    /**
     * The marks of {@code insertions} in {@code text}.
     *
     * @param text       the repaired program as printed
     * @param insertions the repair
     * @return one mark per insertion found in the text (all of them for a text of the printer)
     */
    static List<Mark> locate(String text, List<Insertion> insertions) {
        String[] lines = text.split("\n", -1);
        int header = -1;
        for (int n = 0; n < lines.length; n++) {
            if (lines[n].matches("\\s*P0\\b.*;\\s*")) {
                header = n;
                break;
            }
        }
        List<Mark> marks = new ArrayList<>();
        if (header < 0) {
            return marks;
        }
        List<Insertion> sorted = new ArrayList<>(insertions);
        sorted.sort(Comparator.comparingInt(Insertion::thread).thenComparingInt(Insertion::before));
        int previousThread = -1;
        int earlier = 0;
        for (Insertion i : sorted) {
            earlier = i.thread() == previousThread ? earlier + 1 : 0;
            previousThread = i.thread();
            int n = header + 1 + (i.before() - 1) + earlier;
            if (n >= lines.length) {
                continue;
            }
            int[] cell = cell(lines[n], i.thread());
            if (cell != null) {
                marks.add(new Mark(n + 1, cell[0] + 1, cell[1] + 1, i.thread()));
            }
        }
        return marks;
    }

    /** The 0-based span of the trimmed text of cell {@code column} of a table row, or null. */
    private static int[] cell(String row, int column) {
        int start = 0;
        for (int c = 0; c < column; c++) {
            int bar = row.indexOf('|', start);
            if (bar < 0) {
                return null;
            }
            start = bar + 1;
        }
        int end = row.indexOf('|', start);
        if (end < 0) {
            end = row.lastIndexOf(';');
            if (end < start) {
                end = row.length();
            }
        }
        while (start < end && Character.isWhitespace(row.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(row.charAt(end - 1))) {
            end--;
        }
        return start == end ? null : new int[] {start, end};
    }
}
