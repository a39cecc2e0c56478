package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/suite.md and the files of {@code examples/suite} and {@code examples/errors} say the
 * same: each test's program in the document is its file, byte for byte, every file is in the
 * document, and the summary table of suite.md §1 is {@code examples/suite/expected.tsv} (verdicts and |FS|). (The
 * script {@code examples/suite/check-extraction.py} checks more: flag flips, robustness labels and
 * repairs.)
 */
class SuiteReferenceTest {
    private static final Pattern TEST = Pattern.compile("^#{3,4} (?:\\d+\\.\\d+ )?([A-Za-z0-9]+)(?::[^\\n]*)?\\n\\n```\\n(RDMA .*?)```", Pattern.MULTILINE | Pattern.DOTALL);

    /** The abbreviations of the summary table: A, F, – (unsupported), — (no flag flips). */
    private static final Map<String, String> VERDICT = Map.of("A", "Allowed", "F", "Forbidden", "–", "unsupported", "—", "-");

    private static Path root() {
        return Path.of(System.getProperty("remo.root", "."));
    }

    @Test
    void everyProgramOfTheDocumentIsItsExampleFileAndEveryFileIsInTheDocument() throws IOException {
        String doc = Files.readString(root().resolve("docs/reference/suite.md"), StandardCharsets.UTF_8);
        Map<String, String> programs = new LinkedHashMap<>();
        Matcher m = TEST.matcher(doc);
        while (m.find()) {
            programs.put(m.group(1), m.group(2));
        }
        List<String> files = new ArrayList<>();
        for (String dir : List.of("examples/suite", "examples/errors")) {
            try (Stream<Path> s = Files.list(root().resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".litmus")).forEach(p -> files.add(dir + "/" + p.getFileName()));
            }
        }
        assertTrue(files.size() >= 89, "found " + files.size() + " files");
        List<String> differing = new ArrayList<>();
        for (String f : files) {
            String id = f.substring(f.lastIndexOf('/') + 1, f.length() - ".litmus".length());
            String text = Files.readString(root().resolve(f), StandardCharsets.UTF_8);
            if (!text.equals(programs.get(id))) {
                differing.add(id + (programs.containsKey(id) ? " differs from " : " is missing from ") + "suite.md");
            }
        }
        assertEquals(List.of(), differing);
        assertEquals(files.size(), programs.size(), "the document shows exactly the example files");
    }

    @Test
    void theSummaryTableIsExpectedTsv() throws IOException {
        String doc = Files.readString(root().resolve("docs/reference/suite.md"), StandardCharsets.UTF_8);
        String summary = doc.substring(doc.indexOf("\n## 1. "), doc.indexOf("\n## 2. "));
        List<String> rows = new ArrayList<>();
        for (String line : summary.split("\n")) {
            if (line.startsWith("| ") && !line.startsWith("| id") && !line.startsWith("| Id") && !line.startsWith("|---")) {
                List<String> cells = new ArrayList<>();
                for (String c : line.substring(1, line.length() - 1).split("(?<!\\\\)\\|")) {
                    cells.add(VERDICT.getOrDefault(c.strip(), c.strip().replace(" / ", "\t")));
                }
                cells.remove(7); // the flag-flip column, in words here (check-extraction.py compares it)
                rows.add(String.join("\t", cells));
            }
        }
        List<String> tsv = Files.readAllLines(root().resolve("examples/suite/expected.tsv"), StandardCharsets.UTF_8);
        List<String> expected = new ArrayList<>(tsv.subList(1, tsv.size()));
        expected.removeIf(r -> r.startsWith("R8\t")); // R8 belongs to suite.md §3, not to the summary of suite.md §2
        expected.replaceAll(r -> r.replaceFirst("^((?:[^\t]*\t){7})[^\t]*\t", "$1"));
        assertEquals(expected, rows);
    }
}
