package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;

/**
 * Issue 28's length rows: one X86 thread of 100 000 loads or 100 000 stores of one location (the
 * workloads of {@code remo bench-length}, {@link LengthBenchmark}) is decided as its one execution,
 * not stopped by the heap (100 000 loads ran out of memory after 20 s and 4–5 GB). How the cost grows
 * with the length is measured by {@code remo bench-length} (docs/performance.md), not here.
 */
class LengthWorkloadTest {

    @ParameterizedTest(name = "100 000 {0}")
    @EnumSource(LengthBenchmark.Kind.class)
    void oneThreadOfAHundredThousandInstructionsIsDecidedAsOneExecution(LengthBenchmark.Kind kind) throws Exception {
        Program p = LitmusParser.parseAndValidate("length", LengthBenchmark.program(kind, 100_000), 0);
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(), CheckOptions.defaults());
        assertNull(r.partialReason());
        assertEquals(1, r.statistics().complete(), r.statistics().toString());
        assertEquals(1, r.positive() + r.negative());
    }
}
