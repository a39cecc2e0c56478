package remo.loco.spec;

import java.util.List;

/**
 * The outcome of checking a library specification on one recorded graph (loco.md §2.6, checked on
 * the concrete graph): the violations of V2 (a stamp without its representative), V3 (an io pair
 * not in hb), V4 (an so edge not in hb) and V5 (an axiom), and how much was checked.
 *
 * @param library    the library (object name)
 * @param calls      abstract events checked
 * @param ioPairs    io pairs checked
 * @param soEdges    so edges checked
 * @param violations what failed, one line each; empty if the graph satisfies the specification
 */
public record SpecReport(String library, int calls, int ioPairs, int soEdges, List<String> violations) {
    public SpecReport {
        violations = List.copyOf(violations);
    }

    /** Whether nothing failed. */
    public boolean holds() {
        return violations.isEmpty();
    }

    @Override
    public String toString() {
        return library + ": " + calls + " calls, " + ioPairs + " io pairs, " + soEdges + " so edges"
                + (violations.isEmpty() ? ", holds" : ", " + violations.size() + " violations: " + violations);
    }
}
