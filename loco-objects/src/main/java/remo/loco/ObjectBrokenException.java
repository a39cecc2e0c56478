package remo.loco;

/**
 * A NIC failure ({@code nic.md} nic.md §7) surfaced inside a method of the local instance, which is now
 * {@link ObjectState#BROKEN} (loco.md §3.6). The first such exception carries the NIC exception as
 * its cause; every later call on the instance throws a new one whose cause is the same original
 * failure. Nothing is retried and no state is repaired.
 */
public class ObjectBrokenException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the diagnostic (object, node, method)
     * @param cause   the NIC failure that broke the instance
     */
    public ObjectBrokenException(String message, Throwable cause) {
        super(message, cause);
    }
}
