package remo.core.rdma;

/**
 * The status of an operation record in a queue pair (operational.md §1): put
 * {@code POSTED → READ → DONE}, get {@code POSTED → FETCHED → DONE}, writing rcas and rfaa
 * {@code POSTED → LOCKED → WRITTEN → DONE}, non-writing rcas {@code POSTED → WRITTEN → DONE}. Not to
 * be confused with the status of a work request of the NIC API ({@link OpStatus}, nic.md §2.6).
 */
public enum OpStage {
    /** Queued; no step performed. */
    POSTED,
    /** A put whose NLR read its source. */
    READ,
    /** A get whose NRR read the remote value. */
    FETCHED,
    /** A writing remote RMW between its NAR and its NRW: it holds its rao class's unit. */
    LOCKED,
    /** A remote RMW whose atomic read (and write, if any) are performed; its NLW is left. */
    WRITTEN,
    /** Every step performed. */
    DONE
}
