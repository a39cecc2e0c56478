package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link ColumnText} prints exactly what {@code String.format(Locale.ROOT, …)} prints. */
class ColumnTextTest {

    private static void sameAsFormat(double x) {
        assertEquals(String.format(Locale.ROOT, "%.2f", x), ColumnText.twoDecimals(x), "value " + x + " (" + Double.toString(x) + ")");
    }

    @Test
    void twoDecimalsAtTheRoundingEdges() {
        double[] edges = {0.0, -0.0, 0.001, 0.0049, 0.005, 0.0050000001, 0.015, 0.025, 0.125, 0.145, 0.135, 0.995, 0.9949999,
            1.005, 1.015, 2.675, 9.995, 99.995, 999999.995, 999999.99, 1e6, 1e7, 1e-4, 5e-3, 4.9999e-3, 1.0, 10.0, 123.456,
            0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1e-300, Double.MIN_VALUE, -1.5, -0.004, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MAX_VALUE, 0.285, 1.115, 8.345};
        for (double x : edges) {
            sameAsFormat(x);
        }
        assertEquals("0.13", ColumnText.twoDecimals(0.125)); // half up, as the JDK's formatter
        assertEquals("0.00", ColumnText.twoDecimals(0.0));
        assertEquals("-0.00", ColumnText.twoDecimals(-0.0));
    }

    @Test
    void twoDecimalsOnSeededRandomValues() {
        Random random = new Random(13);
        for (int i = 0; i < 60_000; i++) {
            // durations as checks measure them (nanoseconds / 1e9), short and long, and decimal-looking values
            double x = switch (i % 4) {
                case 0 -> random.nextLong(20_000_000_000L) / 1e9;
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(9) - 4);
                case 2 -> random.nextInt(2_000_000) / 1000.0 + 0.005;
                default -> random.nextInt(100_000) / 1000.0;
            };
            sameAsFormat(x);
        }
    }

    @Test
    void paddingAsFormat() {
        for (String s : new String[] {"", "a", "Allowed", "Forbidden", "Sometimes!", "a-much-longer-name-than-width"}) {
            for (int width = 1; width <= 14; width++) {
                assertEquals(String.format(Locale.ROOT, "%-" + width + "s", s), ColumnText.left(s, width));
                assertEquals(String.format(Locale.ROOT, "%" + width + "s", s), ColumnText.right(s, width));
            }
        }
    }
}
