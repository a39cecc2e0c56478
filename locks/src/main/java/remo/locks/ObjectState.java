package remo.locks;

/**
 * Life-cycle state of a local lock instance (loco.md §3.2, §3.6). It moves to {@code READY} when the
 * instance links, to {@code BROKEN} when a NIC failure surfaces inside one of its methods, and to
 * {@code CLOSED} on {@link LockObject#close()}; {@code BROKEN} and {@code CLOSED} are final.
 */
public enum ObjectState {
    /** Constructed; the peers are not resolved yet. */
    LINKING,
    /** Linked and usable. */
    READY,
    /** A NIC failure surfaced in a method; every later call throws {@link ObjectBrokenException}. */
    BROKEN,
    /** Closed locally; every later call throws {@link ObjectClosedException}. */
    CLOSED
}
