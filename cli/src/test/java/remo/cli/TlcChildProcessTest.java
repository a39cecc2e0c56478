package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: a TLC child never outlives remo. {@code remo liveness} killed by SIGKILL (no shutdown
 * hook runs) takes its TLC JVM with it within seconds (the child sees its standard input end), and the
 * next run removes the work directory the killed one left.
 */
class TlcChildProcessTest {

    private static List<String> remo(Path tmpdir, String... args) {
        return CliRun.processCommand(List.of("-Djava.io.tmpdir=" + tmpdir), args);
    }

    private static List<Path> workDirs(Path tmpdir) throws Exception {
        try (Stream<Path> s = Files.list(tmpdir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("remo-tlc-")).toList();
        }
    }

    @Test
    void sigkillOfRemoEndsTheTlcChildAndTheNextRunRemovesItsDirectory(@TempDir Path tmp) throws Exception {
        // wlock C2 runs for minutes (LivenessCommandTest stops it with --timeout 1)
        Process remo = new ProcessBuilder(remo(tmp, "liveness", "--lock", "wlock", "--config", "C2", "-q"))
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile()).start();
        Optional<ProcessHandle> child = Optional.empty();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (child.isEmpty() && remo.isAlive() && System.nanoTime() < until) {
                Thread.sleep(100);
                child = remo.children().findFirst();
            }
            assertTrue(child.isPresent(), "no TLC child started: " + Files.readString(tmp.resolve("err.txt")));
            Thread.sleep(1000); // TLC is checking
            assertTrue(child.get().isAlive());
            assertEquals(1, workDirs(tmp).size());
        } finally {
            remo.destroyForcibly(); // SIGKILL
        }
        assertTrue(remo.waitFor(30, TimeUnit.SECONDS));
        ProcessHandle tlc = child.get();
        try {
            tlc.onExit().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            tlc.destroyForcibly();
            throw new AssertionError("the TLC child still ran 10 s after remo was killed", e);
        }
        assertFalse(tlc.isAlive());
        assertEquals(1, workDirs(tmp).size(), "a killed remo deletes nothing");
        // the next run removes it (and its own when done)
        Process next = new ProcessBuilder(remo(tmp, "liveness", "--lock", "naive-mixcas", "--config", "C1", "-q"))
                .redirectOutput(tmp.resolve("out2.txt").toFile()).redirectError(tmp.resolve("err2.txt").toFile()).start();
        assertTrue(next.waitFor(180, TimeUnit.SECONDS));
        assertEquals(0, next.exitValue(), Files.readString(tmp.resolve("err2.txt")));
        assertEquals(List.of(), workDirs(tmp));
    }
}
