package remo.locks.liveness;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import tlc2.TLCGlobals;
import tlc2.tool.AbstractChecker;

/**
 * Entry point of the child JVM that runs TLC (never the JVM of remo or of a test): starts a daemon
 * thread that prints, once a second on standard error, the distinct states TLC has found so far
 * ({@code @remo-progress DISTINCT QUEUE}; TLC's own progress message comes only once a minute),
 * then runs the TLC main class named by the first argument with the remaining arguments. TLC's
 * {@code -tool} output stays on standard output, and TLC ends the JVM itself.
 *
 * <p>The child never outlives remo, however remo ends (issue 28; a SIGKILL runs no shutdown hook):
 * remo keeps the child's standard input open and never writes to it, so that its end of file means
 * remo is gone, and the child also watches its parent process end ({@link ProcessHandle#onExit()},
 * which polls for a process that is not one's own child); either way the child halts at once with
 * status {@value #PARENT_GONE}.
 */
public final class TlcChild {
    /** The prefix of a progress line on standard error. */
    static final String PROGRESS = "@remo-progress ";

    /** The child's exit status when it stops because remo is gone. */
    static final int PARENT_GONE = 125;

    private TlcChild() {
    }

    /**
     * @param args the TLC main class ({@code tlc2.TLC}, {@code tlc2.tool.distributed.TLCServer} or
     *             {@code tlc2.tool.distributed.TLCWorker}), then its arguments
     * @throws Throwable whatever TLC's main throws
     */
    public static void main(String[] args) throws Throwable {
        watchParent();
        Thread reporter = new Thread(TlcChild::report, "remo-progress");
        reporter.setDaemon(true);
        reporter.start();
        try {
            Class.forName(args[0]).getMethod("main", String[].class)
                    .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Halts this JVM when remo is gone: its standard input ends, or its parent process exits. */
    private static void watchParent() {
        Thread stdin = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // remo writes nothing; a byte would only be read past
                }
            } catch (java.io.IOException e) {
                // a broken pipe is the same news as an end of file
            }
            Runtime.getRuntime().halt(PARENT_GONE);
        }, "remo-parent-stdin");
        stdin.setDaemon(true);
        stdin.start();
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(PARENT_GONE)));
    }

    private static void report() {
        long last = -1;
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            try {
                AbstractChecker checker = TLCGlobals.mainChecker;
                if (checker != null) {
                    long distinct = checker.getDistinctStatesGenerated();
                    if (distinct != last) {
                        System.err.println(PROGRESS + distinct + " " + checker.getStateQueueSize());
                        last = distinct;
                    }
                }
            } catch (RuntimeException e) {
                // TLC is between phases (its state sets not built yet or closed): try again later
            }
        }
    }
}
