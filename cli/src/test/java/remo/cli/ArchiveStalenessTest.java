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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data archive ({@code remo_archive_stale} and {@code remo_train_archive} in
 * {@code ./remo}, run as they are there). When it is trained again: a missing archive, one older
 * than the jar, and one older than the JDK's own archive it extends (recorded beside it in
 * {@code ARCHIVE.base}). The last case is the one the JVM gives no sign of: it maps no dynamic
 * archive whose base archive changed (a JDK update, a {@code java -Xshare:dump}), and every start
 * lost about 0.1 s until the next build. How it is trained: by a JVM that only interprets, with
 * a stand-in JVM that records its arguments.
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
    void anArchiveOfAnEarlierLauncherIsTrainedAgain() throws Exception {
        // no record of its base: trained by a JVM that compiled, which could leave a hot method interpreted
        file("remo.jsa", JAR_TIME.plusSeconds(60));
        assertTrue(stale());
    }

    @Test
    void anArchiveOfAJdkWithoutItsOwnArchiveIsKept() throws Exception {
        archiveNewerThanTheJarRecording("");
        assertFalse(stale());
    }

    @Test
    void anArchiveNewerThanItsBaseIsKept() throws Exception {
        archiveNewerThanTheJarRecording(file("classes.jsa", JAR_TIME.minusSeconds(3600)) + "\n");
        assertFalse(stale());
    }

    @Test
    void anArchiveOlderThanItsBaseIsTrained() throws Exception {
        archiveNewerThanTheJarRecording(file("classes.jsa", JAR_TIME.plusSeconds(120)) + "\n");
        assertTrue(stale());
    }

    @Test
    void aBaseThatIsGoneKeepsTheArchive() throws Exception {
        archiveNewerThanTheJarRecording(dir.resolve("gone.jsa") + "\n");
        assertFalse(stale());
    }

    /** An archive a minute newer than the jar, with {@code record} as its base record (ARCHIVE.base). */
    private void archiveNewerThanTheJarRecording(String record) throws IOException {
        file("remo.jsa", JAR_TIME.plusSeconds(60));
        Files.writeString(dir.resolve("remo.jsa.base"), record);
    }

    @Test
    void theTrainingRunInterpretsAndRecordsTheBaseArchive() throws Exception {
        // a stand-in JVM in a JDK-like folder: records its arguments, writes the archive it is asked for
        Path jdk = dir.resolve("jdk");
        Path java = fakeJava(jdk, 0);
        Path base = jdk.resolve("lib/server/classes.jsa");
        Files.createDirectories(base.getParent());
        Files.writeString(base, "base");
        assertEquals(0, train(java).exitValue());
        assertEquals("archive", Files.readString(archive), "the archive is moved in place");
        assertEquals(base.toRealPath() + "\n", Files.readString(dir.resolve("remo.jsa.base")), "its base archive is recorded");
        assertFalse(Files.exists(dir.resolve("remo.jsa.failed")));
        List<String> args = Files.readAllLines(jdk.resolve("args"));
        // -Xint: a JDK 17 archive written while the JVM compiled left a hot method interpreted for good
        assertEquals("-Xint", args.get(0), "the training JVM only interprets: " + args);
        assertTrue(args.stream().anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit=")), args.toString());
        assertTrue(args.stream().anyMatch(a -> a.startsWith("-Dremo.archiveTraining=")), args.toString());
    }

    @Test
    void aFailedTrainingLeavesAMarkAndNoArchive() throws Exception {
        file("remo.jsa", JAR_TIME.minusSeconds(60));
        Path java = fakeJava(dir.resolve("jdk"), 1);
        assertEquals(0, train(java).exitValue());
        assertFalse(Files.exists(archive), "no archive after a failed training");
        assertTrue(Files.exists(dir.resolve("remo.jsa.failed")), "the failure is marked until the next build");
    }

    private static Path fakeJava(Path jdk, int status) throws IOException {
        Path java = jdk.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > '" + jdk.resolve("args") + "'\n"
                + "for a in \"$@\"; do case \"$a\" in -XX:ArchiveClassesAtExit=*) printf archive > \"${a#*=}\" ;; esac; done\n"
                + "exit " + status + "\n");
        java.toFile().setExecutable(true);
        return java;
    }

    /** Runs the launcher's remo_train_archive with {@code java} as the JVM. */
    private Process train(Path java) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", script("java_bin='" + java + "'\nroot='" + dir + "'\njsa='" + archive
                + "'\nboot=()\ngc=(-XX:+UseSerialGC)\n", "remo_train_archive\n").toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the function returns");
        assertEquals("", output, "the training prints nothing");
        return p;
    }

    /** A script: the launcher's variables ({@code jar} and {@code settings}), its archive functions, then {@code call}. */
    private Path script(String settings, String call) throws IOException {
        String launcher = Files.readString(TestData.root().resolve("remo"));
        int begin = launcher.indexOf("# --- archive (begin)");
        int end = launcher.indexOf("# --- archive (end) ---");
        assertTrue(begin > 0 && end > begin, "the launcher marks its archive functions");
        Path script = dir.resolve("archive.sh");
        Files.writeString(script, "set -euo pipefail\njar='" + jar + "'\n" + settings + launcher.substring(begin, end) + call,
                StandardCharsets.UTF_8);
        return script;
    }

    private Path file(String name, Instant time) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, name);
        Files.setLastModifiedTime(p, FileTime.from(time));
        return p;
    }

    /** Runs the launcher's remo_archive_stale on the archive: true for exit status 0 (stale), false for 1. */
    private boolean stale() throws IOException, InterruptedException {
        Path script = script("", "if remo_archive_stale '" + archive + "'; then exit 0; else exit 1; fi\n");
        Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the function returns");
        assertEquals("", output, "the function prints nothing");
        assertTrue(p.exitValue() == 0 || p.exitValue() == 1, "exit status 0 or 1, not " + p.exitValue());
        return p.exitValue() == 0;
    }
}
