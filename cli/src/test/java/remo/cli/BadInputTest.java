package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input never crashes (issue 2, done-when 4): one malformed litmus or cat file per error kind
 * (src/test/resources/remo/cli/bad, expected lines in expected.tsv) gives exit status 2 and a
 * message with file:line:column; a directory run with a bad file still checks the others.
 */
class BadInputTest {

    static Path dir() {
        try {
            return Path.of(BadInputTest.class.getResource("bad/expected.tsv").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> cases() throws Exception {
        List<String> lines = Files.readAllLines(dir().resolve("expected.tsv"), StandardCharsets.UTF_8);
        return lines.subList(1, lines.size()).stream().map(l -> l.split("\t", -1))
                .map(c -> Arguments.of(c[0], c[1], c[2]));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void malformedInputGivesExitTwoAndAPositionedMessage(String input, String args, String expected) {
        String prefix = dir().toString() + "/";
        List<String> argv = new ArrayList<>(List.of("check"));
        for (String a : args.split(" ")) {
            if (!a.isEmpty()) {
                argv.add(a.endsWith(".cat") ? prefix + a : a);
            }
        }
        argv.add(prefix + input);
        CliRun r = CliRun.run(argv.toArray(String[]::new));
        assertEquals(2, r.exit, r.err);
        String first = r.err.lines().findFirst().orElse("").replace(prefix, "");
        assertEquals(expected, first);
        assertTrue(first.matches("[^:]+:\\d+:\\d+: error\\[E-[A-Z0-9-]+\\]: .+"), "file:line:column: error[CODE]: message");
        assertFalse(r.err.contains("Exception"), "no stack trace");
    }

    @Test
    void atLeastThirtyErrorKinds() throws Exception {
        assertTrue(cases().count() >= 30);
        assertTrue(cases().map(a -> ((String) a.get()[2]).replaceAll(".*error\\[([A-Z0-9-]+)\\].*", "$1")).distinct().count() >= 30,
                "distinct error codes");
    }

    @Test
    void commandLineErrorsNameTheArgument() {
        Path good = dir().resolve("good.litmus");
        CliRun model = CliRun.run("check", "--model", "nosuch", good.toString());
        assertEquals(2, model.exit);
        assertTrue(model.err.startsWith("<command line>:1:15: error[E-MODEL]: unknown model 'nosuch'"), model.err);
        CliRun flag = CliRun.run("check", "--set", "FOO=1", good.toString());
        assertEquals(2, flag.exit);
        assertTrue(flag.err.startsWith("<command line>:1:13: error[E-FLAG]: unknown flag 'FOO'"), flag.err);
        CliRun value = CliRun.run("check", "--set", "POLL_SCOPE=X", good.toString());
        assertTrue(value.err.startsWith("<command line>:1:24: error[E-FLAG]: flag POLL_SCOPE has no value 'X'"), value.err);
        CliRun expect = CliRun.run("check", "--expect", dir().resolve("bad-expect.tsv").toString(), good.toString());
        assertEquals(2, expect.exit);
        assertTrue(expect.err.contains("bad-expect.tsv:2:13: error[E-EXPECT]: not a verdict: 'Maybe'"), expect.err);
        CliRun missing = CliRun.run("check", dir().resolve("nothere.litmus").toString());
        assertEquals(2, missing.exit);
        assertTrue(missing.err.contains("nothere.litmus:1:1: error[E-IO]: no such file or directory"), missing.err);
        CliRun usage = CliRun.run("check", "--no-such-option", good.toString());
        assertEquals(2, usage.exit);
    }

    @Test
    void deeplyNestedInputIsHandledNotCrashed(@TempDir Path tmp) throws Exception {
        // the command runs on a thread with a large stack: 100 000 levels of parentheses parse;
        // beyond the stack, the parsers report E-SYNTAX / E-CAT-SYNTAX instead of crashing
        String open = "(".repeat(100_000);
        String close = ")".repeat(100_000);
        Files.writeString(tmp.resolve("deep.litmus"), "RDMA Deep\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists " + open + "x = 1" + close + "\n");
        Files.writeString(tmp.resolve("deep.cat"), "let a = " + open + "po" + close + "\nacyclic a\n");
        CliRun r = CliRun.run("check", tmp.resolve("deep.litmus").toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Test Deep Allowed"), r.out);
        CliRun c = CliRun.run("check", "--model", tmp.resolve("deep.cat").toString(), dir().resolve("good.litmus").toString());
        assertEquals(0, c.exit, c.err);
        assertFalse(c.err.contains("Exception") || c.err.contains("Error:"));
    }

    @Test
    void parsersTurnAStackOverflowIntoADiagnostic() {
        String deep = "RDMA Deep\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists " + "(".repeat(200_000) + "x = 1"
                + ")".repeat(200_000) + "\n";
        // on a small stack (a plain JUnit thread) the parser runs out of stack and reports it
        remo.litmus.LitmusException e = org.junit.jupiter.api.Assertions.assertThrows(remo.litmus.LitmusException.class,
                () -> remo.litmus.LitmusParser.parse("deep.litmus", deep));
        assertEquals("deep.litmus:1:1: error[E-SYNTAX]: input nested too deeply to parse (the parser ran out of stack); "
                + "simplify the nesting", e.diagnostic().format());
    }

    @Test
    void aDirectoryWithOneBadFileStillChecksTheOthers(@TempDir Path tmp) throws Exception {
        Files.copy(dir().resolve("good.litmus"), tmp.resolve("a-good.litmus"));
        Files.copy(dir().resolve("syntax.litmus"), tmp.resolve("b-bad.litmus"));
        Files.copy(dir().resolve("good.litmus"), tmp.resolve("c-good.litmus"));
        CliRun r = CliRun.run("check", tmp.toString());
        assertEquals(2, r.exit);
        assertEquals(2, r.out.lines().filter(l -> l.equals("Test Good Allowed")).count(), r.out);
        assertTrue(r.err.contains("b-bad.litmus:5:1: error[E-SYNTAX]"), r.err);
        assertTrue(r.out.contains("3 tests: 2 ran, 1 error"), r.out);
    }
}
