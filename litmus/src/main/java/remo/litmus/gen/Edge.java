package remo.litmus.gen;

/**
 * One edge of a diy-style cycle (docs/diy-edges.md).
 *
 * <p>Program-order edges ({@link Family#isProgramOrder()}) relate two accesses of one thread, the
 * second later in program order, with possibly a fence between them; they name both access kinds and
 * whether the location stays the same ({@code s}) or changes ({@code d}). Communication edges
 * ({@code Rf}, {@code Fr}, {@code Co}) relate two accesses of one location, in different threads
 * ({@code e}) or the same thread ({@code i}); their access kinds are optional ({@code null} until
 * resolved from the neighbouring edges, default CPU).
 *
 * @param family       the relation
 * @param sameLocation program-order edges: {@code s} (true) or {@code d}; communication edges: true
 * @param external     communication edges: {@code e} (true) or {@code i}; program-order edges: false
 * @param source       the kind of the earlier access, or {@code null} if not given
 * @param target       the kind of the later access, or {@code null} if not given
 * @param text         the edge as written
 * @param column       the column of its first character (for diagnostics)
 */
public record Edge(Family family, boolean sameLocation, boolean external, AccessKind source, AccessKind target,
                   String text, int column) {

    /** The relations of cycle edges. */
    public enum Family {
        /** {@code Po}: program order; two NIC accesses are on the same queue pair. */
        PO("Po"),
        /** {@code Px}: program order between two NIC accesses on different queue pairs. */
        PX("Px"),
        /** {@code MFence}: program order with an {@code mfence} between. */
        MFENCE("MFence"),
        /** {@code RFence}: two NIC accesses on one queue pair with an {@code rfence n} between. */
        RFENCE("RFence"),
        /** {@code Poll}: {@code poll n} between, matching the first access's operation. */
        POLL("Poll"),
        /** {@code Wait}: the first access's operation tagged {@code #d}, {@code wait d} between. */
        WAIT("Wait"),
        /** {@code GF}: a global fence {@code gf} between. */
        GF("GF"),
        /** {@code Rf}: reads-from, from a write to a read of the value. */
        RF("Rf"),
        /** {@code Fr}: from-read, from a read to a write coherence-after the write read. */
        FR("Fr"),
        /** {@code Co}: coherence order between two writes (alias {@code Ws}). */
        CO("Co");

        private final String prefix;

        Family(String prefix) {
            this.prefix = prefix;
        }

        /** The prefix of edge names of this family. */
        public String prefix() {
            return prefix;
        }

        /** Whether the edge follows program order inside one thread (every family but Rf, Fr, Co). */
        public boolean isProgramOrder() {
            return this != RF && this != FR && this != CO;
        }

        /** Communication edges: whether the source access must be a write. */
        boolean sourceWrites() {
            return this != FR;
        }

        /** Communication edges: whether the target access must be a write. */
        boolean targetWrites() {
            return this != RF;
        }
    }

    /** Whether this edge stays inside a thread (program order, or an internal communication edge). */
    public boolean internal() {
        return !external;
    }

    /** Whether the edge moves to another location (a {@code d} program-order edge). */
    public boolean changesLocation() {
        return !sameLocation;
    }

    @Override
    public String toString() {
        return text;
    }
}
