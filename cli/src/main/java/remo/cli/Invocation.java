package remo.cli;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What one command run talks to: its standard output and error, the directory its relative names
 * are read from, and what it knows of its terminal. A run in its own JVM (the launcher's plain
 * path) has the process's ({@link #process()}); a run served by the {@code remo} server
 * (docs/daemon.md) has its client's, so that runs served at once share nothing but the JVM.
 *
 * @param out            standard output
 * @param err            standard error
 * @param directory      the directory relative names are read from, or null for the process's working directory
 * @param stderrTerminal whether standard error is a terminal (for the progress display)
 * @param columns        the terminal width ({@code COLUMNS}), or null if unset
 */
record Invocation(PrintStream out, PrintStream err, Path directory, boolean stderrTerminal, String columns) {

    /** The process's own streams, working directory and terminal. */
    static Invocation process() {
        return new Invocation(System.out, System.err, null, remo.cli.report.Terminal.stderrIsTerminal(),
                System.getenv("COLUMNS"));
    }

    /** {@code p} as the file system must be asked for it: resolved against {@link #directory()}. */
    Path resolve(Path p) {
        return directory == null || p == null || p.isAbsolute() ? p : directory.resolve(p);
    }
}
