package remo.nic.error;

import java.util.List;
import remo.nic.Endpoint;
import remo.nic.FailedOp;
import remo.nic.Op;

/**
 * Thrown by {@code waitFor}, {@code gf} and {@code poll} while they cover a flushed op the endpoint
 * has not acknowledged, and by {@code Op.value()} of a flushed op (nic.md §7.4). It lists every such
 * op; {@link Endpoint#acknowledge(QpErrorException)} marks them acknowledged.
 */
public class QpErrorException extends RdmaFailureException {
    private static final long serialVersionUID = 1L;
    private final transient List<FailedOp> ops;

    /**
     * @param message what failed
     * @param ops     the flushed, unacknowledged ops the call covers (at least one)
     */
    public QpErrorException(String message, List<FailedOp> ops) {
        super(message + ": " + ops);
        this.ops = List.copyOf(ops);
    }

    /** The flushed ops this exception reports, in posting order per endpoint. */
    public List<FailedOp> ops() {
        return ops;
    }
}
