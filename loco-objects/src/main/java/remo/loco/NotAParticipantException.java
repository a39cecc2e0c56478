package remo.loco;

/**
 * A node outside an object's participant set was used (loco.md §3.2): construction on such a
 * node, a call from an endpoint on such a node, or a node argument (e.g. {@code Sst.get}) outside
 * the set.
 */
public class NotAParticipantException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (object, node, participant set) */
    public NotAParticipantException(String message) {
        super(message);
    }
}
