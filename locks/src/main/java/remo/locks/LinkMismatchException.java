package remo.locks;

/**
 * The local instances of one lock name were constructed with different parameters on different
 * participants (loco.md §3.2): found while linking, before any memory access.
 */
public class LinkMismatchException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message names the lock, the differing field and both values with their nodes */
    public LinkMismatchException(String message) {
        super(message);
    }
}
