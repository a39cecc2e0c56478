package remo.loco;

/**
 * {@link KvStore#put} found every entry of the key's bucket taken by other keys (loco.md §4.9, W4).
 * The store is unchanged: the bucket lock was released before the exception was thrown.
 */
public class KvFullException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (store, key, home node, bucket, entries per bucket) */
    public KvFullException(String message) {
        super(message);
    }
}
