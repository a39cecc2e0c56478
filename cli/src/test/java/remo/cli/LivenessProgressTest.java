package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code remo liveness}'s progress on standard error: each run, its state count at most every 5 s, TLC's phases. */
class LivenessProgressTest {

    @Test
    void statesSoFarAtMostEveryFiveSecondsOfTheRun() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        LivenessProgress p = new LivenessProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> now[0]);
        now[0] = 100_000_000_000L;
        p.runStarted("wlock C2: MutualExclusion BoundedBypass DeadlockFreedom (and deadlock)");
        now[0] += 1_000_000_000L;
        p.progress(10, 3); // 1 s into the run: not shown
        now[0] += 5_000_000_000L;
        p.progress(12_345, 678);
        now[0] += 2_000_000_000L;
        p.progress(20_000, 5); // 2 s after the last line: not shown
        p.phase("checking temporal properties");
        assertEquals("""
                liveness: TLC checks wlock C2: MutualExclusion BoundedBypass DeadlockFreedom (and deadlock)
                liveness:   12,345 distinct states so far, 678 on the queue (6 s)
                liveness:   checking temporal properties
                """, bytes.toString(StandardCharsets.UTF_8));
    }
}
