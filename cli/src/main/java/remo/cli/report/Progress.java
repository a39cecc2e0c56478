package remo.cli.report;

import java.io.OutputStream;
import java.io.PrintStream;
import remo.checker.CheckOptions;

/**
 * Progress of a run over many tests or a long enumeration: tests done out of the total,
 * candidates explored, the exploration rate and the elapsed time. Shown on standard error only
 * when it is a terminal ({@link #create}); otherwise every method does nothing.
 */
public interface Progress extends AutoCloseable {

    /** Progress that shows nothing. */
    static Progress none() {
        return NoProgress.INSTANCE;
    }

    /**
     * The progress display for a run.
     *
     * @param totalTests  number of tests the run will check
     * @param interactive whether standard error is a terminal ({@link Terminal#stderrIsTerminal()})
     * @param quiet       {@code --quiet}: show nothing
     * @param err         where to draw (standard error)
     * @return a terminal display if interactive and not quiet, else {@link #none()}
     */
    static Progress create(int totalTests, boolean interactive, boolean quiet, PrintStream err) {
        return create(totalTests, interactive, quiet, System.getenv("COLUMNS"), err);
    }

    /**
     * As {@link #create(int, boolean, boolean, PrintStream)}, with the terminal width given
     * ({@code COLUMNS} of the run's client, or null for 100).
     */
    static Progress create(int totalTests, boolean interactive, boolean quiet, String columns, PrintStream err) {
        return interactive && !quiet ? new TerminalProgress(totalTests, err, TerminalProgress.terminalWidth(columns)) : none();
    }

    /** A test starts (its display name). */
    void testStarted(String name);

    /** The current test finished. */
    void testFinished();

    /** The listener to pass to {@link CheckOptions#withProgress}; it reports the current test's counts. */
    CheckOptions.ProgressListener listener();

    /**
     * A stream that clears the progress line before anything is written to {@code target}, so
     * results and the progress line do not mix on the terminal.
     */
    PrintStream guard(OutputStream target);

    /** Removes the progress line; later reports are ignored. */
    @Override
    void close();

    /** The silent implementation. */
    final class NoProgress implements Progress {
        static final NoProgress INSTANCE = new NoProgress();

        private NoProgress() {
        }

        @Override
        public void testStarted(String name) {
        }

        @Override
        public void testFinished() {
        }

        @Override
        public CheckOptions.ProgressListener listener() {
            return null;
        }

        @Override
        public PrintStream guard(OutputStream target) {
            return target instanceof PrintStream ps ? ps : new PrintStream(target, true);
        }

        @Override
        public void close() {
        }
    }
}
