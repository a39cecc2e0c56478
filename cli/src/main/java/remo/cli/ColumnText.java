package remo.cli;

import java.util.Locale;

/**
 * The few fixed-width pieces of herd7-style text output ({@code Time} lines, the summary table),
 * written without {@link String#format}: the JDK's formatter sets up locale data on first use,
 * several milliseconds of a short run's start-up, and a {@code check} of one small test prints
 * little else. Every method gives exactly what the {@code String.format(Locale.ROOT, …)} named
 * in its description gives.
 */
final class ColumnText {

    private ColumnText() {
    }

    /**
     * {@code String.format(Locale.ROOT, "%.2f", x)}: two decimals, rounded half up on the
     * shortest decimal form of {@code x} ({@link Double#toString}), as the JDK's formatter rounds.
     *
     * @param x a number (seconds, ratios); any value, the uncommon ones (negative, NaN, infinite,
     *          a million or more) handed to the JDK's formatter itself
     */
    static String twoDecimals(double x) {
        if (Double.compare(x, 0.0) == 0) {
            return "0.00";
        }
        if (!(x > 0 && x < 1e6)) {
            return String.format(Locale.ROOT, "%.2f", x);
        }
        if (x < 1e-3) {
            // below 0.005 every rounding gives 0.00; Double.toString would use an exponent here
            return "0.00";
        }
        String digits = Double.toString(x); // plain notation from 1e-3 up to 1e7
        int point = digits.indexOf('.');
        String fraction = digits.substring(point + 1); // at least one digit ("1.0")
        long hundredths = Long.parseLong(digits.substring(0, point)) * 100 + (fraction.charAt(0) - '0') * 10
                + (fraction.length() > 1 ? fraction.charAt(1) - '0' : 0);
        if (fraction.length() > 2 && fraction.charAt(2) >= '5') {
            hundredths++;
        }
        long cents = hundredths % 100;
        return (hundredths / 100) + (cents < 10 ? ".0" : ".") + cents;
    }

    /** {@code String.format(Locale.ROOT, "%-" + width + "s", s)}: {@code s} padded with spaces on the right to {@code width}. */
    static String left(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** {@code String.format(Locale.ROOT, "%" + width + "s", s)}: {@code s} padded with spaces on the left to {@code width}. */
    static String right(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
