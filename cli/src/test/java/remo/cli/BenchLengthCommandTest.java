package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code remo bench-length}, issue 28's length workloads as a bench (docs/performance.md has the
 * figures): each round of each size is printed with its verdict, then the medians per kind; with
 * {@code --timeout} each stopped run says how far past the limit it ended.
 */
class BenchLengthCommandTest {

    @Test
    void printsEveryRoundAndTheMediansPerKind() {
        CliRun r = CliRun.run("bench-length", "--sizes", "10,200", "--rounds", "1");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("length workloads: one X86 thread of N loads or stores of x, "), r.out);
        assertTrue(r.out.contains("\nloads-10 round 1: "), r.out);
        assertTrue(r.out.contains("\nstores-200 round 1: "), r.out);
        assertTrue(r.out.contains("\nloads: median thread CPU (wall) N=10 "), r.out);
        assertTrue(r.out.contains("; N=200 "), r.out);
    }

    @Test
    void aStoppedRunSaysHowFarPastTheLimitItEnded() {
        CliRun r = CliRun.run("bench-length", "--sizes", "20000", "--rounds", "1", "--kinds", "stores", "--timeout", "0.001");
        assertEquals(0, r.exit, r.err);
        // stopped in parsing (E-LIMIT) or in checking, either way partial and named
        assertTrue(r.out.contains("\nstores-20000 round 1: ") && r.out.contains("(partial: ")
                && r.out.contains("time limit of 0.001 s"), r.out);
        assertTrue(r.out.contains(" s after the limit (within max(1 s, 10 %))"), r.out);
        assertTrue(r.out.endsWith("every stopped run ended within max(1 s, 10 %) of --timeout\n"), r.out);
    }
}
