package remo.nic;

/** The kinds of NIC operation (locks.md §1.2). */
public enum OpKind {
    PUT, GET, RCAS, RFAA;

    /** Payload bytes of an op of {@code words} words (locks.md §1.6): put/get 8 per word, RFAA 16, RCAS 24. */
    public long payloadBytes(int words) {
        switch (this) {
            case RFAA: return 16;
            case RCAS: return 24;
            default: return 8L * words;
        }
    }
}
