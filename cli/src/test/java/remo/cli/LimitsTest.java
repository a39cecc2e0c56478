package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Limits (issue 2, done-when 5): --max-executions and --timeout each end a long test with a clear
 * message and the states found so far marked as partial.
 */
class LimitsTest {

    static String heavy() {
        try {
            return Path.of(LimitsTest.class.getResource("limits/heavy.litmus").toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void executionLimitStopsAndMarksThePartialResult() {
        CliRun r = CliRun.run("check", "--max-executions", "500", heavy());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Warning: partial result, states found so far: execution limit reached: explored 500 "
                + "candidates (--max-executions 500)"), r.out);
    }

    @Test
    void timeLimitStopsAndReportsTheStatesFoundSoFar() {
        long t0 = System.nanoTime();
        CliRun r = CliRun.run("check", "--timeout", "0.5", heavy(), heavy());
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("Warning: partial result, states found so far: time limit of 0.5 s reached after"), r.out);
        Matcher m = Pattern.compile("States (\\d+)").matcher(r.out);
        assertTrue(m.find());
        assertTrue(Integer.parseInt(m.group(1)) > 0, "states found before the limit are printed");
        assertTrue(r.out.contains("PARTIAL"), "the summary marks partial results");
        assertTrue(seconds < 30, "both tests stopped near their limit, took " + seconds + " s");
    }

    @Test
    void aCompleteRunHasNoPartialMarker() throws Exception {
        CliRun r = CliRun.run("check", Path.of(LimitsTest.class.getResource("bad/good.litmus").toURI()).toString());
        assertEquals(0, r.exit);
        assertTrue(!r.out.contains("partial"), r.out);
    }
}
