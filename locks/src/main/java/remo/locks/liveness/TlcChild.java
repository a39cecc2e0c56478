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
 */
public final class TlcChild {
    /** The prefix of a progress line on standard error. */
    static final String PROGRESS = "@remo-progress ";

    private TlcChild() {
    }

    /**
     * @param args the TLC main class ({@code tlc2.TLC}, {@code tlc2.tool.distributed.TLCServer} or
     *             {@code tlc2.tool.distributed.TLCWorker}), then its arguments
     * @throws Throwable whatever TLC's main throws
     */
    public static void main(String[] args) throws Throwable {
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
