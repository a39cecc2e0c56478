package remo.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.checker.CheckResult;
import remo.checker.TestOutcome;
import remo.checker.Verdict;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.core.UserPath;

/**
 * An {@code --expect} file, tab-separated with a header row, in one of two layouts:
 * <ul>
 *   <li>columns {@code file} and {@code verdict} (Allowed or Forbidden), one row per test, the
 *       layout of {@code testdata/x86/EXPECTED.tsv}; the verdict holds whatever the model;</li>
 *   <li>a column {@code id} (the test file is {@code <id>.litmus}) and one column per model
 *       holding {@code Allowed}, {@code Forbidden} or {@code unsupported}, the layout of
 *       {@code examples/suite/expected.tsv}; the column of the model a test ran under is used.</li>
 * </ul>
 * File names are relative to the TSV's directory. In the per-model layout the columns named after
 * the bundled models are read; their cells must be {@code Allowed}, {@code Forbidden} or
 * {@code unsupported}. A UTF-8 byte-order mark is ignored; a test may have one row only.
 */
final class ExpectationFile {
    private static final String ANY_MODEL = "";
    private final Map<Path, Map<String, String>> expected;
    private final java.util.Set<String> modelColumns;

    private ExpectationFile(Map<Path, Map<String, String>> expected, java.util.Set<String> modelColumns) {
        this.expected = expected;
        this.modelColumns = modelColumns;
    }

    /**
     * Whether the file has expectations for tests run under {@code model}: always for the
     * {@code file}/{@code verdict} layout, and for the per-model layout when it has a column named
     * after the model.
     */
    boolean covers(String model) {
        return modelColumns == null || modelColumns.contains(model);
    }

    /** How a test's outcome compares with its expectation. */
    enum Status {
        /** No expectation for this test (or this model). */
        NONE,
        /** The outcome is the expected one. */
        AGREE,
        /** It is not. */
        MISMATCH,
        /** A partial run found no witness yet: Forbidden is not established, Allowed not excluded. */
        UNDECIDED
    }

    /**
     * A comparison.
     *
     * @param status   the comparison
     * @param expected the expected word ({@code Allowed}, {@code Forbidden}, {@code unsupported}), or null
     * @param actual   what the test gave
     */
    record Judgement(Status status, String expected, String actual) {
        /** The expected verdict, or null if none or {@code unsupported}. */
        Verdict expectedVerdict() {
            return expected == null || expected.equals("unsupported") ? null : Verdict.parse(expected);
        }
    }

