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
     * @throws DiagnosticException E-USAGE at the option's value if it is below 1
     */
    int jobs(ArgumentPositions at) throws DiagnosticException {
        if (jobs < 1) {
            throw ModelOptions.usage(at, "--jobs", "--jobs must be at least 1, not " + jobs);
        }
        return jobs;
    }
}
