package remo.nic.error;

/** An endpoint used after its thread finished or after {@code close()} (nic.md §8). */
public class EndpointClosedException extends RdmaStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public EndpointClosedException(String message) {
        super(message);
    }
}
