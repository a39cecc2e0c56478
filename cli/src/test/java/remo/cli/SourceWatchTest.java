package remo.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's watch of a checkout's sources (docs/daemon.md, "Sources"): what the launcher's
 * {@code find} compares with the jar is a change, anything else in the checkout is not.
 */
class SourceWatchTest {
    /** A checkout: pom.xml, README.md, module m (pom.xml, src/main/java/a/A.java, src/test/T.java), the jar built after them. */
    private static Path checkout(Path tmp) throws Exception {
        FileTime past = FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        for (String f : new String[] {"pom.xml", "README.md", "m/pom.xml", "m/src/main/java/a/A.java", "m/src/test/T.java"}) {
            Path p = tmp.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, f);
            Files.setLastModifiedTime(p, past);
        }
        Files.createDirectories(tmp.resolve("m/target"));
        Files.writeString(tmp.resolve("m/target/remo.jar"), "jar");
        return tmp.resolve("m/target/remo.jar");
    }

    /** A watch of {@code root}, once it is set up (at most 10 s). */
    private static SourceWatch started(Path root, Path jar) throws InterruptedException {
        SourceWatch w = SourceWatch.start(root, jar);
        for (int i = 0; i < 1000 && !w.watching(); i++) {
            Thread.sleep(10);
        }
        return w;
    }

    /** Whether {@code edit} of the checkout is seen as a change within 10 s (false: none in 1.5 s). */
    private static boolean seen(Path tmp, Consumer<Path> edit, boolean expected) throws Exception {
        Path jar = checkout(tmp);
        try (SourceWatch w = started(tmp, jar)) {
            assertTrue(w.watching(), "this machine's file system can be watched");
            assertFalse(w.changed(), "nothing changed yet");
            edit.accept(tmp);
            long end = System.nanoTime() + (expected ? 10_000 : 1_500) * 1_000_000L;
            while (!w.changed() && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            return w.changed();
        }
    }

    private static Consumer<Path> write(String file) {
        return tmp -> {
            try {
                Path p = tmp.resolve(file);
                Files.createDirectories(p.getParent());
                Files.writeString(p, "changed");
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    @Test
    void aMainSourceWrittenMadeOrRemovedIsAChange(@TempDir Path a, @TempDir Path b, @TempDir Path c) throws Exception {
        assertTrue(seen(a, write("m/src/main/java/a/A.java"), true));
        assertTrue(seen(b, write("m/src/main/java/a/b/New.java"), true), "a new directory with a file");
        assertTrue(seen(c, tmp -> {
            try {
                Files.delete(tmp.resolve("m/src/main/java/a/A.java"));
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }, true));
    }

    @Test
    void theCheckoutsAndTheModulesPomAreWatched(@TempDir Path a, @TempDir Path b) throws Exception {
        assertTrue(seen(a, write("pom.xml"), true));
        assertTrue(seen(b, write("m/pom.xml"), true));
    }

    @Test
    void touchingASourceIsAChangeAsForFind(@TempDir Path a) throws Exception {
        assertTrue(seen(a, tmp -> {
            try {
                Files.setLastModifiedTime(tmp.resolve("m/src/main/java/a/A.java"), FileTime.fromMillis(System.currentTimeMillis()));
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }, true));
    }

    @Test
    void otherFilesAreNot(@TempDir Path a, @TempDir Path b, @TempDir Path c) throws Exception {
        assertFalse(seen(a, write("README.md"), false));
        assertFalse(seen(b, write("m/src/test/T.java"), false), "tests are not in the jar");
        assertFalse(seen(c, write("m/target/classes/a/A.class"), false));
    }

    @Test
    void aSourceNewerThanTheJarAtTheStartIsAChange(@TempDir Path tmp) throws Exception {
        Path jar = checkout(tmp);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        try (SourceWatch w = started(tmp, jar)) {
            assertTrue(w.changed(), "a change made before the watch began, seen as the launcher's find sees it");
            assertTrue(w.firstChange().endsWith("is newer than the jar"), w.firstChange());
        }
    }

    @Test
    void aCheckoutThatCannotBeWatchedSaysSo(@TempDir Path tmp) throws Exception {
        try (SourceWatch w = SourceWatch.start(tmp.resolve("no-such-checkout"), tmp.resolve("no.jar"))) {
            Thread.sleep(1000);
            assertFalse(w.watching());
        }
    }
}
