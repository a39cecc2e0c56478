package remo.locks.harness;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verdicts of the harnesses that the checker does not decide within about 20 s today
 * (locks.md §7.5 allows tagging them {@code slow}; README lists their current times), and of the
 * benchmark harnesses S-ME-3T2A and C-ME-3T2A. Run with {@code mvn -B test -Pslow}.
 */
@Tag("slow")
class SlowHarnessVerdictTest {

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("remo.locks.harness.HarnessVerdictTest#slowCases")
    void verdictAsSpecified(String id, String model) {
        HarnessVerdictTest.check(id, model);
    }
}
