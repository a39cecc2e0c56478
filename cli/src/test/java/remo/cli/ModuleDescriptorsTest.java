package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every module of the build is a Java module (issue 27): its {@code module-info.java} names it
 * {@code remo.*} and exports its API packages, so that the compiler refuses a use of another
 * module's internals (docs/architecture.md). The command line exports nothing.
 */
class ModuleDescriptorsTest {

    private static List<String> buildModules(Path root) throws IOException {
        List<String> modules = new ArrayList<>();
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(root.resolve("pom.xml")));
        while (m.find()) {
            if (!m.group(1).equals("bom")) {
                modules.add(m.group(1));
            }
        }
        return modules;
    }

    @Test
    void everyModuleHasADescriptorNamedRemo() throws IOException {
        Path root = TestData.root();
        List<String> modules = buildModules(root);
        assertTrue(modules.size() >= 12, "modules: " + modules);
        for (String module : modules) {
            Path descriptor = root.resolve(module).resolve("src/main/java/module-info.java");
            assertTrue(Files.isRegularFile(descriptor), module + " has no module-info.java");
            String text = Files.readString(descriptor);
            Matcher name = Pattern.compile("(?m)^module (remo\\.[a-z.]+) \\{").matcher(text);
            assertTrue(name.find(), module + ": module-info.java names no remo.* module");
            if (!module.equals("cli")) {
                assertTrue(text.contains("    exports remo."), module + " exports nothing");
            }
        }
    }

    @Test
    void theCommandLineExportsNothing() throws IOException {
        String cli = Files.readString(TestData.root().resolve("cli/src/main/java/module-info.java"));
        assertFalse(cli.contains("exports "), "remo.cli is an application, not an API");
        assertEquals(1, cli.split("module remo.cli ", -1).length - 1);
    }
}
