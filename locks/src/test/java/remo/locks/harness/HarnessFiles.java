package remo.locks.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.locks.harness.Harness.PSc;

/**
 * The generated files: one {@code ID.litmus} per harness and an {@code expected.tsv} in the layout
 * of {@code examples/suite/expected.tsv} (an {@code id} column, one column per model, then
 * {@code budget} — {@code default}, {@code slow} or {@code slow:MODEL,...} (slow under those models only) — and {@code p_sc} — {@code same}, {@code differ}
 * or {@code -}, locks.md §4.6).
 */
final class HarnessFiles {
    /** The harnesses' directory under the checkout root. */
    static final String DIR = "examples/locks";
    /** The benchmark harnesses' directory (locks.md §7.5: not in the default suite). */
    static final String BENCH_DIR = "examples/locks-bench";

    private HarnessFiles() {
    }

    /** File name to content for the harnesses of one directory, {@code expected.tsv} last. */
    static Map<String, String> render(List<Harness> harnesses) {
        Map<String, String> files = new LinkedHashMap<>();
        StringBuilder tsv = new StringBuilder("id\trdma-wait-rmw\trdma-sc-rmw\tbudget\tp_sc\n");
        for (Harness h : harnesses) {
            files.put(h.id() + ".litmus", h.text());
            Harness.Expected e = h.expected();
            tsv.append(h.id()).append('\t').append(e.waitRmw().word()).append('\t').append(e.scRmw().word()).append('\t')
                    .append(e.budget(HarnessResults.MODELS)).append('\t')
                    .append(e.psc() == PSc.NONE ? "-" : e.psc().name().toLowerCase(java.util.Locale.ROOT)).append('\n');
        }
        files.put("expected.tsv", tsv.toString());
        return files;
    }

    /** Writes the files into {@code dir} (created if missing). */
    static void write(Path dir, Map<String, String> files) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
        }
    }
}
