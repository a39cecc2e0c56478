package remo.core;

/**
 * Whether the user asked the run to stop (SIGINT, Ctrl-C, or SIGTERM): the command line's signal
 * handling requests it, and every limit check (the checker's budget, the operational search, the
 * robustness deadline, the lexers, the model comparison's SAT solves) treats it as a limit reached
 * now, so that the result found so far is printed, marked partial exactly as for {@code --timeout}.
 */
public final class Interruption {
    private static volatile boolean requested;
    private static volatile String cause = "SIGINT or SIGTERM";

    private Interruption() {
    }

    /**
     * Requests that every running enumeration stop at its next limit check.
     *
     * @param what what asked for it, as messages say it ({@code SIGINT or SIGTERM})
     */
    public static void request(String what) {
        cause = what;
        requested = true;
        for (Runnable action : ACTIONS) {
            try {
                action.run();
            } catch (RuntimeException e) {
                // one action's failure must not keep the others from stopping their work
            }
        }
    }

    private static final java.util.Set<Runnable> ACTIONS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A registered action ({@link #whenRequested}); closing it removes it. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Runs {@code action} when a stop is requested, on the requesting thread, for work that does
     * not reach a limit check while it runs (a SAT solve): the action makes it stop, and its caller
     * then sees {@link #requested()}. If a stop is already requested the action runs at once.
     *
     * @param action what stops the work; must be quick and must not throw
     * @return the registration, to close when the work is over
     */
    public static Registration whenRequested(Runnable action) {
        ACTIONS.add(action);
        if (requested) {
            action.run();
        }
        return () -> ACTIONS.remove(action);
    }

    /** Whether a stop was requested. */
    public static boolean requested() {
        return requested;
    }

    /** The partial reason every output shows: {@code interrupted (SIGINT or SIGTERM)}. */
    public static String reason() {
        return "interrupted (" + cause + ")";
    }

    /** Clears a request (for tests that run several commands in one process). */
    public static void clear() {
        requested = false;
    }
}
