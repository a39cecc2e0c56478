package remo.locks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import remo.litmus.Program;
import remo.locks.LockTestFiles;

/**
 * The checked-in harness files equal the output of {@link HarnessCatalog}, so the files cannot
 * drift from the locks.md §7.2 IR that {@code LockOpSequenceTest} ties to the Java classes. After changing
 * the catalog, regenerate with
 * {@code mvn -B -q test -pl locks -am -Dtest=HarnessFilesTest -Dsurefire.failIfNoSpecifiedTests=false -Dremo.locks.regenerate=true}.
 */
class HarnessFilesTest {

    private static final boolean REGENERATE = Boolean.getBoolean("remo.locks.regenerate");

    @Test
    void harnessFilesEqualTheGeneratorsOutput() throws IOException {
        compare(HarnessFiles.DIR, HarnessCatalog.all());
    }

    @Test
    void benchmarkHarnessFilesEqualTheGeneratorsOutput() throws IOException {
        compare(HarnessFiles.BENCH_DIR, HarnessCatalog.bench());
    }

    @Test
    void everyGeneratedHarnessParsesAndNamesItsProcedures() {
        for (Harness h : Stream.concat(HarnessCatalog.all().stream(), HarnessCatalog.bench().stream()).toList()) {
            Program p = LockTestFiles.parse(h.id() + ".litmus", h.text());
            assertEquals(h.id(), p.name());
            assertEquals(h.threads().size(), p.threads().size(), h.id());
            assertTrue(h.text().contains("P0 expands "), h.id());
            assertTrue(h.text().contains("Registers: "), h.id());
        }
    }

    private static void compare(String dir, List<Harness> harnesses) throws IOException {
        Path d = LockTestFiles.root().resolve(dir);
        Map<String, String> files = HarnessFiles.render(harnesses);
        if (REGENERATE) {
            try (Stream<Path> s = Files.exists(d) ? Files.list(d) : Stream.empty()) {
                for (Path p : s.filter(p -> p.toString().endsWith(".litmus")).toList()) {
                    Files.delete(p);
                }
            }
            HarnessFiles.write(d, files);
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = d.resolve(f.getKey());
            assertTrue(Files.exists(p), p + " is missing; regenerate (see HarnessFilesTest's javadoc)");
            assertEquals(f.getValue(), Files.readString(p, StandardCharsets.UTF_8),
                    p + " differs from the generator's output; regenerate (see HarnessFilesTest's javadoc)");
        }
        Set<String> onDisk;
        try (Stream<Path> s = Files.list(d)) {
            onDisk = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".litmus"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        onDisk.removeAll(files.keySet());
        assertEquals(Set.of(), onDisk, "litmus files in " + dir + " that the generator does not produce");
    }
}
