package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code check --jobs N} prints what {@code --jobs 1} prints, byte for byte but for the measured
 * seconds, on every test of the repository's corpora (the x86 corpus, the suite, the bad inputs):
 * the workers check the tests in another order (two-ended, {@link ParallelRuns}) and make each
 * result block themselves, and the printing thread puts them back in input order.
 */
class JobsOutputTest {

    static Stream<List<String>> commandLines() {
        String x86 = TestData.corpus().toString();
        String suite = TestData.suite().toString();
        String errors = TestData.errors().toString();
        return Stream.of(
                List.of("check", x86, suite, errors),
                List.of("check", "--show-blocked", "--expect", TestData.corpus().resolve("EXPECTED.tsv").toString(), x86),
                List.of("check", "-q", "--json", "--max-executions", "3", suite));
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void everyNumberOfJobsPrintsWhatOneJobPrints(List<String> commandLine) {
        CliRun one = CliRun.run(withJobs(commandLine, "1"));
        // a batch that ran: the comparison below is not between two empty outputs
        assertTrue(one.out.length() > 1000, one.out + one.err);
        for (String jobs : new String[] {"2", "3"}) {
            CliRun more = CliRun.run(withJobs(commandLine, jobs));
            assertEquals(one.exit, more.exit, "--jobs " + jobs + ": " + more.err);
            assertEquals(ServerClientTest.masked(one.out), ServerClientTest.masked(more.out), "--jobs " + jobs);
            assertEquals(ServerClientTest.masked(one.err), ServerClientTest.masked(more.err), "--jobs " + jobs);
        }
    }

    /** {@code commandLine} with {@code --jobs N} after its command. */
    private static String[] withJobs(List<String> commandLine, String jobs) {
        List<String> args = new ArrayList<>(commandLine);
        args.addAll(1, List.of("--jobs", jobs));
        return args.toArray(String[]::new);
    }
}
