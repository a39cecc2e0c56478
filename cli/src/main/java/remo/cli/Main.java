package remo.cli;

/** Entry point of the {@code remo} command; the only place that calls {@link System#exit}. */
public final class Main {
    /**
     * Stack size of the thread that runs the command (bytes). Parsers, printers and evaluators
     * recurse over the input's structure; a large stack lets long conditions and deep models
     * through, and a {@link StackOverflowError} beyond it becomes an error message, not a crash.
     */
    private static final long STACK_BYTES = 512L << 20;

    private Main() {
    }

    /** Runs the command line and exits with its status (documented in README.md). */
    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args));
    }

    /**
     * Runs the command line on a thread with a large stack.
     *
     * @return the exit status (README.md: 0, 1, 2, 3)
     * @throws InterruptedException if interrupted while waiting for the command
     */
    static int run(String[] args) throws InterruptedException {
        int[] status = {3};
        Thread worker = new Thread(null, () -> {
            try {
                status[0] = RemoCommand.execute(args);
            } catch (StackOverflowError e) {
                System.out.flush();
                System.err.println("remo: error[E-LIMIT]: input too large or too deeply nested to process "
                        + "(stack exhausted); split the test or simplify its condition or model");
                status[0] = 2;
            } catch (OutOfMemoryError e) {
                System.out.flush();
                System.err.println("remo: error[E-LIMIT]: out of memory; the input is too large for the heap "
                        + "(give Java more with REMO_JAVA_OPTS=-Xmx…, or use --max-executions / --timeout)");
                status[0] = 2;
            }
        }, "remo", STACK_BYTES);
        worker.start();
        worker.join();
        return status[0];
    }
}
