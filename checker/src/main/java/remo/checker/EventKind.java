package remo.checker;

/** Event kinds of models.md §2.2. */
public enum EventKind {
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

    /** Whether events of this kind read memory. */
    public boolean isRead() {
        return this == R || this == NLR || this == NRR || this == NAR;
    }

    /** Whether events of this kind write memory. */
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
