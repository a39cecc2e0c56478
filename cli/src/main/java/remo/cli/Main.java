package remo.cli;

/** Entry point of the {@code remo} command; the only place that calls {@link System#exit}. */
public final class Main {
    private Main() {
    }

    /** Runs the command line and exits with its status (documented in README.md). */
    public static void main(String[] args) {
        System.exit(RemoCommand.execute(args));
    }
}
