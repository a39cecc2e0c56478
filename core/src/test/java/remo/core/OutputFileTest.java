package remo.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: {@link OutputFile#writeAtomically} leaves the old file or the new one, never a part, on
 * a write failure (a disk that fills, injected) and under concurrent writers; no temporary file stays.
 */
class OutputFileTest {

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** A disk with {@code room} bytes left. */
    private static OutputFile.Opener fullAfter(int room) {
        return tmp -> new FilterOutputStream(Files.newOutputStream(tmp)) {
            private int written;

            @Override
            public void write(int b) throws IOException {
                if (++written > room) {
                    throw new IOException("No space left on device");
                }
                super.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                for (int i = off; i < off + len; i++) {
                    write(b[i]);
                }
            }
        };
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("report.html");
        Files.writeString(file, "old");
        OutputFile.injectOpener(fullAfter(100));
        try {
            OutputFile.WriteFailure e = assertThrows(OutputFile.WriteFailure.class,
                    () -> OutputFile.writeAtomically(file, "x".repeat(10_000)));
            assertEquals("cannot write " + file + ": no space left on device (the file is left as it was)", e.getMessage());
            assertEquals(file, e.file());
            assertEquals("old", Files.readString(file));
            assertEquals(List.of("report.html"), names(dir));
            Path fresh = dir.resolve("g.dot");
            OutputFile.WriteFailure e2 = assertThrows(OutputFile.WriteFailure.class,
                    () -> OutputFile.writeAtomically(fresh, "y".repeat(10_000)));
            assertTrue(e2.getMessage().endsWith("(the file is not created)"), e2.getMessage());
            assertEquals(List.of("report.html"), names(dir), "no empty or half-written g.dot");
        } finally {
            OutputFile.injectOpener(null);
        }
        OutputFile.writeAtomically(file, "new");
        assertEquals("new", Files.readString(file));
        assertEquals(List.of("report.html"), names(dir));
    }

    @Test
    void aMissingDirectoryIsAWriteFailureNamingTheFile(@TempDir Path dir) {
        Path file = dir.resolve("no/such/r.html");
        OutputFile.WriteFailure e = assertThrows(OutputFile.WriteFailure.class, () -> OutputFile.writeAtomically(file, "x"));
        assertTrue(e.getMessage().startsWith("cannot write " + file + ": "), e.getMessage());
    }

    /** Two writers of one file and a reader: every read sees one writer's whole content; the last rename wins. */
    @Test
    void concurrentWritersLeaveOneWholeFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("report.html");
        byte[][] contents = new byte[2][];
        for (int w = 0; w < 2; w++) {
            contents[w] = new byte[200_000];
            Arrays.fill(contents[w], (byte) ('a' + w));
        }
        OutputFile.writeAtomically(file, contents[0]);
        AtomicBoolean done = new AtomicBoolean();
        List<String> torn = new ArrayList<>();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                try {
                    byte[] seen = Files.readAllBytes(file);
                    if (!Arrays.equals(seen, contents[0]) && !Arrays.equals(seen, contents[1])) {
                        synchronized (torn) {
                            torn.add(seen.length + " bytes");
                        }
                    }
                } catch (IOException e) {
                    synchronized (torn) {
                        torn.add(e.toString());
                    }
                }
            }
        });
        reader.start();
        List<Thread> writers = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int w = 0; w < 2; w++) {
            byte[] mine = contents[w];
            Thread t = new Thread(() -> {
                try {
                    for (int i = 0; i < 40; i++) {
                        OutputFile.writeAtomically(file, mine);
                    }
                } catch (IOException e) {
                    failure[0] = e;
                }
            });
            writers.add(t);
            t.start();
        }
        for (Thread t : writers) {
            t.join();
        }
        done.set(true);
        reader.join();
        assertEquals(null, failure[0]);
        assertEquals(List.of(), torn, "a reader saw a partial file");
        byte[] last = Files.readAllBytes(file);
        assertTrue(Arrays.equals(last, contents[0]) || Arrays.equals(last, contents[1]));
        assertEquals(List.of("report.html"), names(dir));
        assertFalse(Arrays.equals(contents[0], contents[1]));
        assertArrayEquals(last, Files.readAllBytes(file));
    }
}
