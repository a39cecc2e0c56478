package remo.cli;

/**
 * Public access to {@link CliRun} for the tests of other packages ({@code remo.cli.report}): runs
 * the {@code remo} command line in-process with standard output and error captured.
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
    public static Run run(String... args) {
        CliRun r = CliRun.run(args);
        return new Run(r.exit, r.out, r.err);
    }
}
