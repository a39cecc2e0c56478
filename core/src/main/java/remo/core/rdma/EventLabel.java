package remo.core.rdma;

/**
 * The event labels of models.md §2.2, the one vocabulary of the checker, the operational explorer,
 * the simulated NIC's recorder and the writers. A locked CPU RMW's events are {@link #R} and
 * {@link #W} with the event's lock attribute set.
 */
public enum EventLabel {
    /** Initial write of a location. */
    IW,
    /** CPU read: load, await, read of a locked RMW. */
    R,
    /** CPU write: store, write of a locked RMW. */
    W,
    /** mfence. */
    F,
    /** poll. */
    P,
    /** rfence marker. */
    RF,
    /** wait. */
    WT,
    /** global fence. */
    GF,
    /** NIC local read (put source). */
    NLR,
    /** NIC remote write (put destination, RMW write). */
    NRW,
    /** NIC remote read (get source). */
    NRR,
    /** NIC local write (get destination, RMW result slot). */
    NLW,
    /** NIC atomic read of a remote RMW. */
    NAR;

    /** Whether events of this label read memory (the reads of models.md §4.1). */
    public boolean isRead() {
        return this == R || this == NLR || this == NRR || this == NAR;
    }

    /** Whether events of this label write memory (the writes of models.md §4.1, {@code IW} included). */
    public boolean isWrite() {
        return this == IW || this == W || this == NRW || this == NLW;
    }

    /** Whether this is a NIC event. */
    public boolean isNic() {
        return this == NLR || this == NRW || this == NRR || this == NLW || this == NAR;
    }

    /** Whether this is a memory event (in {@code M}). */
    public boolean isMemory() {
        return isRead() || isWrite();
    }
}
