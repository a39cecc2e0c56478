package remo.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import remo.cli.report.LogComparison;
import remo.cli.report.ResultLog;
import remo.core.DiagnosticException;

/**
 * {@code remo compare-logs A B}: compares two remo or herd7 text logs test by test (verdict and
 * state set) and lists the differences. Exit status: 0 identical, 1 differences, 2 unreadable or
 * malformed input.
 */
@Command(name = "compare-logs", mixinStandardHelpOptions = true,
        description = "Compare two remo or herd7 result logs: tests whose verdict or states differ, and tests in one log only.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the logs agree on every test", "1:some test differs or is in one log only",
                "2:a log cannot be read or is malformed (file:line:column on standard error)"})
final class CompareLogsCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A.txt", description = "The first log.")
    Path a;

    @Parameters(index = "1", paramLabel = "B.txt", description = "The second log.")
    Path b;

    @Override
    public Integer call() {
        ResultLog left;
        ResultLog right;
        try {
            left = ResultLog.read(a, a.toString());
            right = ResultLog.read(b, b.toString());
        } catch (DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        }
        LogComparison c = LogComparison.compare(left, right);
        System.out.print(c.report());
        System.out.flush();
        return c.identical() ? 0 : 1;
    }
}
