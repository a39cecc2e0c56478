package remo.core;

/**
 * Whether the user asked the run to stop (SIGINT, Ctrl-C, or SIGTERM): the command line's signal
 * handling requests it, and every limit check (the checker's budget, the operational search, the
 * robustness deadline, the lexers) treats it as a limit reached now, so that the result found so
 * far is printed, marked partial exactly as for {@code --timeout}.
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
