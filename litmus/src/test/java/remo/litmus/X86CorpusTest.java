package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of the x86 acceptance corpus ({@code testdata/x86}, language.md §10) parses,
 * with the number of threads of its header row and a non-empty condition whose quantifier matches
 * {@code EXPECTED.tsv}.
 */
class X86CorpusTest {

    /** One row of {@code EXPECTED.tsv}. */
    record Entry(String file, String quantifier, String arch) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Path corpus() {
        String root = System.getProperty("remo.root");
        assertNotNull(root, "system property remo.root is not set (surefire sets it)");
        return Path.of(root).resolve("testdata/x86").normalize();
    }

    static List<Entry> entries() throws IOException {
        List<String> lines = Files.readAllLines(corpus().resolve("EXPECTED.tsv"), StandardCharsets.UTF_8);
        List<Entry> result = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            result.add(new Entry(f[0], f[4], f[5]));
        }
        return result;
    }

    static Stream<Entry> corpusFiles() throws IOException {
        return entries().stream();
    }

    static String read(String file) throws IOException {
        return Files.readString(corpus().resolve(file), StandardCharsets.UTF_8);
    }

    /** Counts the threads of the header row independently of the parser: the first line starting with P0. */
    static int headerThreadCount(String text) {
        Pattern row = Pattern.compile("^\\s*P0\\s*(\\|\\s*P\\d+\\s*)*;", Pattern.MULTILINE);
        Matcher m = row.matcher(text);
        assertTrue(m.find(), "no thread header row");
        return m.group().split("\\|").length;
    }

    @Test
    void corpusHas161Files() throws IOException {
        assertEquals(161, entries().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusFiles")
    void parses(Entry entry) throws Exception {
        String text = read(entry.file());
        Program p = LitmusParser.parse(entry.file(), text);
        assertEquals(entry.arch(), p.dialect().keyword());
        assertEquals(headerThreadCount(text), p.threads().size());
        List<Prop.Atom> atoms = new ArrayList<>();
        p.condition().forEachAtom(atoms::add);
        assertFalse(atoms.isEmpty(), "empty condition");
        Quantifier expected = switch (entry.quantifier()) {
            case "~exists" -> Quantifier.NOT_EXISTS;
            case "exists", "final" -> Quantifier.EXISTS;
            default -> throw new AssertionError(entry.quantifier());
        };
        assertEquals(expected, p.quantifier());
        for (ThreadCode t : p.threads()) {
            assertEquals(1, t.node());
            assertFalse(t.instructions().isEmpty(), t.name() + " has no instruction");
        }
        for (LocationDecl d : p.locations()) {
            assertEquals(1, d.home());
        }
    }
}
