package remo.loco;

/**
 * Linking found a participant whose descriptor differs from the local one (loco.md §3.2): the
 * {@code kind}, the participant set or a parameter. The message names the differing field and
 * both values.
 */
public class LinkMismatchException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String field;

    /**
     * @param field   the differing field: {@code kind}, {@code participants} or {@code params.NAME}
     * @param message the diagnostic (object, both nodes, both values)
     */
    public LinkMismatchException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The differing field: {@code kind}, {@code participants} or {@code params.NAME}. */
    public String field() {
        return field;
    }
}
