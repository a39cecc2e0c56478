package remo.locks;

/** The three lock classes of locks.md §3–§5 ({@link RemoteLock#kind()}). */
public enum LockKind {
    /** {@link WeakTicketLock} (locks.md §3): ME + ORD-W, FIFO. */
    WEAK_TICKET,
    /** {@link StrongTicketLock} (locks.md §4): ME + ORD-S, FIFO. */
    STRONG_TICKET,
    /** {@link CasSpinLock} (locks.md §5): ME + ORD-S, not FIFO. */
    CAS_SPIN
}
