package remo.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import remo.cli.playground.PlaygroundLimits;
import remo.cli.playground.PlaygroundServer;
import remo.core.Diagnostic;
import remo.core.Interruption;
import remo.models.ModelLibrary;

/**
 * {@code remo serve}: the browser playground (docs/playground.md). Serves the page, the bundled
 * examples and the JSON API until Ctrl-C. Not to be confused with the background server of the
 * launcher (docs/daemon.md), which runs {@code check} command lines for the launcher only.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the browser playground: write a test, pick a model, see every execution (docs/playground.md).",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"2:usage error, or the address cannot be listened on", "130:stopped by Ctrl-C (SIGINT; the normal end)"})
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "P", defaultValue = "7878",
            description = "TCP port to listen on (default ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default ${DEFAULT-VALUE}: this machine only).")
    String bind;

    @Option(names = "--max-input-bytes", paramLabel = "BYTES", defaultValue = "" + PlaygroundLimits.DEFAULT_MAX_INPUT_BYTES,
            description = "Largest test or model text of a request (default ${DEFAULT-VALUE}).")
    long maxInputBytes;

    @Option(names = "--time-limit", paramLabel = "SECONDS", defaultValue = "10",
            description = "Time limit of each request (default ${DEFAULT-VALUE}); a request may ask for less.")
    double timeLimit;

    @Option(names = "--memory-budget", paramLabel = "MIB",
            description = "Memory one request may allocate, MiB (default: the heap divided by --max-runs + 1, at least 64, "
                    + "at most 4096).")
    Long memoryBudget;

    @Option(names = "--max-runs", paramLabel = "N",
            description = "Requests worked on at once; more wait in line (default: twice the processors).")
    Integer maxRuns;

    @Option(names = {"-q", "--quiet"}, description = "Print only the address.")
    boolean quiet;

    @Override
    public Integer call() throws InterruptedException {
        ArgumentPositions args = ArgumentPositions.of(spec);
        PlaygroundLimits limits = PlaygroundLimits.defaults();
        try {
            if (port < 0 || port > 65535) {
                throw ModelOptions.usage(args, "--port", "--port must be between 0 and 65535, not " + port);
            }
            if (maxInputBytes < 1) {
                throw ModelOptions.usage(args, "--max-input-bytes", "--max-input-bytes must be positive, not " + maxInputBytes);
            }
            if (!(timeLimit > 0) || Double.isInfinite(timeLimit)) {
                throw ModelOptions.usage(args, "--time-limit", "--time-limit must be a positive number of seconds, not "
                        + ModelOptions.asTyped(timeLimit));
            }
            limits = limits.withMaxInputBytes(maxInputBytes).withTimeLimit(timeLimit);
            if (memoryBudget != null) {
                if (memoryBudget < 1) {
                    throw ModelOptions.usage(args, "--memory-budget", "--memory-budget must be positive, not " + memoryBudget);
                }
                limits = limits.withMemoryBudget(memoryBudget);
            }
            if (maxRuns != null) {
                if (maxRuns < 1) {
                    throw ModelOptions.usage(args, "--max-runs", "--max-runs must be positive, not " + maxRuns);
                }
                limits = limits.withMaxRuns(maxRuns);
                if (memoryBudget == null) {
                    limits = limits.withMemoryBudget(PlaygroundLimits.defaultBudgetMiB(maxRuns));
                }
            }
        } catch (remo.core.DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            System.err.println(Diagnostic.error("E-USAGE", ModelLibrary.COMMAND_LINE, args.value("--bind"),
                    "--bind: unknown address '" + remo.core.SourceText.quote(bind) + "'").format());
            return 2;
        }
        PlaygroundServer server;
        try {
            server = new PlaygroundServer(address, port, limits, RemoCommand.VERSION, System.err);
        } catch (IOException e) {
            System.err.println(Diagnostic.error("E-IO", ModelLibrary.COMMAND_LINE, args.value(args.has("--port") ? "--port" : "--bind"),
                    "cannot listen on " + bind + ":" + port + ": " + remo.core.UserPath.describe(e)).format());
            return 2;
        }
        try (server) {
            server.start();
            if (!address.isLoopbackAddress() && !quiet) {
                System.err.println("remo serve: warning[W-BIND]: listening on " + bind + ": anyone who can reach this "
                        + "machine can use the playground (it has no login)");
            }
            System.out.println((quiet ? "" : "remo serve: the playground is at ") + server.url()
                    + (quiet ? "" : " (Ctrl-C stops it)"));
            System.out.flush();
            if (!quiet) {
                System.err.println("remo serve: limits per request: " + limits.maxInputBytes() + " bytes of input, "
                        + remo.checker.CheckOptions.seconds(limits.timeLimitSeconds()) + " s, " + limits.memoryBudgetMiB()
                        + " MiB allocated; " + limits.maxRuns() + " requests at once");
            }
            while (!Interruption.requested()) {
                Thread.sleep(100);
            }
        }
        return Main.INTERRUPTED;
    }
}
