package remo.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java examples of {@code examples/java/} (README's lock example and one per LOCO object, issue 27):
 * each compiles against the library, needs at most {@value #MAX_MAIN_LINES} lines inside {@code main}
 * (non-blank, non-comment lines between its braces), and prints exactly its {@code <Name>.out}
 * ({@code -Dremo.examples.write=true} rewrites those files from the runs).
 * And failures speak without user code: a program whose simulated thread throws, and README's lock
 * example with a weak lock and an unwaited put (obligation O3, locks.md §3.6), both exit non-zero
 * from the {@code java} launcher naming the thread and the exception.
 */
class JavaExamplesTest {
    static final int MAX_MAIN_LINES = 12;
    private static final String MAIN = "public static void main(String[] args) {";

    @TempDir
    static Path classes;

    static Path dir() {
        return LockTestFiles.root().resolve("examples/java");
    }

    static Stream<String> examples() throws IOException {
        try (Stream<Path> s = Files.list(dir())) {
            List<String> names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
            return names.stream();
        }
    }

    @BeforeAll
    static void compileAll() throws IOException {
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
        examples().forEach(n -> args.add(dir().resolve(n + ".java").toString()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "javac failed on examples/java");
    }

    @Test
    void thereIsOneExamplePerLocoObjectAndTheLockExample() throws IOException {
        assertEquals(List.of("AtomicVarExample", "BarrierExample", "BroadcastExample", "KvStoreExample", "LockCounter",
                "OwnedVarExample", "RingBufferExample", "SharedRegionExample", "SstExample"), examples().toList());
    }

    @ParameterizedTest
    @MethodSource("examples")
    void mainIsAtMostTwelveLines(String name) throws IOException {
        int lines = mainLines(Files.readString(dir().resolve(name + ".java")));
        assertTrue(lines <= MAX_MAIN_LINES, name + ": " + lines + " lines inside main");
    }

    @ParameterizedTest
    @MethodSource("examples")
    void runsAndPrintsItsOutput(String name) throws Exception {
        String printed = runMain(name);
        if (Boolean.getBoolean("remo.examples.write")) { // regenerates the .out files (examples/README.md)
            Files.writeString(dir().resolve(name + ".out"), printed, StandardCharsets.UTF_8);
        }
        String expected = Files.readString(dir().resolve(name + ".out"), StandardCharsets.UTF_8);
        assertEquals(expected, printed, name + " prints " + name + ".out");
    }

    /** The counter works under the handle: README's example prints the two increments. */
    @Test
    void theLockExampleCountsBothIncrements() throws Exception {
        assertEquals("counter = 2\n", runMain("LockCounter"));
    }

    @Test
    void aThrowingThreadMakesTheProgramExitNonZeroNamingTheThreadAndTheException(@TempDir Path tmp) throws Exception {
        Path src = tmp.resolve("Transfer.java");
        Files.writeString(src, """
                import remo.nic.SimCluster;

                public class Transfer {
                    public static void main(String[] args) {
                        try (SimCluster cluster = SimCluster.builder().nodes(2).deterministic(1).build()) {
                            cluster.spawn(2, "teller", ep -> {
                                throw new IllegalStateException("no such account");
                            });
                            cluster.run();
                            System.out.println("not reached");
                        }
                    }
                }
                """);
        Launch l = launch(src);
        assertEquals(1, l.exit, l.err);
        assertFalse(l.out.contains("not reached"), l.out);
        assertTrue(l.err.contains("remo.nic.error.SimulationFailedException: 1 of 1 simulated thread failed"), l.err);
        assertTrue(l.err.contains("thread 'teller' on node 2: java.lang.IllegalStateException: no such account"), l.err);
    }

    @Test
    void theLockExampleWithAWeakLockIsReportedAtRelease(@TempDir Path tmp) throws Exception {
        String strong = Files.readString(dir().resolve("LockCounter.java"));
        String weak = strong.replace("StrongTicketLock", "WeakTicketLock").replace("class LockCounter", "class WeakCounter");
        assertTrue(weak.contains("WeakTicketLock.create("), "the README example still creates its lock by create()");
        Path src = tmp.resolve("WeakCounter.java");
        Files.writeString(src, weak);
        Launch l = launch(src);
        assertEquals(1, l.exit, l.err);
        assertFalse(l.out.contains("counter ="), "no result is printed as if nothing happened: " + l.out);
        assertTrue(l.err.contains("SimulationFailedException"), l.err);
        assertTrue(l.err.matches("(?s).*thread 't[12]' on node [12]: remo.locks.LockObligationException: WEAK_TICKET 'lock'"
                + "\\.release by t[12]@[12]: obligation O3 \\(locks.md §3.6\\) broken.*"), l.err);
        assertTrue(l.err.contains("PUT->3"), "the unwaited put is named: " + l.err);
    }

    /** Non-blank, non-comment lines strictly between the braces of {@code main}. */
    static int mainLines(String source) {
        List<String> lines = source.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(MAIN)) {
                start = i;
                break;
            }
        }
        assertTrue(start >= 0, "no '" + MAIN + "' line");
        String indent = lines.get(start).substring(0, lines.get(start).indexOf("public"));
        int count = 0;
        for (int i = start + 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.equals(indent + "}")) {
                return count;
            }
            String s = l.strip();
            if (!s.isEmpty() && !s.startsWith("//")) {
                count++;
            }
        }
        throw new AssertionError("main is not closed at its own indentation");
    }

    private String runMain(String name) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            loader.loadClass(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } catch (InvocationTargetException e) {
            throw new AssertionError(name + " threw", e.getCause());
        } finally {
            System.setOut(saved);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private record Launch(int exit, String out, String err) {
    }

    /** Runs {@code java -cp <test class path> <source>} (the single-file source launcher) as a process. */
    private static Launch launch(Path source) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path out = source.resolveSibling("out.txt");
        Path err = source.resolveSibling("err.txt");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"), source.toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the program did not end within 120 s");
        return new Launch(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
