package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.cli.Cli;
import remo.cli.TestData;

/**
 * herdtools7's own X86 and X86_64 tests ({@code testdata/x86/herdtools7-tree/}): every test
 * that herd7 accepts is accepted, and {@code compare-logs} of remo's output against herd7's (the
 * regression output {@code .litmus.expected} where herdtools7 has one, else herd7 7.57's
 * {@code .herd7-7.57.out}) finds no difference in verdict or states, which includes the X86_64
 * registers printed as herd7 does ({@code 0:rax=1}).
 */
class HerdTreeLogsTest {

    private static Path tree() {
        return TestData.corpus().resolve("herdtools7-tree");
    }

    /** The tests with a herd7 log, and that log. */
    static Stream<String> tests() throws IOException {
        try (Stream<Path> s = Files.walk(tree())) {
            return s.filter(p -> p.toString().endsWith(".litmus")).filter(p -> reference(p) != null)
                    .map(p -> tree().relativize(p).toString()).sorted().toList().stream();
        }
    }

    private static Path reference(Path test) {
        Path expected = Path.of(test + ".expected");
        if (Files.isRegularFile(expected)) {
            return expected;
        }
        Path out = Path.of(test + ".herd7-7.57.out");
        return Files.isRegularFile(out) ? out : null;
    }

    @Test
    void herd7AcceptsEightyEightOfTheEightyNineTests() throws IOException {
        try (Stream<Path> s = Files.walk(tree())) {
            assertEquals(89, s.filter(p -> p.toString().endsWith(".litmus")).count());
        }
        assertEquals(88, tests().count());
        // herd7 rejects SB-labelled (a lexer error on its label comments), and so does remo
        Cli.Run r = Cli.run("check", tree().resolve("doc/SB-labelled.litmus").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("error[E-LEX]"), r.err());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tests")
    void compareLogsFindsNoDifferenceWithHerd7(String test) throws Exception {
        Path file = tree().resolve(test);
        Cli.Run r = Cli.run("check", file.toString());
        assertEquals(0, r.status(), r.err());
        Path ref = reference(file);
        LogComparison c = LogComparison.compare(ResultLog.parse(r.out(), "remo"), ResultLog.read(ref, ref.toString()));
        assertEquals(List.of(), c.differences(), c.report());
        assertEquals(1, c.compared());
    }
}
