package remo.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static remo.symbolic.ModelComparisonTest.side;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.core.Flag;
import remo.litmus.ProgramPrinter;

/**
 * The search with several jobs (thread layouts solved ahead on a pool, {@link LayoutProbes})
 * gives exactly the result of the search with one job: the same outcome, bound, execution, test,
 * checker verdicts and number of candidates, and the same progress lines but for their times. On
 * queries that find a distinguishing test (some after refinements or confirmations) and on
 * inclusions (every layout unsatisfiable).
 */
class ParallelSearchTest {

    /** A comparison's result and its progress lines with the times left out. */
    private record Run(ComparisonResult result, List<String> progress) {
    }

    private static Run run(ModelSide a, ModelSide b, int events, int jobs) {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        ComparisonOptions o = ComparisonOptions.upTo(events).withJobs(jobs).withProgress(lines::add);
        ComparisonResult r = new ModelComparator(o).compare(a, b);
        List<String> untimed = new ArrayList<>();
        for (String line : lines) {
            untimed.add(line.replaceAll("\\(\\d+\\.\\d s\\)", "(time)"));
        }
        return new Run(r, untimed);
    }

    /** Compares the search with one job and with three (more than there are layouts in flight on 2 cores). */
    private static ComparisonResult assertSameSearch(ModelSide a, ModelSide b, int events) {
        Run one = run(a, b, events, 1);
        Run three = run(a, b, events, 3);
        ComparisonResult x = one.result();
        ComparisonResult y = three.result();
        String what = x.summary() + " / " + y.summary();
        assertEquals(x.outcome(), y.outcome(), what);
        assertEquals(x.events(), y.events(), what);
        assertEquals(x.candidates(), y.candidates(), what);
        assertEquals(x.verdictAllowing(), y.verdictAllowing(), what);
        assertEquals(x.verdictForbidding(), y.verdictForbidding(), what);
        assertEquals(x.note(), y.note(), what);
        assertEquals(x.nodesNote(), y.nodesNote(), what);
        assertEquals(x.execution() == null, y.execution() == null, what);
        if (x.execution() != null) {
            List<String> names = LitmusConstruction.locationNames(x.execution().locationCount());
            assertEquals(x.execution().describe(names), y.execution().describe(names));
        }
        assertEquals(x.test() == null, y.test() == null, what);
        if (x.test() != null) {
            assertEquals(ProgramPrinter.print(x.test()), ProgramPrinter.print(y.test()));
        }
        assertEquals(one.progress(), three.progress());
        return x;
    }

    @Test
    void storeBufferingIsFoundAlike() throws Exception {
        ComparisonResult r = assertSameSearch(side("tso"), side("sc"), 6);
        assertEquals(ComparisonResult.Outcome.DISTINGUISHED, r.outcome(), r.summary());
        assertEquals(4, r.events());
    }

    /** Flag rows of docs/compare-models.md's table: small distinctions, one with write-back variants of the second side. */
    @ParameterizedTest(name = "{0}={1} under {2}: {3} events, {4}")
    @CsvSource({
        "GG_LOCAL_ORDER, OFF, rdma-wait-rmw, 4, other value allows",
        "GP_RESPONDER_REORDER, OFF, rdma-wait-rmw, 4, default allows",
        "FAILED_RCAS_WRITES, YES, rdma-wait-rmw, 4, other value allows",
    })
    void aFlagsDistinctionIsFoundAlike(String flag, String value, String model, int events, String direction)
            throws Exception {
        ModelSide other = side(model, Flag.valueOf(flag), value);
        ModelSide standard = side(model);
        boolean otherAllows = direction.startsWith("other");
        ComparisonResult r = otherAllows ? assertSameSearch(other, standard, events) : assertSameSearch(standard, other, events);
        assertEquals(ComparisonResult.Outcome.DISTINGUISHED, r.outcome(), r.summary());
        assertEquals(events, r.events());
        assertNotNull(r.test());
    }

    @Test
    void inclusionsAreReportedAlike() throws Exception {
        ComparisonResult sc = assertSameSearch(side("sc"), side("tso"), 4);
        assertEquals(ComparisonResult.Outcome.INCLUDED, sc.outcome(), sc.summary());
        assertEquals(4, sc.events());
        assertNull(sc.execution());
        ComparisonResult rmw = assertSameSearch(side("rdma-tso"), side("rdma-tso-rmw"), 4);
        assertEquals(ComparisonResult.Outcome.INCLUDED, rmw.outcome(), rmw.summary());
        ComparisonResult self = assertSameSearch(side("rdma-wait-rmw"), side("rdma-wait-rmw"), 4);
        assertEquals(ComparisonResult.Outcome.INCLUDED, self.outcome(), self.summary());
    }

    @Test
    void aFailureOnAWorkerReachesTheSearchAsItIs() throws Exception {
        List<ThreadLayout> layouts = ThreadLayout.all(4, 4);
        UnsupportedOperationException failure = new UnsupportedOperationException("no value for the built-in 'x'");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try (LayoutProbes probes = new LayoutProbes(pool, layouts, (layout, stop) -> {
            if (layout.equals(layouts.get(1))) {
                throw failure;
            }
            return new LayoutProbes.Probe(null, null, null, null);
        })) {
            assertNotNull(probes.take(0));
            assertSame(failure, assertThrows(UnsupportedOperationException.class, () -> probes.take(1)));
            assertNotNull(probes.take(2));
            assertThrows(IllegalArgumentException.class, () -> probes.take(1));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void optionsRejectFewerThanOneJob() {
        assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.upTo(4).withJobs(0));
    }
}
