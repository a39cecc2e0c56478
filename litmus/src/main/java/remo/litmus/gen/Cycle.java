package remo.litmus.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import remo.core.Diagnostic;
import remo.core.Position;
import remo.litmus.LitmusException;

/**
 * A parsed and checked cycle of relaxation edges, the input of diy-style test generation
 * ({@link CycleTestBuilder}). The vocabulary is defined in docs/diy-edges.md.
 *
 * <p>Text: edges separated by blanks, e.g. {@code PodWR Fre PodWR Fre}. A cycle is checked when it
 * is parsed: the access kinds of neighbouring edges agree (an edge that ends with a read is followed by
 * one that starts with a read), the kinds fit the relations (for instance a {@code Px} edge relates two
 * NIC accesses), it has at least two external edges or is a single thread whose last edge is an
 * internal communication edge, and it does not change location exactly once.
 */
public final class Cycle {

    private static final Pattern PROGRAM_ORDER =
            Pattern.compile("(Poll|Po|Px|MFence|RFence|Wait|GF)([sd])([RWPSGL])([RWPSGL])");
    private static final Pattern COMMUNICATION = Pattern.compile("(Rf|Fr|Co|Ws)([ei])(?:([RWPSGL])([RWPSGL]))?");

    /** Known shapes, as written by diy and herd (matched up to rotation). */
    private static final Map<String, String> SHAPES = Map.of(
            "PodWR Fre PodWR Fre", "SB",
            "PodWW Rfe PodRR Fre", "MP",
            "PodRW Rfe PodRW Rfe", "LB",
            "Rfe PodRR Fre Rfe PodRR Fre", "IRIW",
            "PodWW Coe PodWW Coe", "2+2W",
            "PodWW Coe PodWR Fre", "R",
            "PodWW Rfe PodRW Coe", "S",
            "Rfe PodRW Rfe PodRR Fre", "WRC",
            "MFencedWR Fre MFencedWR Fre", "SB+mfences");

    private final String text;
    private final String sourceName;
    private final List<Edge> edges;

    private Cycle(String text, String sourceName, List<Edge> edges) {
        this.text = text;
        this.sourceName = sourceName;
        this.edges = List.copyOf(edges);
    }

    /**
     * Parses and checks a cycle.
     *
     * @param text        the edges, separated by blanks
     * @param sourceName  the file name used in diagnostics (e.g. {@code <command line>})
     * @param firstColumn the column of {@code text}'s first character in that source (1 for a text of its own)
     * @return the cycle, with every access kind resolved
     * @throws LitmusException {@code E-EDGE} for an unknown edge name, {@code E-CYCLE} for an empty cycle or a
     *                         cycle that cannot be a test (each at the column of the offending edge)
     */
    public static Cycle parse(String text, String sourceName, int firstColumn) throws LitmusException {
        List<Edge> edges = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            if (Character.isWhitespace(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            edges.add(edge(text.substring(start, i), sourceName, firstColumn + text.codePointCount(0, start)));
        }
        if (edges.isEmpty()) {
            throw error(sourceName, firstColumn, "E-CYCLE", "empty cycle: give edges such as 'PodWR Fre PodWR Fre'");
        }
        Cycle raw = new Cycle(text.trim(), sourceName, edges);
        return new Cycle(text.trim(), sourceName, raw.resolved());
    }

    private static Edge edge(String word, String sourceName, int column) throws LitmusException {
        Matcher m = PROGRAM_ORDER.matcher(word);
        if (m.matches()) {
            Edge.Family family = switch (m.group(1)) {
                case "Po" -> Edge.Family.PO;
                case "Px" -> Edge.Family.PX;
                case "MFence" -> Edge.Family.MFENCE;
                case "RFence" -> Edge.Family.RFENCE;
                case "Poll" -> Edge.Family.POLL;
                case "Wait" -> Edge.Family.WAIT;
                default -> Edge.Family.GF;
            };
            return new Edge(family, m.group(2).equals("s"), false, AccessKind.byLetter(m.group(3).charAt(0)),
                    AccessKind.byLetter(m.group(4).charAt(0)), word, column);
        }
        m = COMMUNICATION.matcher(word);
        if (m.matches()) {
            Edge.Family family = switch (m.group(1)) {
                case "Rf" -> Edge.Family.RF;
                case "Fr" -> Edge.Family.FR;
                default -> Edge.Family.CO;
            };
            AccessKind source = m.group(3) == null ? null : AccessKind.byLetter(m.group(3).charAt(0));
            AccessKind target = m.group(4) == null ? null : AccessKind.byLetter(m.group(4).charAt(0));
            return new Edge(family, true, m.group(2).equals("e"), source, target, word, column);
        }
        throw error(sourceName, column, "E-EDGE", "unknown edge '" + word + "'; expected Po, Px, MFence, RFence, Poll, "
                + "Wait or GF, then s or d, then two access kinds of R W P S G L (e.g. PodWR, PosSW, RFencedGP); or Rf, "
                + "Fr or Co, then e or i, optionally with two access kinds (e.g. Rfe, FreRP)");
    }

    /** The edges with every access kind resolved and the structural rules checked. */
    private List<Edge> resolved() throws LitmusException {
        int k = edges.size();
        for (Edge e : edges) {
            if (!e.family().isProgramOrder() && e.source() != null) {
                checkKinds(e);
            }
        }
        AccessKind[] kinds = new AccessKind[k];   // kinds[i] = kind of the source access of edge i
        for (int i = 0; i < k; i++) {
            Edge in = edges.get((i + k - 1) % k);
            Edge out = edges.get(i);
            AccessKind a = in.target();
            AccessKind b = out.source();
            if (a != null && b != null && a != b) {
                throw error(out.column(), "'" + in.text() + "' ends with " + describe(a) + " but '" + out.text()
                        + "' starts with " + describe(b));
            }
            if (a != null && b == null && a.isWrite() != out.family().sourceWrites()) {
                throw error(out.column(), "'" + in.text() + "' ends with " + describe(a) + " but '" + out.text()
                        + "' starts with a " + (out.family().sourceWrites() ? "write" : "read"));
            }
            if (b != null && a == null && b.isWrite() != in.family().targetWrites()) {
                throw error(out.column(), "'" + in.text() + "' ends with a " + (in.family().targetWrites() ? "write" : "read")
                        + " but '" + out.text() + "' starts with " + describe(b));
            }
            AccessKind kind = a != null ? a : b;
            if (kind == null) {
                boolean inWrites = in.family().targetWrites();
                boolean outWrites = out.family().sourceWrites();
                if (inWrites != outWrites) {
                    throw error(out.column(), "'" + in.text() + "' ends with a " + (inWrites ? "write" : "read") + " but '"
                            + out.text() + "' starts with a " + (outWrites ? "write" : "read"));
                }
                kind = inWrites ? AccessKind.W : AccessKind.R;
            }
            kinds[i] = kind;
        }
        List<Edge> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Edge e = edges.get(i);
            out.add(new Edge(e.family(), e.sameLocation(), e.external(), kinds[i], kinds[(i + 1) % k], e.text(), e.column()));
        }
        for (Edge e : out) {
            checkKinds(e);
        }
        checkShape(out);
        return out;
    }

