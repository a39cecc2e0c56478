package remo.litmus.gen;

import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;

/**
 * The scaling benchmark of issue 13: one X86 thread of {@code n} stores to one location
 * ({@code x := 1, 2, ..., n}). It has exactly one consistent execution under every model, so the
 * cost of checking it measures the per-event work of an engine (docs/checker.md, "Figures").
 */
public final class StoreSequence {
    private StoreSequence() {
    }

    /**
     * The litmus text of the test {@code STORES-n}, whose condition {@code exists ([x]=n)} holds.
     *
     * @param n number of stores, at least 1
     * @throws IllegalArgumentException if {@code n < 1}, or if the text would be longer than the input
     *         limit of {@link remo.core.InputLimits#maxBytes()} (bytes)
     */
    public static String text(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("--stores needs a count >= 1, not " + n);
        }
        long bytes = length(n);
        long limit = remo.core.InputLimits.maxBytes();
        if (bytes > limit) {
            // the file written could not be read back by remo check, and building it would take
            // minutes and gigabytes for the counts a typo gives
            throw new IllegalArgumentException("--stores " + n + " gives a test of " + bytes + " bytes, over the input limit of "
                    + limit + " bytes (REMO_MAX_INPUT_BYTES)");
        }
        StringBuilder sb = new StringBuilder();
        sb.append("X86 STORES-").append(n).append('\n');
        sb.append("\"one thread of ").append(n).append(" stores to x\"\n");
        sb.append("{ x=0; }\n");
        sb.append(" P0 ;\n");
        for (int i = 1; i <= n; i++) {
            sb.append(" MOV [x],$").append(i).append(" ;\n");
        }
        sb.append("exists ([x]=").append(n).append(")\n");
        return sb.toString();
    }

    /** The length in bytes of {@link #text}{@code (n)}, computed without building it. */
    static long length(int n) {
        String digits = Integer.toString(n);
        long total = ("X86 STORES-" + digits + "\n").length() + ("\"one thread of " + digits + " stores to x\"\n").length()
                + "{ x=0; }\n".length() + " P0 ;\n".length() + ("exists ([x]=" + digits + ")\n").length();
        long width = 1;
        for (long low = 1; low <= n; low *= 10, width++) {
            long high = Math.min(n, low * 10 - 1);
            total += (high - low + 1) * (" MOV [x],$".length() + width + " ;\n".length());
        }
        return total;
    }

    /** The test {@link #text}{@code (n)}, parsed. @throws IllegalArgumentException if {@code n < 1} */
    public static Program program(int n) {
        try {
            return LitmusParser.parseAndValidate("STORES-" + n + ".litmus", text(n));
        } catch (LitmusException e) {
            throw new IllegalStateException("the generated test does not parse: " + e.diagnostic().format(), e);
        }
    }
}
