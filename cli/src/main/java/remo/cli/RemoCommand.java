package remo.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code remo} command and its subcommands. */
@Command(name = "remo", mixinStandardHelpOptions = true, version = "remo 0.1.0",
        description = "REmote Memory Ordering: check litmus tests under RDMA and x86 memory models.",
        subcommands = {CheckCommand.class, RobustCommand.class, BenchCommand.class, GenCommand.class, FuzzCommand.class,
                ReportCommand.class, CompareLogsCommand.class, SimulateCommand.class, BenchNicCommand.class,
                CommandLine.HelpCommand.class})
final class RemoCommand implements Runnable {

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command: try 'remo check FILE' or 'remo help'");
    }

    /**
     * Parses and runs a command line.
     *
     * @return the exit status: 0 success, 1 expectation mismatch, 2 usage or input error, 3 internal error
     */
    static int execute(String[] args) {
        CommandLine cl = new CommandLine(new RemoCommand());
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            err.println("remo: internal error: " + ex);
            for (StackTraceElement e : ex.getStackTrace()) {
                err.println("    at " + e);
            }
            err.println("This is a bug in remo; please report it with the command line and input files.");
            err.flush();
            return 3;
        });
        return cl.execute(args);
    }
}
