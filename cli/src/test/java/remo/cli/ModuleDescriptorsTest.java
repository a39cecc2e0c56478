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

    /** One name per concept: two public top-level types of different modules never share a simple name. */
    @Test
    void noTwoModulesHaveAPublicTypeOfTheSameName() throws IOException {
        Path root = TestData.root();
        java.util.Map<String, String> owner = new java.util.TreeMap<>();
        List<String> clashes = new ArrayList<>();
        Pattern publicType = Pattern.compile(
                "(?m)^public (?:final |abstract |sealed |non-sealed |static )*(?:class|interface|record|enum|@interface) (\\w+)");
        for (String module : buildModules(root)) {
            try (java.util.stream.Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    Matcher m = publicType.matcher(Files.readString(f));
                    if (m.find()) {
                        String previous = owner.putIfAbsent(m.group(1), module);
                        if (previous != null && !previous.equals(module)) {
                            clashes.add(m.group(1) + " in " + previous + " and " + module);
                        }
                    }
                }
            }
        }
        assertTrue(owner.size() > 300, "public types found: " + owner.size());
        assertEquals(List.of(), clashes);
    }

    @Test
    void theCommandLineExportsNothing() throws IOException {
        String cli = Files.readString(TestData.root().resolve("cli/src/main/java/module-info.java"));
        assertFalse(Pattern.compile("(?m)^\\s*exports ").matcher(cli).find(), "remo.cli is an application, not an API");
        assertEquals(1, cli.split("module remo.cli ", -1).length - 1);
    }
}
