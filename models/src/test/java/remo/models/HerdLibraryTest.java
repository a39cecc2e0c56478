package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.models.cat.CatException;

/**
 * Every {@code .cat} and {@code .bell} file of herd7's library and Dartagnan's
 * ({@code testdata/cat/}) parses and resolves its includes, and either loads or stops at
 * the one construct remo cannot evaluate: the outcome, place and construct of each file are those
 * of {@code herd-library.tsv} (docs/herd7.md lists them with the reason).
 */
class HerdLibraryTest {

    static Path catCorpus() {
        return Path.of(System.getProperty("remo.root")).resolve("testdata/cat").normalize();
    }

    /** The rows of herd-library.tsv: file, outcome, at, construct, reason. */
    static List<String[]> rows() throws IOException {
        try (var in = HerdLibraryTest.class.getResourceAsStream("herd-library.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().skip(1)
                    .map(l -> l.split("\t", -1)).toList();
        }
    }

    static Stream<String[]> files() throws IOException {
        return rows().stream();
    }

    @Test
    void theTableListsEveryCatAndBellFileOfBothLibraries() throws IOException {
        List<String> onDisk = new java.util.ArrayList<>();
        for (String d : List.of("herdtools7", "dat3m")) {
            try (Stream<Path> s = Files.list(catCorpus().resolve(d))) {
                s.map(p -> d + "/" + p.getFileName()).filter(f -> f.endsWith(".cat") || f.endsWith(".bell")).sorted()
                        .forEach(onDisk::add);
            }
        }
        assertEquals(115, onDisk.size());
        assertEquals(onDisk.stream().sorted().toList(), rows().stream().map(r -> r[0]).sorted().toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void parsesAndResolvesItsIncludes(String file) throws Exception {
        Path p = catCorpus().resolve(file);
        assertTrue(new ModelLibrary().includeClosure(p).contains(p.toAbsolutePath().normalize().toString()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void loadsOrStopsAtTheListedConstruct(String file, String outcome, String at, String construct, String reason) {
        Path p = catCorpus().resolve(file);
        if (outcome.equals("loads")) {
            try {
                new ModelLibrary().load(p.toString());
            } catch (CatException e) {
                throw new AssertionError(file + " should load: " + e.diagnostic().format(), e);
            }
            return;
        }
        CatException e = assertThrows(CatException.class, () -> new ModelLibrary().load(p.toString()));
        assertEquals(outcome, e.diagnostic().code(), e.diagnostic().format());
        Path where = Path.of(e.diagnostic().file()).toAbsolutePath().normalize();
        assertEquals(at, catCorpus().relativize(where) + ":" + e.diagnostic().position(), e.diagnostic().format());
        assertTrue(e.diagnostic().message().contains("'" + construct + "'"), e.diagnostic().format());
        assertTrue(!reason.isBlank(), "every file that does not load has a reason for docs/herd7.md");
    }
}
