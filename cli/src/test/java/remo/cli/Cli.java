package remo.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs the {@code remo} command line in-process and captures standard output and error (by
 * swapping {@code System.out}/{@code System.err} for the duration; calls are serialised).
 */
public final class Cli {
    private Cli() {
    }

    /**
     * The result of one command line.
     *
     * @param status the exit status
     * @param out    standard output
     * @param err    standard error
     */
    public record Run(int status, String out, String err) {
    }

    /** Runs {@code remo ARGS...}. */
    public static synchronized Run run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            int status = RemoCommand.execute(args);
            o.flush();
            e.flush();
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
