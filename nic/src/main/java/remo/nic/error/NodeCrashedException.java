package remo.nic.error;

/** Thrown to threads of a crashed node at their current or next call, and by {@code peek} of its memory (nic.md §7.3). */
public class NodeCrashedException extends RdmaFailureException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public NodeCrashedException(String message) {
        super(message);
    }
}
