package remo.loco.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import remo.loco.LocoFiles;

/**
 * The harness files under {@code examples/loco} are exactly the output of {@link HarnessCatalogue}
 * (so the checked-in IR cannot drift from its generator): every file byte for byte, and no
 * {@code .litmus} file the generator does not write. With {@code -Dremo.harnesses.write=true} the
 * test first writes the generator's output into the directory (the way to regenerate).
 */
class HarnessFilesTest {
    @Test
    void checkedInFilesAreTheGeneratorsOutput() throws IOException {
        Path dir = LocoFiles.harnesses();
        if (Boolean.getBoolean("remo.harnesses.write")) {
            HarnessCatalogue.write(dir);
        }
        Map<String, String> files = HarnessCatalogue.files();
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = dir.resolve(f.getKey());
            String onDisk = Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "(missing)";
            assertEquals(f.getValue(), onDisk, p + " differs from HarnessCatalogue's output; regenerate it "
                    + "(HarnessCatalogue's javadoc says how)");
        }
        Set<String> litmus = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".litmus")).forEach(litmus::add);
        }
        Set<String> generated = new TreeSet<>(files.keySet());
        generated.remove("expected.tsv");
        assertEquals(generated, litmus, "litmus files of " + dir + " against the generator's");
        assertEquals(52, generated.size(), "harnesses");
    }
}