    /**
     * Reads an expectation file.
     *
     * @param tsv   the file
     * @param shown its name as given, for messages
     * @throws DiagnosticException E-EXPECT with line and column for a missing column or a bad value,
     *                         E-IO if it cannot be read
     */
    static ExpectationFile read(Path tsv, String shown) throws DiagnosticException {
        List<String> lines;
        try {
            lines = remo.core.SourceText.decode(remo.core.InputLimits.read(tsv, shown), shown, "E-EXPECT").lines().toList();
        } catch (IOException | RuntimeException e) {
            throw new DiagnosticException(Diagnostic.error("E-IO", shown, Position.START, "cannot read expectation file: "
                    + InputText.describe(e)));
        }
        if (lines.isEmpty()) {
            throw new DiagnosticException(Diagnostic.error("E-EXPECT", shown, Position.START,
                    "empty expectation file; expected a header row with columns 'file' and 'verdict', or 'id' and model names"));
        }
        String first = lines.get(0).startsWith("\uFEFF") ? lines.get(0).substring(1) : lines.get(0);
        List<String> header = List.of(first.split("\t", -1));
        int fileCol = header.indexOf("file");
        int verdictCol = header.indexOf("verdict");
        int idCol = header.indexOf("id");
        boolean perModel = fileCol < 0 || verdictCol < 0;
        if (perModel && idCol < 0) {
            throw new DiagnosticException(Diagnostic.error("E-EXPECT", shown, Position.START,
                    "header row must name the columns 'file' and 'verdict', or 'id' and model names (tab-separated)"));
        }
        Path dir = tsv.toAbsolutePath().getParent();
        Map<Path, Map<String, String>> out = new LinkedHashMap<>();
        Map<Path, Integer> rowOf = new java.util.HashMap<>();
        java.util.Set<String> models = null;
        if (perModel) {
            models = new java.util.LinkedHashSet<>();
            for (String h : header) {
                if (remo.models.ModelLibrary.BUNDLED.contains(h.trim())) {
                    models.add(h.trim());
                }
            }
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new LinkedHashMap<>();
            if (!perModel) {
                if (cells.length <= Math.max(fileCol, verdictCol)) {
                    throw new DiagnosticException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, 1),
                            "row has " + cells.length + (cells.length == 1 ? " column" : " columns") + "; expected at least " + (Math.max(fileCol, verdictCol) + 1)));
                }
                row.put(ANY_MODEL, checkWord(cells[verdictCol].trim(), shown, i, line, verdictCol, false));
                put(out, rowOf, rowPath(dir, cells[fileCol].trim(), shown, i, line, fileCol), row, shown, i, cells[fileCol]);
            } else {
                if (cells.length <= idCol) {
                    throw new DiagnosticException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, 1), "row has no id"));
                }
                for (int c = 0; c < header.size() && c < cells.length; c++) {
                    if (c != idCol && models.contains(header.get(c).trim())) {
                        row.put(header.get(c).trim(), checkWord(cells[c].trim(), shown, i, line, c, true));
                    }
                }
                put(out, rowOf, rowPath(dir, cells[idCol].trim() + ".litmus", shown, i, line, idCol), row, shown, i, cells[idCol]);
            }
        }
        return new ExpectationFile(out, models);
    }

    /** The test file a row names, through {@link UserPath}: E-IO at the cell for a name no file can have. */
    private static Path rowPath(Path dir, String name, String shown, int i, String line, int cell) throws DiagnosticException {
        return UserPath.resolve(dir, name, shown, new Position(i + 1, column(line, cell)), "E-IO", "test file").normalize();
    }

    /** A file's identity for matching rows: its real path (symbolic links resolved) if it exists. */
    private static Path canonical(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (java.io.IOException | SecurityException e) {
            return abs;
        }
    }

    private static void put(Map<Path, Map<String, String>> out, Map<Path, Integer> rowOf, Path file,
                            Map<String, String> row, String shown, int i, String name) throws DiagnosticException {
        file = canonical(file);
        Integer earlier = rowOf.put(file, i + 1);
        if (earlier != null) {
            throw new DiagnosticException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, 1),
                    "second row for '" + remo.core.SourceText.quote(name.trim()) + "' (the first is on line " + earlier + ")"));
        }
        out.put(file, row);
    }

    private static String checkWord(String s, String shown, int i, String line, int col, boolean unsupportedOk)
            throws DiagnosticException {
        if (unsupportedOk && s.equals("unsupported")) {
            return s;
        }
        try {
            return Verdict.parse(s).word();
        } catch (IllegalArgumentException e) {
            throw new DiagnosticException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, column(line, col)),
                    e.getMessage()));
        }
    }

    private static int column(String line, int cell) {
        int col = 1;
        for (int k = 0, c = 0; k < line.length() && c < cell; k++) {
            col++;
            if (line.charAt(k) == '\t') {
                c++;
            }
        }
        return col;
    }

    /** Whether the file has a row (under any model): for counting the expectations an interrupt left unchecked. */
    boolean hasRow(Path file) {
        return expected.containsKey(canonical(file));
    }

    /** The expected word for a file under a model, or null. */
    String expected(Path file, String model) {
        Map<String, String> row = expected.get(canonical(file));
        if (row == null) {
            return null;
        }
        String any = row.get(ANY_MODEL);
        return any != null ? any : model == null ? null : row.get(model);
    }

    /**
     * Compares a test's outcome with its expectation.
     *
     * @param file  the test file
     * @param o     its outcome
     * @param model the model it ran (or would have run) under
     */
    Judgement judge(Path file, TestOutcome o, String model) {
        String want = expected(file, model);
        if (want == null) {
            return new Judgement(Status.NONE, null, null);
        }
        if (o.error() != null) {
            boolean unsupported = o.error().code().equals("E-UNSUPPORTED");
            String actual = unsupported ? "unsupported" : o.error().code();
            if (!unsupported) {
                return new Judgement(Status.NONE, want, actual);
            }
            return new Judgement(want.equals("unsupported") ? Status.AGREE : Status.MISMATCH, want, actual);
        }
        CheckResult r = o.result();
        String actual = r.verdict().word();
        if (r.partial() && r.verdict() == Verdict.FORBIDDEN) {
            // no witness found before the limit: neither verdict is established
            return new Judgement(Status.UNDECIDED, want, "Undecided (partial: no witness yet)");
        }
        return new Judgement(want.equals(actual) ? Status.AGREE : Status.MISMATCH, want, actual);
    }

    /** Number of rows. */
    int size() {
        return expected.size();
    }
}
