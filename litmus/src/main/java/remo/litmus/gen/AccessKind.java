package remo.litmus.gen;

/**
 * The kind of a memory access at either end of a cycle edge (docs/diy-edges.md). {@code R} and
 * {@code W} are CPU accesses as in diy; the other four are the memory events of NIC operations
 * (models.md §2.2).
 */
public enum AccessKind {
    /** CPU load {@code r = x}: event {@code R}. */
    R('R', false, false),
    /** CPU store {@code x = v}: event {@code W}. */
    W('W', true, false),
    /** The remote write of a put, {@code put x@n, k}: event {@code NRW} at the target node. */
    P('P', true, true),
    /** The local source read of a put, {@code put o@n, x}: event {@code NLR} at the issuing node. */
    S('S', false, true),
    /** The remote read of a get, {@code get o, x@n}: event {@code NRR} at the target node. */
    G('G', false, true),
    /** The local write of a get, {@code get x, g@n} ("landing"): event {@code NLW} at the issuing node. */
    L('L', true, true);

    private final char letter;
    private final boolean write;
    private final boolean nic;

    AccessKind(char letter, boolean write, boolean nic) {
        this.letter = letter;
        this.write = write;
        this.nic = nic;
    }

    /** The letter used in edge names. */
    public char letter() {
        return letter;
    }

    /** Whether the access writes memory ({@code W P L}). */
    public boolean isWrite() {
        return write;
    }

    /** Whether the access is made by a NIC operation ({@code P S G L}). */
    public boolean isNic() {
        return nic;
    }

    /** Whether the access is on the issuing thread's node ({@code R W S L}) rather than a target node. */
    public boolean isLocal() {
        return this != P && this != G;
    }

    /** The kind with letter {@code c}, or {@code null}. */
    static AccessKind byLetter(char c) {
        for (AccessKind k : values()) {
            if (k.letter == c) {
                return k;
            }
        }
        return null;
    }
}
