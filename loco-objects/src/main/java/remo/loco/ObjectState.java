package remo.loco;

/** The lifecycle of a local instance of a LOCO object (loco.md §3.2, §3.6). */
public enum ObjectState {
    /** Constructed; its descriptor is registered; the participants are not yet checked. */
    LINKING,
    /** Linked: every participant's descriptor agrees and the peer regions are resolved. */
    READY,
    /** A NIC failure surfaced inside a method; every later call throws {@link ObjectBrokenException}. */
    BROKEN,
    /** {@link LocoObject#close()} was called; every later call throws {@link ObjectClosedException}. */
    CLOSED
}
