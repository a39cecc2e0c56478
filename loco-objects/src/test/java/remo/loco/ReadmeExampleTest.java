package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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
 * The objects page's example stays true: {@code examples/java/KvStoreExample.java} is the code block
 * of {@code docs/objects.md}, it compiles against the library, and running it prints the output that
 * page shows (README links to it).
 */
class ReadmeExampleTest {
    private static final String RUN = "$ java -cp cli/target/remo.jar examples/java/KvStoreExample.java\n";

    @Test
    void theExampleIsTheObjectPagesCodeAndPrintsItsOutput(@TempDir Path out) throws Exception {
        Path source = LocoFiles.root().resolve("examples/java/KvStoreExample.java");
        String code = Files.readString(source);
        String page = Files.readString(LocoFiles.root().resolve("docs/objects.md"));
        assertTrue(page.contains("```java\n" + code + "```\n"), "docs/objects.md's example is examples/java/KvStoreExample.java");

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "-d", out.toString(), "-cp", System.getProperty("java.class.path"),
                source.toString());
        assertEquals(0, status, "the example compiles");

        PrintStream old = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            loader.loadClass("KvStoreExample").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(old);
        }
        String output = printed.toString(StandardCharsets.UTF_8);
        int at = page.indexOf(RUN);
        assertTrue(at >= 0, "docs/objects.md shows how to run the example");
        String shown = page.substring(at + RUN.length(), page.indexOf("```", at));
        assertEquals(shown, output);
        assertTrue(output.endsWith("completed: true\n"), output);
        assertEquals(9, List.of(output.split("\n")).size());
    }
}
