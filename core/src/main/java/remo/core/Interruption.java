package remo.core;

/**
 * Whether the user asked the run to stop (SIGINT, Ctrl-C, or SIGTERM): the command line's signal
 * handling requests it, and every limit check (the checker's budget, the operational search, the
 * robustness deadline, the lexers, the model comparison's SAT solves) treats it as a limit reached
 * now, so that the result found so far is printed, marked partial exactly as for {@code --timeout}.
 *
 * <p>A request stops one run: the run whose {@link Token} the calling thread is bound to. A
 * process that runs one command (the JVM that {@code remo} starts) has one token, the process's,
 * which every thread sees unless bound to another. A process that runs several commands at once
 * (the {@code remo} server of docs/daemon.md) binds each run's thread to a token of its own
 * ({@link #bind}); the threads that thread starts (the {@code --jobs} workers) inherit it, so that
 * a Ctrl-C in one terminal stops that run only.
 */
public final class Interruption {

    /** One run's stop request: set once, by a signal or by the run's client going away. */
    public static final class Token {
        private volatile boolean requested;
        private volatile String cause = "SIGINT or SIGTERM";
        private final java.util.Set<Runnable> actions = java.util.concurrent.ConcurrentHashMap.newKeySet();

        /**
         * Requests that this run's enumerations stop at their next limit check, and runs the
         * actions registered with {@link Interruption#whenRequested}.
         *
         * @param what what asked for it, as messages say it ({@code SIGINT or SIGTERM})
         */
        public void request(String what) {
            cause = what;
            requested = true;
            for (Runnable action : actions) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    // one action's failure must not keep the others from stopping their work
                }
            }
        }

        /** Whether a stop was requested. */
        public boolean requested() {
            return requested;
        }
    }

    /** The token of threads bound to none: the process's own run. */
    private static final Token PROCESS = new Token();

    /** The token a thread is bound to, inherited by the threads it starts. */
    private static final InheritableThreadLocal<Token> BOUND = new InheritableThreadLocal<>();

    private Interruption() {
    }

    /** The token of the calling thread's run. */
    public static Token current() {
        Token t = BOUND.get();
        return t == null ? PROCESS : t;
    }

    /**
     * Binds the calling thread (and the threads it starts from now on) to {@code token}, for a
     * server that runs several commands at once; {@code null} unbinds it (the process's token).
     */
    public static void bind(Token token) {
        if (token == null) {
            BOUND.remove();
        } else {
            BOUND.set(token);
        }
    }

    /**
     * Requests that every enumeration of the current run stop at its next limit check.
     *
     * @param what what asked for it, as messages say it ({@code SIGINT or SIGTERM})
     */
    public static void request(String what) {
        current().request(what);
    }

    /** A registered action ({@link #whenRequested}); closing it removes it. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Runs {@code action} when a stop of the current run is requested, on the requesting thread,
     * for work that does not reach a limit check while it runs (a SAT solve): the action makes it
     * stop, and its caller then sees {@link #requested()}. If a stop is already requested the
     * action runs at once.
     *
     * @param action what stops the work; must be quick and must not throw
     * @return the registration, to close when the work is over
     */
    public static Registration whenRequested(Runnable action) {
        Token t = current();
        t.actions.add(action);
        if (t.requested) {
            action.run();
        }
        return () -> t.actions.remove(action);
    }

    /** Whether a stop of the current run was requested. */
    public static boolean requested() {
        return current().requested;
    }

    /** The partial reason every output shows: {@code interrupted (SIGINT or SIGTERM)}. */
    public static String reason() {
        return "interrupted (" + current().cause + ")";
    }

    /** Clears the current run's request (for tests that run several commands in one process). */
    public static void clear() {
        current().requested = false;
    }
}
