package remo.loco;

/** A call on a local instance after {@link LocoObject#close()} (loco.md §3.6). */
public class ObjectClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (object, node, method) */
    public ObjectClosedException(String message) {
        super(message);
    }
}
