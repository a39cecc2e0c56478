package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.ModelLibrary;

/**
 * {@code --timeout} on issue 28's length workloads ({@link LengthBenchmark}): a run stopped by the
 * limit says so (partial, Undecided, the limit and the time it took), and the limit counts from
 * the start of the run, parsing included (RunClock). How close to the limit runs stop is measured
 * by {@code remo bench-length --timeout} (docs/performance.md), not here.
 */
class TimeLimitTest {

    private static final java.util.regex.Pattern REASON =
            java.util.regex.Pattern.compile("time limit of 0\\.001 s reached after [0-9.]+ s \\(--timeout\\)");

    @Test
    void aLongThreadStoppedByTheLimitIsPartialAndUndecided() throws Exception {
        Program p = LitmusParser.parseAndValidate("stores-5000",
                LengthBenchmark.program(LengthBenchmark.Kind.STORES, 5000), 0);
        CheckOptions limited = CheckOptions.defaults().withTimeout(Duration.ofMillis(1));
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(), limited);
        assertTrue(r.partial(), "partial");
        assertTrue(REASON.matcher(r.partialReason()).matches(), r.partialReason());
        assertEquals("Undecided", r.verdictWord());
        assertEquals(Map.of(), r.states(), "no state found in a millisecond");
        // without the limit the same program is decided: the limit, not the program, made it partial
        CheckResult whole = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(), CheckOptions.defaults());
        assertNull(whole.partialReason());
        assertEquals("Allowed", whole.verdictWord());
    }

    @Test
    void theLimitCountsFromTheStartOfTheRun() throws Exception {
        Program p = LitmusParser.parseAndValidate("loads-10", LengthBenchmark.program(LengthBenchmark.Kind.LOADS, 10), 0);
        CheckOptions oneSecond = CheckOptions.defaults().withTimeout(Duration.ofSeconds(1));
        // a run that began 5 s ago (its parsing took them) has no time left for checking
        Long previous = RunClock.set(System.nanoTime() - 5_000_000_000L);
        CheckResult r;
        try {
            r = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(), oneSecond);
        } finally {
            RunClock.restore(previous);
        }
        assertTrue(r.partialReason() != null && r.partialReason().matches("time limit of 1 s reached after 5(\\.[0-9]+)? s \\(--timeout\\)"),
                String.valueOf(r.partialReason()));
        assertEquals("Undecided", r.verdictWord());
        assertEquals(0, r.explored(), "stopped before exploring");
        assertEquals(Map.of(), r.states());
        // and a run of its own (no earlier start) is decided well within the second
        CheckResult own = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(), oneSecond);
        assertNull(own.partialReason());
        assertEquals("Forbidden", own.verdictWord());
    }

    @Test
    void parsingAndCheckingShareOneLimitThroughTheRunner() {
        TestRunner runner = new TestRunner(new ModelLibrary(), "tso", Map.of(),
                CheckOptions.defaults().withTimeout(Duration.ofMillis(1)), AxiomaticChecker::check);
        TestOutcome o = runner.runText(LengthBenchmark.program(LengthBenchmark.Kind.STORES, 20000), "stores-20000");
        // stopped in parsing (E-LIMIT where it got to) or in checking (partial), never decided
        if (o.error() != null) {
            assertEquals("E-LIMIT", o.error().code(), o.error().format());
            assertTrue(o.error().format().contains("parsing stopped here by the time limit of 0.001 s (--timeout)"), o.error().format());
        } else {
            assertTrue(REASON.matcher(o.result().partialReason()).matches(), o.result().partialReason());
        }
    }
}
