package remo.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.checker.CheckResult;
import remo.checker.TestOutcome;
import remo.checker.Verdict;
import remo.litmus.Diagnostic;
import remo.litmus.LitmusException;
import remo.litmus.Position;

/**
 * An {@code --expect} file, tab-separated with a header row, in one of two layouts:
 * <ul>
 *   <li>columns {@code file} and {@code verdict} (Allowed or Forbidden), one row per test, the
 *       layout of {@code shared/corpus/x86/EXPECTED.tsv}; the verdict holds whatever the model;</li>
 *   <li>a column {@code id} (the test file is {@code <id>.litmus}) and one column per model
 *       holding {@code Allowed}, {@code Forbidden} or {@code unsupported}, the layout of
 *       {@code examples/suite/expected.tsv}; the column of the model a test ran under is used.</li>
 * </ul>
 * File names are relative to the TSV's directory.
 */
final class ExpectationFile {
    private static final String ANY_MODEL = "";
    private final Map<Path, Map<String, String>> expected;

    private ExpectationFile(Map<Path, Map<String, String>> expected) {
        this.expected = expected;
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
     * @throws LitmusException E-EXPECT with line and column for a missing column or a bad value,
     *                         E-IO if it cannot be read
     */
    static ExpectationFile read(Path tsv, String shown) throws LitmusException {
        List<String> lines;
        try {
            lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new LitmusException(Diagnostic.error("E-IO", shown, Position.START, "cannot read expectation file: "
                    + InputText.describe(e)));
        }
        if (lines.isEmpty()) {
            throw new LitmusException(Diagnostic.error("E-EXPECT", shown, Position.START,
                    "empty expectation file; expected a header row with columns 'file' and 'verdict', or 'id' and model names"));
        }
        List<String> header = List.of(lines.get(0).split("\t", -1));
        int fileCol = header.indexOf("file");
        int verdictCol = header.indexOf("verdict");
        int idCol = header.indexOf("id");
        boolean perModel = fileCol < 0 || verdictCol < 0;
        if (perModel && idCol < 0) {
            throw new LitmusException(Diagnostic.error("E-EXPECT", shown, Position.START,
                    "header row must name the columns 'file' and 'verdict', or 'id' and model names (tab-separated)"));
        }
        Path dir = tsv.toAbsolutePath().getParent();
        Map<Path, Map<String, String>> out = new LinkedHashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new LinkedHashMap<>();
            if (!perModel) {
                if (cells.length <= Math.max(fileCol, verdictCol)) {
                    throw new LitmusException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, 1),
                            "row has " + cells.length + " columns; expected at least " + (Math.max(fileCol, verdictCol) + 1)));
                }
                row.put(ANY_MODEL, checkWord(cells[verdictCol], shown, i, line, verdictCol, false));
                out.put(dir.resolve(cells[fileCol]).normalize(), row);
            } else {
                if (cells.length <= idCol) {
                    throw new LitmusException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, 1), "row has no id"));
                }
                for (int c = 0; c < header.size() && c < cells.length; c++) {
                    if (c != idCol && isModelWord(cells[c])) {
                        row.put(header.get(c), checkWord(cells[c], shown, i, line, c, true));
                    }
                }
                out.put(dir.resolve(cells[idCol] + ".litmus").normalize(), row);
            }
        }
        return new ExpectationFile(out);
    }

    private static boolean isModelWord(String s) {
        return s.equals("Allowed") || s.equals("Forbidden") || s.equals("unsupported");
    }

    private static String checkWord(String s, String shown, int i, String line, int col, boolean unsupportedOk)
            throws LitmusException {
        if (unsupportedOk && s.equals("unsupported")) {
            return s;
        }
        try {
            return Verdict.parse(s).word();
        } catch (IllegalArgumentException e) {
            throw new LitmusException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, column(line, col)),
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

    /** The expected word for a file under a model, or null. */
    String expected(Path file, String model) {
        Map<String, String> row = expected.get(file.toAbsolutePath().normalize());
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
            return new Judgement(Status.UNDECIDED, want, actual + " (partial)");
        }
        return new Judgement(want.equals(actual) ? Status.AGREE : Status.MISMATCH, want, actual);
    }

    /** Number of rows. */
    int size() {
        return expected.size();
    }
}
