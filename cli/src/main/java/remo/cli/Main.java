package remo.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import remo.core.Interruption;

/** Entry point of the {@code remo} command; the only place that calls {@link System#exit}. */
public final class Main {
    /**
     * Stack size of the thread that runs the command (bytes). Parsers, printers and evaluators
     * recurse over the input's structure; a large stack lets long conditions and deep models
     * through, and a {@link StackOverflowError} beyond it becomes an error message, not a crash.
     */
    private static final long STACK_BYTES = 512L << 20;

    /**
     * How long a signal waits for the command to print its partial result (milliseconds); a
     * second signal, or this time passing, ends the process at once.
     */
    private static final long PARTIAL_GRACE_MS = 10_000;

    /** Exit status after an interrupt (128 + SIGINT, the shell's convention; docs/cli.md). */
    static final int INTERRUPTED = 130;

    /**
     * Exit status of a JVM of its own stopped by SIGTERM (128 + 15, the JVM's); a served run stopped
     * by its client's SIGTERM gives it too (docs/cli.md).
     */
    static final int TERMINATED = 143;

    private Main() {
    }

    /**
     * Runs the command line and exits with its status (documented in docs/cli.md). Standard output
     * is watched for write errors ({@link WatchedOutput}); SIGINT and SIGTERM stop the command at
     * its next limit check, and it prints what it has, marked partial ({@link Interruption}).
     * With the system property {@code remo.archiveTraining} set (the launcher's training run),
     * {@code args} is the project checkout and the run is {@link ArchiveTraining}'s.
     *
     * @throws java.io.IOException only in the training run, if its scratch directory cannot be made
     */
    public static void main(String[] args) throws InterruptedException, java.io.IOException {
        Thread[] worker = new Thread[1];
        // the JVM runs this on SIGINT/SIGTERM (and on exit): let the command print its partial result;
        // installed before the training run too, whose archive then holds the hook's class
        Runtime.getRuntime().addShutdownHook(new Thread(new PartialOnSignal(worker), "remo-interrupt"));
        String training = System.getProperty(ArchiveTraining.PROPERTY);
        if (training != null && args.length == 1) {
            // the launcher's training run for its class-data-sharing archive (ArchiveTraining)
            System.exit(ArchiveTraining.run(java.nio.file.Path.of(args[0]), java.nio.file.Path.of(training)));
        }
        WatchedOutput stdout = new WatchedOutput(new FileOutputStream(FileDescriptor.out));
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        try {
            System.setOut(encoding == null ? new PrintStream(stdout, true)
                    : new PrintStream(stdout, true, java.nio.charset.Charset.forName(encoding)));
        } catch (RuntimeException e) {
            System.setOut(new PrintStream(stdout, true));
        }
        int status = run(args, worker);
        System.exit(status);
    }

    /**
     * The shutdown hook (SIGINT, SIGTERM, exit): asks a running command to stop and waits up to
     * {@link #PARTIAL_GRACE_MS} for it to print its partial result. A class, not a lambda: as the run's
     * first lambda it was generated anew on every run (the training run did not reach it), with the
     * method-handle classes behind it.
     */
    private static final class PartialOnSignal implements Runnable {
        private final Thread[] worker;

        PartialOnSignal(Thread[] worker) {
            this.worker = worker;
        }

        @Override
        public void run() {
            Thread w = worker[0];
            if (w != null && w.isAlive()) {
                Interruption.request("SIGINT or SIGTERM");
                try {
                    w.join(PARTIAL_GRACE_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                System.out.flush();
                System.err.flush();
            }
        }
    }

    /**
     * Runs the command line on a thread with a large stack.
     *
     * @return the exit status (docs/cli.md: 0, 1, 2, 3, 130)
     * @throws InterruptedException if interrupted while waiting for the command
     */
    static int run(String[] args) throws InterruptedException {
        return run(args, new Thread[1]);
    }

    private static int run(String[] args, Thread[] workerOut) throws InterruptedException {
        int[] status = {3};
        Thread worker = new Thread(null, () -> status[0] = runCommand(args, null, Interruption::requested,
                () -> WatchedOutput.failure(System.out)), "remo", STACK_BYTES);
        workerOut[0] = worker;
        worker.start();
        worker.join();
        return status[0];
    }

    /**
     * Runs a command line on the calling thread and gives its exit status: the command's, or 2
     * for an exhausted stack or heap or a failure to write standard output, or
     * {@link #INTERRUPTED} after a stop request. Shared by a JVM of its own and the server's runs.
     *
     * @param invocation  the run's streams and directory, or null for the process's
     * @param interrupted whether the run was asked to stop
     * @param outFailure  why standard output failed, in words
     */
    static int runCommand(String[] args, Invocation invocation, java.util.function.BooleanSupplier interrupted,
                          java.util.function.Supplier<String> outFailure) {
        return runCommand(args, invocation, null, interrupted, outFailure);
    }

    /**
     * As {@link #runCommand(String[], Invocation, java.util.function.BooleanSupplier, java.util.function.Supplier)},
     * with a parser made beforehand ({@link RemoCommand#execute(String[], Invocation, picocli.CommandLine)}).
     */
    static int runCommand(String[] args, Invocation invocation, picocli.CommandLine prepared,
                          java.util.function.BooleanSupplier interrupted, java.util.function.Supplier<String> outFailure) {
        java.io.PrintStream out = invocation == null ? System.out : invocation.out();
        java.io.PrintStream err = invocation == null ? System.err : invocation.err();
        int status;
        try {
            String limitProblem = remo.core.InputLimits.settingProblem();
            if (limitProblem != null) {
                err.println("remo: warning[W-ENV]: " + limitProblem);
            }
            status = RemoCommand.execute(args, invocation, prepared);
        } catch (StackOverflowError e) {
            out.flush();
            err.println("remo: error[E-LIMIT]: input too large or too deeply nested to process "
                    + "(stack exhausted); split the test or simplify its condition or model");
            status = 2;
        } catch (OutOfMemoryError e) {
            out.flush();
            err.println("remo: error[E-LIMIT]: out of memory; the input is too large for the heap "
                    + "(give Java more with REMO_JAVA_OPTS=-Xmx…, or use --max-executions / --timeout)");
            status = 2;
        }
        out.flush();
        if (out.checkError()) {
            err.println("remo: error[E-IO]: cannot write standard output: " + outFailure.get()
                    + "; the results are lost");
            status = Math.max(status, 2);
        }
        if (interrupted.getAsBoolean()) {
            status = INTERRUPTED;
        }
        err.flush();
        return status;
    }
}
