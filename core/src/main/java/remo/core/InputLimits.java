package remo.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The limits on reading one input file, so that no input can exhaust the machine: a size limit,
 * checked before a byte is read, and a time limit on parsing (the run's {@code --timeout}, or an
 * interrupt), checked by the lexers as they go.
 *
 * <p>The size limit is {@value #DEFAULT_MAX_BYTES} bytes (about 400 times the largest test or
 * model of the corpus), overridable with the environment variable {@code REMO_MAX_INPUT_BYTES} or
 * the system property {@code remo.maxInputBytes} (docs/cli.md, "Limits on input").
 */
public final class InputLimits {

    /** The default size limit of one input file (bytes). */
    public static final long DEFAULT_MAX_BYTES = 4L << 20;

    /** The environment variable that overrides the size limit (bytes). */
    public static final String MAX_BYTES_VARIABLE = "REMO_MAX_INPUT_BYTES";

    private static final ThreadLocal<long[]> DEADLINE = ThreadLocal.withInitial(() -> new long[] {Long.MAX_VALUE, 0});

    private InputLimits() {
    }

    /** Parsing stopped by the deadline or an interrupt; parsers turn it into their input's exception. */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Position at;

        Stopped(Position at, String message) {
            super(message, null, false, false);
            this.at = at;
        }

        /** The E-LIMIT error in {@code file}, located where parsing stopped. */
        public Diagnostic diagnostic(String file) {
            return Diagnostic.error("E-LIMIT", file, at, getMessage());
        }
    }

    /** The setting of the limit as given: where it came from and its text; {@code null} when unset. */
    private record Setting(String name, String text) {
        static Setting find() {
            String v = System.getProperty(PROPERTY);
            if (v != null) {
                return new Setting("-D" + PROPERTY, v);
            }
            v = System.getenv(MAX_BYTES_VARIABLE);
            return v == null ? null : new Setting(MAX_BYTES_VARIABLE, v);
        }

        /** The limit it gives, or 0 if it is no positive whole number (the default then applies). */
        long bytes() {
            try {
                return Math.max(0, Long.parseLong(text.trim()));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    private static final String PROPERTY = "remo.maxInputBytes";

    /**
     * What is wrong with the limit's setting, as a warning to show once per run, or {@code null}
     * if it is unset or a positive whole number (a bad setting keeps the default, so it must be
     * said, not dropped).
     */
    public static String settingProblem() {
        Setting s = Setting.find();
        if (s == null || s.bytes() > 0) {
            return null;
        }
        return s.name() + "='" + s.text() + "' is not a whole number from 1 to " + Long.MAX_VALUE + "; the default limit of "
                + DEFAULT_MAX_BYTES + " bytes applies";
    }

    /** The size limit in bytes: {@code remo.maxInputBytes}, else {@code REMO_MAX_INPUT_BYTES}, else the default. */
    public static long maxBytes() {
        Setting s = Setting.find();
        long n = s == null ? 0 : s.bytes();
        return n > 0 ? n : DEFAULT_MAX_BYTES;
    }

    /**
     * Reads a whole input file, refusing one over the size limit before reading it.
     *
     * @param path      the file
     * @param shownName its name in diagnostics
     * @return its bytes
     * @throws DiagnosticException E-LIMIT at 1:1 naming the limit, for a file over it
     * @throws IOException         if the file cannot be read
     */
    public static byte[] read(Path path, String shownName) throws DiagnosticException, IOException {
        long limit = maxBytes();
        long size = Files.size(path);
        if (size > limit) {
            throw new DiagnosticException(tooLarge(shownName, size, limit));
        }
        byte[] bytes = Files.readAllBytes(path);
        if (bytes.length > limit) {
            // grew while being read
            throw new DiagnosticException(tooLarge(shownName, bytes.length, limit));
        }
        return bytes;
    }

    private static Diagnostic tooLarge(String shownName, long size, long limit) {
        return Diagnostic.error("E-LIMIT", shownName, Position.START, "file of " + size + " bytes is over the input size "
                + "limit of " + limit + " bytes (raise it with " + MAX_BYTES_VARIABLE + "=BYTES)");
    }

    /**
     * Sets the parse deadline of the current thread ({@link System#nanoTime()} value;
     * {@link Long#MAX_VALUE} for none) and returns the previous one, to restore afterwards.
     *
     * @param nanoTime the deadline
     * @param limit    the time limit it stands for, nanoseconds (for the message)
     */
    public static long[] setDeadline(long nanoTime, long limit) {
        long[] d = DEADLINE.get();
        long[] previous = {d[0], d[1]};
        d[0] = nanoTime;
        d[1] = limit;
        return previous;
    }

    /** Restores a deadline returned by {@link #setDeadline}. */
    public static void restoreDeadline(long[] previous) {
        long[] d = DEADLINE.get();
        d[0] = previous[0];
        d[1] = previous[1];
    }

    /**
     * Stops parsing if the deadline has passed or an interrupt was requested. Lexers call this
     * every few hundred tokens.
     *
     * @param at the position reached
     * @throws Stopped E-LIMIT at {@code at}
     */
    public static void checkDeadline(Position at) {
        if (Interruption.requested()) {
            throw new Stopped(at, "parsing " + Interruption.reason());
        }
        long[] d = DEADLINE.get();
        if (d[0] != Long.MAX_VALUE && System.nanoTime() > d[0]) {
            throw new Stopped(at, "parsing stopped here by the time limit of "
                    + java.math.BigDecimal.valueOf(d[1]).movePointLeft(9).stripTrailingZeros().toPlainString() + " s (--timeout)");
        }
    }
}
