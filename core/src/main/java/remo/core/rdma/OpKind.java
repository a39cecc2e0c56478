package remo.core.rdma;

/**
 * The kinds of NIC operation ({@code op(e)} of models.md §2.1; the endpoint API of locks.md §1.2):
 * one vocabulary for the checker's events, the simulated NIC and recorded graphs.
 */
public enum OpKind {
    PUT, GET, RCAS, RFAA;

    /** Whether this is a remote read-modify-write ({@code rcas}, {@code rfaa}): it has an {@code NAR} and a rao class. */
    public boolean isRmw() {
        return this == RCAS || this == RFAA;
    }

    /** Payload bytes of an op of {@code words} words (locks.md §1.6): put/get 8 per word, RFAA 16, RCAS 24. */
    public long payloadBytes(int words) {
        switch (this) {
            case RFAA: return 16;
            case RCAS: return 24;
            default: return 8L * words;
        }
    }
}
