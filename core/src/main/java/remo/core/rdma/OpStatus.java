package remo.core.rdma;

/** Status of a work request (nic.md §2.6). Diagnostic only: library code must not branch on it. */
public enum OpStatus {
    /** Posted, still in the issuing endpoint's store buffer. */
    BUFFERED,
    /** In its QP; no step performed. */
    QUEUED,
    /** At least one step performed, not complete. */
    ACTIVE,
    /** Its completion step performed. */
    COMPLETED,
    /** Terminated by a fault (nic.md §7). */
    FLUSHED
}
