package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * herd7's command-line habits: single-dash option spellings, the cat search path
 * ({@code --cat-path}, {@code -I}, {@code -set-libdir}), {@code @all}-style index files, and the
 * {@code (partial)} mark on the Observation line of a run cut short.
 */
class HerdHabitsTest {
    private static final Path HERD_LIB = TestData.root().resolve("testdata/cat/herdtools7").normalize();

    private static String sb() {
        return TestData.corpusTest("SB").toString();
    }

    @Test
    void herdSpellingsOfModelLibdirAndSkipcheck() {
        CliRun herd = CliRun.run("check", "-set-libdir", HERD_LIB.toString(), "-model", "x86tso.cat", sb());
        assertEquals(0, herd.exit, herd.err);
        assertTrue(herd.out.contains("Observation SB Sometimes 1 3"), herd.out);
        CliRun mp = CliRun.run("check", "-set-libdir", HERD_LIB.toString(), "-model", "x86tso.cat", "-skipcheck", "tso",
                TestData.corpusTest("MP").toString());
        assertTrue(mp.out.contains("Observation MP Sometimes 1 3"), "without the tso axiom MP's outcome is reachable: " + mp.out);
        CliRun remo = CliRun.run("check", "--cat-path", HERD_LIB.toString(), "--model", "x86tso.cat", sb());
        assertEquals(herd.out.replaceAll("Time .*", ""), remo.out.replaceAll("Time .*", ""));
    }

    @Test
    void catPathIsSearchedInOrderBeforeTheModelsFolder(@TempDir Path tmp) throws Exception {
        Path first = Files.createDirectories(tmp.resolve("first"));
        Path second = Files.createDirectories(tmp.resolve("second"));
        Files.writeString(first.resolve("m.cat"), "include \"part.cat\"\n");
        Files.writeString(first.resolve("part.cat"), "acyclic po | rf | co | fr as from-first\n");
        Files.writeString(second.resolve("part.cat"), "empty rf as from-second\n");
        CliRun r = CliRun.run("check", "-I", second.toString(), "--model", first.resolve("m.cat").toString(), "-skipcheck",
                "from-second", sb());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("States 4"), "part.cat came from -I's directory, whose check was skipped: " + r.out);
        CliRun beside = CliRun.run("check", "--model", first.resolve("m.cat").toString(), sb());
        assertTrue(beside.out.contains("States 3"), "without -I, part.cat is the one beside m.cat (sequential consistency): "
                + beside.out);
    }

    @Test
    void aMissingCatPathDirectoryIsAUsageErrorAtItsValue() {
        CliRun r = CliRun.run("check", "--cat-path", "no/such/dir", sb());
        assertEquals(2, r.exit);
        assertEquals("<command line>:1:18: error[E-USAGE]: --cat-path no/such/dir: no such directory", r.err.lines().findFirst().orElse(""));
    }

    @Test
    void indexFilesListInputsRelativeToThemselves(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("tests"));
        Files.copy(TestData.corpusTest("SB"), dir.resolve("SB.litmus"));
        Files.copy(TestData.corpusTest("MP"), dir.resolve("MP.litmus"));
        Files.writeString(dir.resolve("@more"), "MP.litmus\n");
        Files.writeString(dir.resolve("@all"), "# herd7-style index\nSB.litmus\n\n@more\nnope.litmus\n");
        CliRun r = CliRun.run("check", dir.resolve("@all").toString());
        assertEquals(2, r.exit, "the missing entry is an input error");
        assertTrue(r.out.contains("Observation SB Sometimes 1 3") && r.out.contains("Observation MP Never 0 3"), r.out);
        assertTrue(r.err.contains("nope.litmus:1:1: error[E-IO]: no such file or directory (listed in " + dir.resolve("@all") + ":5)"),
                r.err);
    }

    /**
     * Bad-input trial (issue 28): {@code remo check @all} in the index's directory had picocli splice
     * the index's words in as arguments (its own @-file expansion), so a malformed index gave one
     * {@code WORD:1:1} error per word, none at the index's line. An argument starting with {@code @} is
     * now a path like any other, and an index is read by remo alone.
     */
    @Test
    void anAtArgumentIsNotExpandedByTheOptionParser(@TempDir Path tmp) throws Exception {
        Files.copy(TestData.corpusTest("SB"), tmp.resolve("SB.litmus"));
        Path list = Files.writeString(tmp.resolve("list"), "X86 T garbage\n" + tmp.resolve("SB.litmus") + "\n");
        CliRun r = CliRun.run("check", "@" + list);
        assertEquals(2, r.exit, r.err);
        assertEquals("@" + list + ":1:1: error[E-IO]: no such file or directory\n", r.err);
        assertTrue(!r.out.contains("Test SB"), "the list's words are no arguments: " + r.out);
    }

    @Test
    void aPartialRunMarksItsObservationLineAndCompareLogsSeesIt(@TempDir Path tmp) throws Exception {
        Path test = TestData.corpus().resolve("dat3m-x86/x86-m1.litmus");
        CliRun partial = CliRun.run("check", "--max-executions", "5", test.toString());
        String observation = partial.out.lines().filter(l -> l.startsWith("Observation")).findFirst().orElse("");
        assertTrue(observation.matches("Observation x86-m1 Never 0 \\d+ \\(partial\\)"), observation);
        CliRun full = CliRun.run("check", test.toString());
        assertTrue(full.out.contains("Observation x86-m1 Never 0 15\n"), full.out);
        Path a = Files.writeString(tmp.resolve("partial.txt"), partial.out);
        Path b = Files.writeString(tmp.resolve("full.txt"), full.out);
        CliRun cmp = CliRun.run("compare-logs", a.toString(), b.toString());
        assertEquals(1, cmp.exit);
        assertTrue(cmp.out.contains("x86-m1: verdict Forbidden Ok Never (partial) in " + a + ", Forbidden Ok Never in " + b), cmp.out);
        assertEquals(0, CliRun.run("compare-logs", a.toString(), a.toString()).exit);
    }

    @Test
    void executionsCutByTheUnrollingBoundAreReportedInTheBlockAndOnStandardError(@TempDir Path tmp) throws Exception {
        Path loop = Files.writeString(tmp.resolve("spin.litmus"), "X86 SPIN\n{ }\n P0         | P1          ;\n"
                + " MOV [x],$1 | L0:         ;\n            | MOV EAX,[x] ;\n            | CMP EAX,$1  ;\n"
                + "            | JNE L0      ;\nexists (1:EAX=1)\n");
        CliRun r = CliRun.run("check", "-unroll", "1", loop.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Positive: 2 Negative: 0\n"), "the flag is read at the first or second try: " + r.out);
        assertTrue(r.out.contains("Warning: unrolling limit exceeded at L0: executions that take this backward jump once "
                + "more were cut, legal outcomes may be missing (raise the bound with --unroll N)\n"), r.out);
        assertTrue(r.err.contains("spin.litmus:7:15: warning[W-UNROLL]: unrolling limit exceeded at L0"), r.err);
    }
}
