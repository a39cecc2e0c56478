package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code §} citation of the project resolves to a heading that exists: javadoc, comments,
 * docs, README, examples and scripts cite remo's reference ({@code docs/reference/*.md}) as
 * {@code models.md §4.3}, and this test fails on a citation whose document or numbered heading does
 * not exist, so that renumbering a section forces every citation to change with it.
 *
 * <p>Rules: a {@code §N} names its document right before it ({@code nic.md §5.1}, also written
 * {@code `nic.md` §5.1}), or continues a citation that does ({@code locks.md §3.2–§3.3},
 * {@code models.md §6.3 and §10}). A bare {@code §N} is allowed only in a Markdown file of
 * {@code docs/}, where it names that file's own heading. {@code X.md} resolves to
 * {@code docs/reference/X.md}, else {@code docs/X.md}. Third-party test data ({@code testdata/})
 * and build output are not read.
 */
class SectionReferenceTest {
    private static final Pattern SECTION = Pattern.compile("§(\\d+(?:\\.\\d+)*)");
    private static final Pattern NAMED = Pattern.compile("([A-Za-z][\\w-]*)\\.md`?\\s*$");
    /** Between the previous citation and this one: a short continuation ("–", ", ", " and ", "/"). */
    private static final Pattern CONTINUATION =
            Pattern.compile("^[\\w ()*]{0,16}(–|-|,|;| and | or |/| to )\\s*\\(?$");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(\\d+(?:\\.\\d+)*)\\.?\\s", Pattern.MULTILINE);
    private static final Set<String> SKIPPED_DIRS = Set.of(".git", "target", "testdata", "node_modules", ".mvn");
    private static final Set<String> READ = Set.of("java", "md", "litmus", "cat", "tla", "cfg", "tsv", "txt", "xml",
            "py", "sh", "json", "html", "js", "css");

    private final Map<Path, Set<String>> headings = new HashMap<>();

    @Test
    void everySectionCitationResolvesToAnExistingHeading() throws IOException {
        Path root = TestData.root();
        Path reference = root.resolve("docs/reference");
        assertTrue(Files.isDirectory(reference), "docs/reference exists");
        List<String> unresolved = new ArrayList<>();
        int[] citations = {0};
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> Files.isRegularFile(p) && read(root, p)).sorted().toList();
        }
        for (Path file : files) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (text.indexOf('§') < 0) {
                continue;
            }
            check(root, file, text, unresolved, citations);
        }
        assertTrue(citations[0] > 1000, "found only " + citations[0] + " citations: is the walk reading the sources?");
        assertEquals(List.of(), unresolved, unresolved.size() + " citations do not resolve");
    }

    /** The rules of the class comment, on one file. */
    private void check(Path root, Path file, String text, List<String> unresolved, int[] citations) throws IOException {
        String rel = root.relativize(file).toString().replace('\\', '/');
        boolean docsMarkdown = rel.startsWith("docs/") && rel.endsWith(".md");
        Path current = null;
        int previousEnd = -1;
        Matcher m = SECTION.matcher(text);
        while (m.find()) {
            citations[0]++;
            String before = text.substring(Math.max(0, m.start() - 60), m.start());
            Matcher named = NAMED.matcher(before);
            Path doc;
            if (named.find()) {
                doc = document(root, named.group(1));
                if (doc == null) {
                    unresolved.add(where(rel, text, m.start()) + ": " + named.group(1) + ".md is not a document of docs/reference or docs");
                    previousEnd = m.end();
                    current = null;
                    continue;
                }
            } else if (previousEnd >= 0 && m.start() - previousEnd <= 20 && current != null
                    && CONTINUATION.matcher(text.substring(previousEnd, m.start())).find()) {
                doc = current;
            } else if (docsMarkdown) {
                doc = file;
            } else {
                unresolved.add(where(rel, text, m.start()) + ": §" + m.group(1)
                        + " names no document; write e.g. 'models.md §" + m.group(1) + "'");
                previousEnd = m.end();
                current = null;
                continue;
            }
            if (!headingsOf(doc).contains(m.group(1))) {
                unresolved.add(where(rel, text, m.start()) + ": " + root.relativize(doc) + " has no heading §" + m.group(1));
            }
            current = doc;
            previousEnd = m.end();
        }
    }

    private static Path document(Path root, String name) {
        Path ref = root.resolve("docs/reference/" + name + ".md");
        if (Files.isRegularFile(ref)) {
            return ref;
        }
        Path doc = root.resolve("docs/" + name + ".md");
        return Files.isRegularFile(doc) ? doc : null;
    }

    private Set<String> headingsOf(Path doc) throws IOException {
        Set<String> known = headings.get(doc);
        if (known == null) {
            known = new HashSet<>();
            Matcher h = HEADING.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            while (h.find()) {
                known.add(h.group(1));
            }
            headings.put(doc, known);
        }
        return known;
    }

    private static boolean read(Path root, Path p) {
        Path rel = root.relativize(p);
        for (Path part : rel) {
            if (SKIPPED_DIRS.contains(part.toString())) {
                return false;
            }
        }
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 && READ.contains(name.substring(dot + 1));
    }

    private static String where(String rel, String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return rel + ":" + line;
    }
}
