package remo.nic.error;

/** A CPU access to a region homed on another node, or a put source, get destination or RMW result word that is not local (nic.md §2.3, §8). */
public class WrongNodeException extends RdmaArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public WrongNodeException(String message) {
        super(message);
    }
}