    private void checkKinds(Edge e) throws LitmusException {
        Edge.Family f = e.family();
        if (!f.isProgramOrder()) {
            if (e.source().isWrite() != f.sourceWrites() || e.target().isWrite() != f.targetWrites()) {
                String want = (f.sourceWrites() ? "a write (W P L)" : "a read (R S G)") + " to "
                        + (f.targetWrites() ? "a write (W P L)" : "a read (R S G)");
                throw error(e.column(), "'" + e.text() + "' must go from " + want + ", but it relates "
                        + describe(e.source()) + " and " + describe(e.target()));
            }
            return;
        }
        if ((f == Edge.Family.PX || f == Edge.Family.RFENCE) && !(e.source().isNic() && e.target().isNic())) {
            throw error(e.column(), "'" + e.text() + "' relates two NIC accesses (P S G L) on "
                    + (f == Edge.Family.PX ? "different queue pairs" : "one queue pair") + ", but it has a CPU access");
        }
        if ((f == Edge.Family.POLL || f == Edge.Family.WAIT) && !e.source().isNic()) {
            throw error(e.column(), "'" + e.text() + "' completes the NIC operation of its first access, but "
                    + describe(e.source()) + " is a CPU access");
        }
    }

    private void checkShape(List<Edge> es) throws LitmusException {
        int external = 0;
        int changes = 0;
        Edge lastExternal = null;
        Edge firstChange = null;
        for (Edge e : es) {
            if (e.external()) {
                external++;
                lastExternal = e;
            }
            if (e.family().isProgramOrder() && e.changesLocation()) {
                changes++;
                firstChange = firstChange == null ? e : firstChange;
            }
        }
        Edge last = es.get(es.size() - 1);
        if (external == 0 && (last.family().isProgramOrder())) {
            throw error(last.column(), "a cycle needs external edges (Rfe, Fre, Coe) between threads, or, for a single thread, "
                    + "a last edge that is an internal communication edge (Rfi, Fri, Coi) running back in program order; '"
                    + last.text() + "' is a program-order edge");
        }
        if (external == 1) {
            throw error(lastExternal.column(), "'" + lastExternal.text() + "' is the only external edge, so it would "
                    + "lead from a thread back to itself; a cycle needs two or more external edges, or none");
        }
        if (changes == 1) {
            throw error(firstChange.column(), "'" + firstChange.text() + "' is the only edge that changes location, so the "
                    + "cycle cannot return to its first location; use a 'Pos' edge or add another 'd' edge");
        }
    }

    private static String describe(AccessKind k) {
        return switch (k) {
            case R -> "a CPU read (R)";
            case W -> "a CPU write (W)";
            case P -> "a put's remote write (P)";
            case S -> "a put's source read (S)";
            case G -> "a get's remote read (G)";
            case L -> "a get's local write (L)";
        };
    }

    /** An {@code E-CYCLE} error at {@code column}. */
    LitmusException error(int column, String message) {
        return error(sourceName, column, "E-CYCLE", message);
    }

    private static LitmusException error(String sourceName, int column, String code, String message) {
        return new LitmusException(Diagnostic.error(code, sourceName, new Position(1, column), message));
    }

    /** The cycle as written (trimmed). */
    public String text() {
        return text;
    }

    /** The edges in the order written, with every access kind resolved. */
    public List<Edge> edges() {
        return edges;
    }

    /**
     * The classic name of the shape (SB, MP, LB, IRIW, 2+2W, R, S, WRC, SB+mfences) if the cycle is one of
     * them up to rotation, else {@code null}.
     */
    public String shapeName() {
        List<String> words = new ArrayList<>();
        for (Edge e : edges) {
            words.add(e.text());
        }
        for (int r = 0; r < words.size(); r++) {
            List<String> rotated = new ArrayList<>(words.subList(r, words.size()));
            rotated.addAll(words.subList(0, r));
            String name = SHAPES.get(String.join(" ", rotated));
            if (name != null) {
                return name;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return text;
    }
}
