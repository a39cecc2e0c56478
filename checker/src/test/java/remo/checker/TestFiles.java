package remo.checker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * Locates test data: the project's {@code examples/} and the shared corpus at
 * {@code testdata/x86}, both found from the system property {@code remo.root} that the
 * build sets to the checkout's root. Public for the tests of the sub-packages.
 */
public final class TestFiles {
    private static final ModelLibrary LIBRARY = new ModelLibrary();
    private static final Map<String, CatModel> MODELS = new java.util.concurrent.ConcurrentHashMap<>();

    private TestFiles() {
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

    public static Path errorsDir() {
        return root().resolve("examples/errors");
    }

    public static Path corpusDir() {
        return root().resolve("testdata/x86").normalize();
    }

    /** Rows of a TSV file with a header, as column-name maps. */
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

    public static Program read(Path file) throws Exception {
        return LitmusParser.read(file, file.getFileName().toString());
    }

    public static CheckResult check(Program p, String model, FlagValues flags) throws Exception {
        return AxiomaticChecker.check(p, model(model), flags, CheckOptions.defaults());
    }

    public static CheckResult check(Program p, String model) throws Exception {
        return check(p, model, FlagValues.defaults().withAll(p.flags()));
    }
}
