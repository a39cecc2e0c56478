package remo.cli;

import java.util.List;
import picocli.CommandLine.Option;
import remo.litmus.LitmusException;

/** The {@code --jobs N} option of the batch commands ({@code check}, {@code bench}, {@code report}). */
final class JobsOption {

    @Option(names = "--jobs", paramLabel = "N",
            description = "Check N tests at a time on N threads (default: the number of processors); the output is "
                    + "the same, in input order, as with --jobs 1.")
    int jobs = Runtime.getRuntime().availableProcessors();

    /**
     * The number of threads.
     *
     * @throws LitmusException E-USAGE at the option's value if it is below 1
     */
    int jobs(List<String> originalArgs) throws LitmusException {
        if (jobs < 1) {
            throw ModelOptions.usage(originalArgs, "--jobs", "--jobs must be at least 1, not " + jobs);
        }
        return jobs;
    }
}
