package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.litmus.Program;

/**
 * The row-at-a-time order bounds and coherence rules ({@link CoherenceRows},
 * {@code PartialCandidate.orderBoundsByRows}, used above {@link ChoiceIndex#rowsAbove()} events so
 * that one thread of n accesses costs O(n)) find exactly what the pair-by-pair ones find: every
 * test of the x86 corpus and of the RDMA suite, checked both ways under its default model (and sc for the x86 tests),
 * gives the same states with their counts, verdict, and the same numbers of candidates explored,
 * complete and pruned (so the rules forced the same pairs at every node).
 */
class RowRulesTest {

    /** The x86 corpus's tests (those EXPECTED.tsv lists: the others are documentation) and the RDMA suite. */
    static Stream<Path> tests() throws Exception {
        Stream<Path> x86 = TestFiles.tsv(TestFiles.corpusDir().resolve("EXPECTED.tsv")).stream()
                .map(r -> TestFiles.corpusDir().resolve(r.get("file")));
        try (Stream<Path> suite = Files.list(TestFiles.suiteDir())) {
            return Stream.concat(x86, suite.filter(p -> p.toString().endsWith(".litmus")).sorted().toList().stream());
        }
    }

    @AfterEach
    void restore() {
        ChoiceIndex.setRowsAbove(ChoiceIndex.DEFAULT_ROWS_ABOVE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tests")
    void rowsAndPairsAgree(Path file) throws Exception {
        Program p = TestFiles.read(file);
        String model0 = TestRunner.defaultModel(p);
        // sc too where the default is tso (sc does not support the RDMA instructions)
        for (String model : model0.equals("tso") ? List.of(model0, "sc") : List.of(model0)) {
            ChoiceIndex.setRowsAbove(Integer.MAX_VALUE);
            CheckResult pairs = TestFiles.check(p, model);
            ChoiceIndex.setRowsAbove(0);
            CheckResult rows = TestFiles.check(p, model);
            String at = file.getFileName() + " under " + model;
            assertEquals(pairs.states(), rows.states(), at + ": states");
            assertEquals(pairs.verdict(), rows.verdict(), at + ": verdict");
            assertEquals(pairs.blocked(), rows.blocked(), at + ": blocked");
            assertEquals(pairs.explored(), rows.explored(), at + ": explored");
            assertEquals(pairs.statistics().complete(), rows.statistics().complete(), at + ": complete");
            assertEquals(pairs.statistics().pruned(), rows.statistics().pruned(), at + ": pruned");
        }
    }
}
