package remo.cli;

import picocli.CommandLine.Option;
import remo.core.DiagnosticException;

/** The {@code --jobs N} option of the batch commands ({@code check}, {@code bench}, {@code report}). */
final class JobsOption {

    @Option(names = "--jobs", paramLabel = "N",
            description = "Check N tests at a time on N threads (default: the number of processors); the output is "
                    + "the same, in input order, as with --jobs 1.")
    int jobs = Runtime.getRuntime().availableProcessors();

    /**
     * The number of threads.
     *
     * @param at where the command line's options are
     * @throws DiagnosticException E-USAGE at the option's value if it is below 1 or above {@link #maximum()}
     */
    int jobs(ArgumentPositions at) throws DiagnosticException {
        return checked(at, jobs);
    }

    /**
     * The most threads {@code --jobs} may ask for: the larger of 256 and 4 per processor. More would
     * only wait for a processor, and each costs a thread's stack: a served {@code --jobs 100000}
     * started threads until the machine had no process IDs left, and other programs on it then
     * failed to start theirs.
     */
    static int maximum() {
        return Math.max(256, 4 * Runtime.getRuntime().availableProcessors());
    }

    /**
     * {@code jobs} if it is a valid {@code --jobs} value (every command's {@code --jobs}: this
     * class's, and compare-models').
     *
     * @param at   where the command line's options are
     * @param jobs the value given
     * @return {@code jobs}
     * @throws DiagnosticException E-USAGE at the option's value if it is below 1 or above {@link #maximum()}
     */
    static int checked(ArgumentPositions at, int jobs) throws DiagnosticException {
        if (jobs < 1) {
            throw ModelOptions.usage(at, "--jobs", "--jobs must be at least 1, not " + jobs);
        }
        if (jobs > maximum()) {
            throw ModelOptions.usage(at, "--jobs", "--jobs must be at most " + maximum()
                    + " (the larger of 256 and 4 per processor), not " + jobs);
        }
        return jobs;
    }
}
