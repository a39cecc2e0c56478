package remo.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java example (its "Tours") is the real file {@code examples/java/LockCounter.java}: this test
 * checks that README quotes it verbatim, compiles it against the test class path, runs its
 * {@code main} and checks the printed result.
 */
class ReadmeExampleTest {

    @Test
    void theReadmeLockExampleCompilesRunsAndPrintsTheCounter(@TempDir Path out) throws Exception {
        Path source = LockTestFiles.root().resolve("examples/java/LockCounter.java");
        String text = Files.readString(source, StandardCharsets.UTF_8);
        String readme = Files.readString(LockTestFiles.root().resolve("README.md"), StandardCharsets.UTF_8);
        assertTrue(readme.contains(text.strip()),
                "README.md must quote examples/java/LockCounter.java in full, imports included");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", out.toString(), "-cp", System.getProperty("java.class.path"),
                source.toString());
        assertEquals(0, rc, "javac failed on " + source);
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            Method main = loader.loadClass("LockCounter").getMethod("main", String[].class);
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(saved);
        }
        assertEquals(List.of("counter = 2"), captured.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
