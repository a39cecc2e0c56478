package remo.core.rdma;

import remo.core.RaoScope;

/**
 * The rao class of a remote RMW (models.md §4.1; operational.md §1, {@code unit_c}): its target
 * node under {@code RAO_SCOPE=PER_NODE}, its target location under {@code PER_LOCATION}. Remote
 * RMWs of one class take one {@code unit} and are totally ordered by {@code rao}. This is the one
 * place the rule is written; the checker, the explorer and both NIC engines ask it.
 *
 * <p>A location is a word: the NIC names it by region id and word offset, a program's location is
 * its index (a region of one word, offset 0).
 *
 * @param node   the target node (under {@code PER_NODE}), or -1
 * @param region the target region, or a program's location index (under {@code PER_LOCATION}), or -1
 * @param offset the word offset within the region (under {@code PER_LOCATION}), or -1
 */
public record RaoClass(int node, long region, int offset) {

    /**
     * The class of a remote RMW.
     *
     * @param scope      the run's {@code RAO_SCOPE}
     * @param targetNode the node the RMW targets
     * @param region     the target word's region id (a program's location index)
     * @param offset     the target word's offset in its region (0 for a program's location)
     */
    public static RaoClass of(RaoScope scope, int targetNode, long region, int offset) {
        return scope == RaoScope.PER_NODE ? new RaoClass(targetNode, -1, -1) : new RaoClass(-1, region, offset);
    }

    /** Whether this class is a node ({@code RAO_SCOPE=PER_NODE}). */
    public boolean isNode() {
        return node >= 0;
    }

    /**
     * The class's key in recorded graphs (nic.md §6.2): {@code n<node>} for a node,
     * {@code l<region>:<offset>} for a location.
     */
    public String key() {
        return isNode() ? "n" + node : "l" + region + ":" + offset;
    }

    @Override
    public String toString() {
        return key();
    }

    // equals and hashCode written out with exactly a record's own results (components in order,
    // hash 31 * h + component hash), because the implicit ones are bound on first call by a
    // bootstrap that generates method-handle classes: milliseconds of every short check
    // (RecordMethodsTest pins the values)
    @Override
    public boolean equals(Object o) {
        return o instanceof RaoClass c && node == c.node && region == c.region && offset == c.offset;
    }

    @Override
    public int hashCode() {
        return (31 * Integer.hashCode(node) + Long.hashCode(region)) * 31 + Integer.hashCode(offset);
    }
}
