package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * remo as a library is published: every module's artifact is in the bill of materials
 * ({@code bom/pom.xml}) with the parent's version, under the project's groupId, so that a user who
 * imports {@code remo-bom} can depend on any module without a version.
 */
class PublishedArtifactsTest {
    private static final String GROUP = "io.github.remo-rdma";

    @Test
    void theBillOfMaterialsListsEveryModuleOnce() throws IOException {
        Path root = TestData.root();
        String parent = Files.readString(root.resolve("pom.xml"));
        String bom = Files.readString(root.resolve("bom/pom.xml"));
        assertEquals(first(parent, "<version>([^<]+)</version>"), first(bom, "<version>([^<]+)</version>"),
                "bom/pom.xml must carry the parent's version");
        assertEquals(GROUP, first(parent, "<groupId>([^<]+)</groupId>"));
        assertEquals(GROUP, first(bom, "<groupId>([^<]+)</groupId>"));

        TreeSet<String> modules = new TreeSet<>();
        for (String module : all(parent, "<module>([^<]+)</module>")) {
            if (!module.equals("bom")) {
                modules.add(first(Files.readString(root.resolve(module).resolve("pom.xml")),
                        "</parent>\\s*<artifactId>([^<]+)</artifactId>"));
            }
        }
        List<String> listed = all(bom, "<artifactId>(remo-[^<]+)</artifactId>");
        listed.remove("remo-bom");
        assertFalse(modules.isEmpty());
        assertEquals(modules, new TreeSet<>(listed), "bom/pom.xml lists exactly the modules of pom.xml");
        assertEquals(listed.size(), new TreeSet<>(listed).size(), "a module listed twice: " + listed);
        for (String a : listed) {
            assertTrue(bom.contains("<groupId>" + GROUP + "</groupId>\n        <artifactId>" + a + "</artifactId>"), a);
        }
    }

    private static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex);
        return m.group(1);
    }

    private static List<String> all(String text, String regex) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
