package remo.nic;

/**
 * A work id: a completion tag private to the endpoint that created it (locks.md §1.1). {@code
 * waitFor(d)} completes every op tagged {@code d} that the endpoint posted earlier. Compared by
 * identity.
 */
public final class WorkId {
    private final String label;
    private final Object owner;
    private final int index;

    public WorkId(String label, Object owner, int index) {
        this.label = label;
        this.owner = owner;
        this.index = index;
    }

    /** The label given at creation (traces and messages only). */
    public String label() {
        return label;
    }

    public Object owner() {
        return owner;
    }

    /** Dense index of the work id within its endpoint (0-based, creation order). */
    public int index() {
        return index;
    }

    @Override
    public String toString() {
        return "#" + label;
    }
}
