package remo.nic;

import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.error.NotWaitedException;
import remo.nic.error.QpErrorException;

/**
 * The handle of one posted NIC operation (locks.md §1.2).
 */
public interface Op {
    /** Per-endpoint sequence number, increasing in posting order (starting at 1). */
    long id();

    /** PUT, GET, RCAS or RFAA. */
    OpKind kind();

    /** The target node. */
    int target();

    /** The work id, or {@code null} if untagged. */
    WorkId workId();

    /**
     * The content of the op's result word (RCAS, RFAA) or destination word (one-word GET), read by a
     * CPU load that is recorded as an ordinary {@code R} event (and is a scheduling point in
     * deterministic mode). Must be called by the issuing thread.
     *
     * @throws NotWaitedException            before a {@code waitFor}/{@code gf} covering the op has returned
     * @throws UnsupportedOperationException for a put or a multi-word get
     * @throws QpErrorException              if the op was flushed
     */
    long value();

    /** The current status; diagnostic only. */
    OpStatus status();
}
