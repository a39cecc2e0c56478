package remo.loco.spec;

/**
 * A stamp with its parameters (loco.md §2.1): the kind, the target node {@code n} of NIC stamps
 * (0 when the stamp has none) and the work id {@code d} (its label; {@code null} means untagged or,
 * in a specification, any work id).
 *
 * @param kind   the stamp
 * @param node   target node for NIC stamps and {@code aRF}, else 0
 * @param workId work id label, or {@code null}
 */
public record Stamp(StampKind kind, int node, String workId) {

    /** A CPU stamp or {@code aGF}. */
    public static Stamp of(StampKind kind) {
        return new Stamp(kind, 0, null);
    }

    /** A NIC stamp for node {@code n} with work id {@code d}. */
    public static Stamp of(StampKind kind, int n, String d) {
        return new Stamp(kind, n, d);
    }

    /** A wait on work id {@code d}. */
    public static Stamp wait(String d) {
        return new Stamp(StampKind.aWT, 0, d);
    }

    /**
     * Whether event {@code e} carries this stamp (condition V2): its label, for NIC stamps its op's
     * target node, and, when this stamp names one, its work id.
     */
    public boolean matches(RecordedGraph.Event e) {
        if (e.label() != kind.label() || (kind == StampKind.aCR && e.locked())) {
            return false;
        }
        if (kind.hasNode() && e.target() != node) {
            return false;
        }
        return workId == null || kind == StampKind.aWT || workId.equals(e.workId());
    }

    @Override
    public String toString() {
        if (!kind.hasNode()) {
            return kind == StampKind.aWT ? kind + "(" + workId + ")" : kind.name();
        }
        return kind + "(" + node + (workId == null ? "" : "," + workId) + ")";
    }
}
