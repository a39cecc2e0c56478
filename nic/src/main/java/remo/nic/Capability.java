package remo.nic;

/**
 * An unforgeable owner token for internal regions (nic.md §2.3, loco.md §3.4). Compared by identity.
 */
public final class Capability {
    private final String ownerName;

    private Capability(String ownerName) {
        this.ownerName = ownerName;
    }

    /** A fresh capability; {@code ownerName} is for messages only. */
    public static Capability create(String ownerName) {
        return new Capability(ownerName);
    }

    /** The owner name given at creation. */
    public String ownerName() {
        return ownerName;
    }

    @Override
    public String toString() {
        return "Capability(" + ownerName + ")";
    }
}
