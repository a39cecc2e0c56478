package remo.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * Test data for the nic module: the project's {@code examples/suite} and the shared x86 corpus, both
 * found from the system property {@code remo.root} (set by surefire to the checkout root).
 */
public final class NicTestFiles {
    private static final ModelLibrary LIBRARY = new ModelLibrary();
    private static final Map<String, CatModel> MODELS = new ConcurrentHashMap<>();

    private NicTestFiles() {
    }

    public static Path root() {
        String r = System.getProperty("remo.root");
        if (r == null) {
            throw new IllegalStateException("system property remo.root is not set (run the tests through Maven)");
        }
        return Path.of(r);
    }

    public static Path suiteDir() {
        return root().resolve("examples/suite");
    }

    public static Path corpusDir() {
        return root().resolve("testdata/x86").normalize();
    }

    /** Whether the extended conformance run was requested ({@code -Dremo.nic.full=true} or {@code -Pnic-full}). */
    public static boolean full() {
        return Boolean.parseBoolean(System.getProperty("remo.nic.full", "false"));
    }

    /** Every suite test file name, sorted. */
    public static List<String> suiteFiles() {
        try (Stream<Path> s = Files.list(suiteDir())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".litmus")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + suiteDir(), e);
        }
    }

    /** The corpus files listed in EXPECTED.tsv. */
    public static List<String> corpusFiles() {
        List<String> out = new ArrayList<>();
        for (Map<String, String> row : tsv(corpusDir().resolve("EXPECTED.tsv"))) {
            out.add(row.get("file"));
        }
        return out;
    }

    /** Rows of a TSV file with a header. */
    public static List<Map<String, String>> tsv(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String[] header = lines.get(0).split("\t", -1);
            List<Map<String, String>> rows = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < header.length; i++) {
                    row.put(header[i], i < cells.length ? cells[i] : "");
                }
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    public static CatModel model(String name) {
        return MODELS.computeIfAbsent(name, n -> {
            try {
                return LIBRARY.load(n);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    public static Program read(Path file) {
        try {
            return LitmusParser.read(file, file.getFileName().toString());
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + file + ": " + e, e);
        }
    }

    public static Program suite(String id) {
        return read(suiteDir().resolve(id.endsWith(".litmus") ? id : id + ".litmus"));
    }

    public static FlagValues flags(Program p) {
        return FlagValues.defaults().withAll(p.flags());
    }
}
