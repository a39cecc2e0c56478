package remo.locks;

/** A method of a local lock instance was called after its {@link LockObject#close()} (loco.md §3.6). */
public class ObjectClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message names the lock and the method */
    public ObjectClosedException(String message) {
        super(message);
    }
}
