package remo.litmus.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StoreSequenceTest {
    @Test
    void theComputedLengthIsTheTextsLength() {
        for (int n : new int[] {1, 9, 10, 99, 100, 101, 1234, 10_000}) {
            assertEquals(StoreSequence.text(n).getBytes(java.nio.charset.StandardCharsets.UTF_8).length,
                    StoreSequence.length(n), "n = " + n);
        }
    }

    @Test
    void aCountWhoseTextExceedsTheInputLimitIsRefusedBeforeBuildingIt() {
        // fresh-user trial: --stores 99999999 ran for minutes and then failed inside its own parse
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StoreSequence.text(99_999_999));
        assertTrue(e.getMessage().startsWith("--stores 99999999 gives a test of 2088888970 bytes, over the input limit of "),
                e.getMessage());
    }
}
