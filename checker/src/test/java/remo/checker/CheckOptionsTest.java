package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The limit messages of {@link CheckOptions}. */
class CheckOptionsTest {

    @Test
    void theTimeLimitMessageNamesTheLimitAndShowsShortTimes() {
        CheckOptions o = CheckOptions.defaults().withTimeout(Duration.ofMillis(1));
        assertEquals("time limit of 0.001 s reached after 0.104 s (--timeout)", o.timeLimitReached(104_000_000L));
        assertEquals("time limit of 0.001 s reached after 12.5 s (--timeout)", o.timeLimitReached(12_500_000_000L));
        CheckOptions five = CheckOptions.defaults().withTimeout(Duration.ofSeconds(5));
        assertEquals("time limit of 5 s reached after 5.01 s (--timeout)", five.timeLimitReached(5_010_000_000L));
        assertEquals("time limit of 5 s reached after 20 s (--timeout)", five.timeLimitReached(20_000_000_000L));
    }
}
