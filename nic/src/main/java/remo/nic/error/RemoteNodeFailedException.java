package remo.nic.error;

import java.util.List;
import remo.nic.FailedOp;

/** A {@link QpErrorException} whose cause is the crash of the target node (nic.md §7.3). */
public class RemoteNodeFailedException extends QpErrorException {
    private static final long serialVersionUID = 1L;
    private final int node;

    /**
     * @param node the crashed node
     * @param ops  the flushed ops covered by the failing call
     */
    public RemoteNodeFailedException(int node, String message, List<FailedOp> ops) {
        super(message + " (node " + node + " crashed)", ops);
        this.node = node;
    }

    /** The crashed node. */
    public int node() {
        return node;
    }
}
