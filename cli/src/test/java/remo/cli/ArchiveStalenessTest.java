package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the launcher trains its class-data archive again ({@code remo_archive_stale} in {@code ./remo},
 * run as it is there): a missing archive, one older than the jar, and one older than the JDK's own
 * archive it extends (recorded beside it in {@code ARCHIVE.base}). The last case is the one the
 * JVM gives no sign of: it maps no dynamic archive whose base archive changed (a JDK update, a
 * {@code java -Xshare:dump}), and every start lost about 0.1 s until the next build.
 */
class ArchiveStalenessTest {
    private static final Instant JAR_TIME = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;
    private Path jar;
    private Path archive;

    @BeforeEach
    void files() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")),
                "bash runs the launcher's function");
        jar = file("remo.jar", JAR_TIME);
        archive = dir.resolve("remo.jsa");
    }

    @Test
    void aMissingArchiveIsTrained() throws Exception {
        assertTrue(stale());
    }

    @Test
    void anArchiveOlderThanTheJarIsTrained() throws Exception {
        file("remo.jsa", JAR_TIME.minusSeconds(60));
        assertTrue(stale());
    }

    @Test
    void anArchiveNewerThanTheJarWithoutARecordedBaseIsKept() throws Exception {
        file("remo.jsa", JAR_TIME.plusSeconds(60));
        assertFalse(stale());
    }

    @Test
    void anArchiveNewerThanItsBaseIsKept() throws Exception {
        file("remo.jsa", JAR_TIME.plusSeconds(60));
        Path base = file("classes.jsa", JAR_TIME.minusSeconds(3600));
        Files.writeString(dir.resolve("remo.jsa.base"), base + "\n");
        assertFalse(stale());
    }

    @Test
    void anArchiveOlderThanItsBaseIsTrained() throws Exception {
        file("remo.jsa", JAR_TIME.plusSeconds(60));
        Path base = file("classes.jsa", JAR_TIME.plusSeconds(120));
        Files.writeString(dir.resolve("remo.jsa.base"), base + "\n");
        assertTrue(stale());
    }

    @Test
    void aBaseThatIsGoneKeepsTheArchive() throws Exception {
        file("remo.jsa", JAR_TIME.plusSeconds(60));
        Files.writeString(dir.resolve("remo.jsa.base"), dir.resolve("gone.jsa") + "\n");
        assertFalse(stale());
    }

    private Path file(String name, Instant time) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, name);
        Files.setLastModifiedTime(p, FileTime.from(time));
        return p;
    }

    /** Runs the launcher's remo_archive_stale on the archive: true for exit status 0 (stale), false for 1. */
    private boolean stale() throws IOException, InterruptedException {
        String launcher = Files.readString(TestData.root().resolve("remo"));
        int begin = launcher.indexOf("# --- archive (begin)");
        int end = launcher.indexOf("# --- archive (end) ---");
        assertTrue(begin > 0 && end > begin, "the launcher marks its archive function");
        Path script = dir.resolve("stale.sh");
        Files.writeString(script, "set -euo pipefail\njar='" + jar + "'\n" + launcher.substring(begin, end)
                + "if remo_archive_stale '" + archive + "'; then exit 0; else exit 1; fi\n", StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the function returns");
        assertEquals("", output, "the function prints nothing");
        assertTrue(p.exitValue() == 0 || p.exitValue() == 1, "exit status 0 or 1, not " + p.exitValue());
        return p.exitValue() == 0;
    }
}
