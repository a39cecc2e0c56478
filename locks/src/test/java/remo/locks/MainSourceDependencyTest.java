package remo.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The locks' main code depends only on the simulated NIC's API ({@code remo.nic}) and the LOCO object
 * model ({@code remo.loco}'s base classes, not its specifications or checkers; architecture.md:
 * locks → loco-objects, nic at run time; checker and conformance only from the tests) and, in the liveness
 * runner's child-JVM entry point {@code TlcChild} alone, on TLC's own classes; no main file exceeds
 * the house limit of about 500 lines.
 */
class MainSourceDependencyTest {

    @Test
    void mainSourcesImportOnlyJavaTheNicTheObjectModelAndThemselves() throws IOException {
        List<String> bad = new ArrayList<>();
        int files = 0;
        try (Stream<Path> s = Files.walk(LockTestFiles.root().resolve("locks/src/main/java"))) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                files++;
                List<String> lines = Files.readAllLines(p);
                assertTrue(lines.size() <= 500, p + " has " + lines.size() + " lines");
                // TLC runs only in a child JVM; its entry point reads TLC's state counts for progress
                String allowed = p.getFileName().toString().equals("TlcChild.java")
                        ? "import (static )?(java\\.|remo\\.nic\\.|remo\\.locks\\.|remo\\.loco\\.[A-Z]|tlc2\\.).*"
                        : "import (static )?(java\\.|remo\\.nic\\.|remo\\.locks\\.|remo\\.loco\\.[A-Z]).*";
                for (String line : lines) {
                    String l = line.strip();
                    if (l.startsWith("import ") && !l.matches(allowed)) {
                        bad.add(p.getFileName() + ": " + l);
                    }
                }
            }
        }
        assertTrue(files > 10, "found the main sources");
        assertEquals(List.of(), bad);
    }
}
