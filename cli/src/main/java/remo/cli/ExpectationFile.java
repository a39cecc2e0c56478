package remo.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.checker.Verdict;
import remo.litmus.Diagnostic;
import remo.litmus.LitmusException;
import remo.litmus.Position;

/**
 * An {@code --expect} file: tab-separated, a header row with at least the columns {@code file}
 * and {@code verdict} (Allowed or Forbidden), one row per test (the format of
 * {@code shared/corpus/x86/EXPECTED.tsv}). File names are relative to the TSV's directory.
 */
final class ExpectationFile {
    private final Map<Path, Verdict> verdicts;

    private ExpectationFile(Map<Path, Verdict> verdicts) {
        this.verdicts = verdicts;
    }

    /**
     * Reads an expectation file.
     *
     * @param tsv   the file
     * @param shown its name as given, for messages
     * @throws LitmusException E-EXPECT with line and column for a missing column or a bad verdict,
     *                         E-IO if it cannot be read
     */
    static ExpectationFile read(Path tsv, String shown) throws LitmusException {
        List<String> lines;
        try {
            lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new LitmusException(Diagnostic.error("E-IO", shown, Position.START, "cannot read expectation file: " + e.getMessage()));
        }
        if (lines.isEmpty()) {
            throw new LitmusException(Diagnostic.error("E-EXPECT", shown, Position.START,
                    "empty expectation file; expected a header row with columns 'file' and 'verdict'"));
        }
        List<String> header = List.of(lines.get(0).split("\t", -1));
        int fileCol = header.indexOf("file");
        int verdictCol = header.indexOf("verdict");
        if (fileCol < 0 || verdictCol < 0) {
            throw new LitmusException(Diagnostic.error("E-EXPECT", shown, Position.START,
                    "header row must name the columns 'file' and 'verdict' (tab-separated)"));
        }
        Path dir = tsv.toAbsolutePath().getParent();
        Map<Path, Verdict> out = new LinkedHashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length <= Math.max(fileCol, verdictCol)) {
                throw new LitmusException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, 1),
                        "row has " + cells.length + " columns; expected at least " + (Math.max(fileCol, verdictCol) + 1)));
            }
            Verdict v;
            try {
                v = Verdict.parse(cells[verdictCol]);
            } catch (IllegalArgumentException e) {
                throw new LitmusException(Diagnostic.error("E-EXPECT", shown, new Position(i + 1, column(line, verdictCol)),
                        e.getMessage()));
            }
            out.put(dir.resolve(cells[fileCol]).normalize(), v);
        }
        return new ExpectationFile(out);
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

    /** The expected verdict for a file, or {@code null} if the TSV has no row for it. */
    Verdict expected(Path file) {
        return verdicts.get(file.toAbsolutePath().normalize());
    }

    /** Number of rows. */
    int size() {
        return verdicts.size();
    }
}
