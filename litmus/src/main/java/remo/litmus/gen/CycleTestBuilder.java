package remo.litmus.gen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.Position;
import remo.litmus.Dialect;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.LitmusException;
import remo.litmus.LocationDecl;
import remo.litmus.LocationRef;
import remo.litmus.NodeRef;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.ProgramValidator;
import remo.litmus.Prop;
import remo.litmus.Quantifier;
import remo.litmus.Register;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;
import remo.litmus.WorkIdRef;

/**
 * diy-style systematic test generation: builds the RDMA litmus test whose final condition asks for a
 * given {@link Cycle} of relaxation edges (docs/diy-edges.md describes the construction).
 *
 * <ol>
 *   <li>The cycle is rotated to start after its last external edge; each external edge starts a new
 *       thread ({@code P0, P1, …}). A single-thread cycle keeps its order: its last edge runs back.</li>
 *   <li>Each {@code d} edge starts a new location; locations are named {@code x, y, z, …} in order of
 *       first access. The writes of a location get the values 1, 2, … in cycle order.</li>
 *   <li>Nodes: a CPU access and the local side of a NIC access are on the thread's node; the remote side
 *       of a put or get is on its target node; {@code Po} and {@code RFence} between NIC accesses keep
 *       the queue pair (same target), {@code Px} changes it. Every node that these equalities do not tie
 *       together gets its own number, in order of first appearance (threads first), so that NIC
 *       operations go to another node unless the cycle says otherwise.</li>
 *   <li>Accesses become instructions: {@code R}: {@code r = x}; {@code W}: {@code x = v}; {@code P}:
 *       {@code put x@n, k} with a constant buffer {@code k} holding {@code v}; {@code S}:
 *       {@code put o@n, x} into a fresh observation word {@code o}; {@code G}: {@code get o, x@n};
 *       {@code L}: {@code get x, g@n} from a fresh word {@code g} holding {@code v}. Fence edges insert
 *       {@code mfence}, {@code rfence n}, {@code poll n} (as many as needed to reach the operation),
 *       {@code wait d} (tagging the operation {@code #d}) or {@code gf}.</li>
 *   <li>The condition ({@code exists}) has one atom per communication edge: {@code Rf w→r}: r reads
 *       w's value; {@code Fr r→w} (when r has no incoming {@code Rf}): r reads the value of the write
 *       before w (0 for the first); {@code Co w→w'}: the location's final value is w''s. A read is
 *       observed in its register (R), or in the final value of the observation word of its put (S) or
 *       get (G).</li>
 * </ol>
 */
public final class CycleTestBuilder {

    private static final String[] NAMES = {"x", "y", "z", "w", "v", "u", "t", "s"};

    private CycleTestBuilder() {
    }

    /**
     * Parses a cycle and builds its test.
     *
     * @param edges       the cycle text
     * @param name        the test name, or {@code null} for the classic shape name or the edges joined by {@code +}
     * @param sourceName  file name for diagnostics
     * @param firstColumn column of the cycle text's first character in that source
     * @return the validated program
     * @throws LitmusException as {@link Cycle#parse} and {@link #build}
     */
    public static Program fromEdges(String edges, String name, String sourceName, int firstColumn) throws LitmusException {
        return build(Cycle.parse(edges, sourceName, firstColumn), name);
    }

    /**
     * Builds the test of a cycle.
     *
     * @param cycle a parsed cycle
     * @param name  the test name, or {@code null} for the classic shape name or the edges joined by {@code +}
     * @return the program, which passes {@link ProgramValidator#validate}
     * @throws LitmusException {@code E-CYCLE} when the edges demand contradicting node placements (a {@code Px}
     *                         edge whose two targets are forced onto one node), or when a {@code Co} edge does
     *                         not end at the last write to its location (coherence is observed by final values)
     */
    public static Program build(Cycle cycle, String name) throws LitmusException {
        String testName = name != null ? name : cycle.shapeName() != null ? cycle.shapeName()
                : String.join("+", cycle.edges().stream().map(Edge::text).toList());
        Program p = new Builder(cycle).program(testName);
        ProgramValidator.validate(p);
        return p;
    }

    /** One construction. Events are numbered 0..k-1 in rotated cycle order; edge i leads from event i to i+1. */
    private static final class Builder {
        private final Cycle cycle;
        private final List<Edge> edges = new ArrayList<>();
        private final int k;
        private final int[] thread;
        private final int[] location;
        private final long[] value;
        private final UnionFind nodes = new UnionFind();
        private int threads;
        private final List<String> locationNames = new ArrayList<>();

        Builder(Cycle cycle) {
            this.cycle = cycle;
            List<Edge> written = cycle.edges();
            int n = written.size();
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (written.get(i).external()) {
                    start = (i + 1) % n;
                }
            }
            for (int i = 0; i < n; i++) {
                edges.add(written.get((start + i) % n));
            }
            k = n;
            thread = new int[k];
            location = new int[k];
            value = new long[k];
        }

        private Edge edge(int i) {
            return edges.get(((i % k) + k) % k);
        }

        private AccessKind kind(int event) {
            return edge(event).source();
        }

        Program program(String name) throws LitmusException {
            assignThreads();
            assignLocations();
            assignValues();
            int[] node = placeNodes();
            return emit(name, node);
        }

        private void assignThreads() {
            int t = 0;
            for (int i = 0; i < k; i++) {
                thread[i] = t;
                if (edge(i).external() && i + 1 < k) {
                    t++;
                }
            }
            threads = t + 1;
        }

        /** Runs of events between location changes; each run is one location, named by first access. */
        private void assignLocations() {
            int firstChange = -1;
            for (int i = 0; i < k; i++) {
                if (edge(i).family().isProgramOrder() && edge(i).changesLocation()) {
                    firstChange = i;
                    break;
                }
            }
            int[] run = new int[k];
            if (firstChange < 0) {
                java.util.Arrays.fill(run, 0);
            } else {
                int r = 0;
                for (int step = 1; step <= k; step++) {
                    int i = (firstChange + step) % k;
                    run[i] = r;
                    if (edge(i).family().isProgramOrder() && edge(i).changesLocation()) {
                        r++;
                    }
                }
            }
            Map<Integer, Integer> names = new LinkedHashMap<>();
            for (int i = 0; i < k; i++) {
                location[i] = names.computeIfAbsent(run[i], x -> names.size());
            }
            for (int l = 0; l < names.size(); l++) {
                locationNames.add(l < NAMES.length ? NAMES[l] : "x" + l);
            }
        }

        /** The events in "run order": the order in which values are assigned (coherence order per location). */
        private List<Integer> runOrder() {
            int start = 0;
            boolean found = false;
            for (int i = 0; i < k && !found; i++) {
                if (edge(i).family().isProgramOrder() && edge(i).changesLocation()) {
                    start = (i + 1) % k;
                    found = true;
                }
            }
            if (!found) {
                // A single location: start at the target of the first Fr or Co edge (the write the cycle returns to).
                for (int i = 0; i < k && !found; i++) {
                    if (edge(i).family() == Edge.Family.FR || edge(i).family() == Edge.Family.CO) {
                        start = (i + 1) % k;
                        found = true;
                    }
                }
                for (int i = 0; i < k && !found; i++) {
                    if (kind(i).isWrite()) {
                        start = i;
                        found = true;
                    }
                }
            }
            List<Integer> order = new ArrayList<>();
            for (int step = 0; step < k; step++) {
                order.add((start + step) % k);
            }
            return order;
        }

        private void assignValues() {
            Map<Integer, Long> last = new HashMap<>();
            for (int i : runOrder()) {
                if (kind(i).isWrite()) {
                    long v = last.merge(location[i], 1L, Long::sum);
                    value[i] = v;
                }
            }
        }

        /** The write before {@code w} on its location in run order, or -1 for the initial write. */
        private int previousWrite(int w) {
            int previous = -1;
            for (int i : runOrder()) {
                if (i == w) {
                    return previous;
                }
                if (location[i] == location[w] && kind(i).isWrite()) {
                    previous = i;
                }
            }
            throw new AssertionError(w);
        }

        private boolean lastWrite(int w) {
            boolean seen = false;
            for (int i : runOrder()) {
                if (i == w) {
                    seen = true;
                } else if (seen && location[i] == location[w] && kind(i).isWrite()) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Node variables: thread {@code t} is {@code t}; location {@code l} is {@code threads + l}; the target of
         * the NIC access at event {@code i} is {@code threads + locations + i}.
         */
        private int[] placeNodes() throws LitmusException {
            int locations = locationNames.size();
            int vars = threads + locations + k;
            nodes.init(vars);
            for (int i = 0; i < k; i++) {
                AccessKind a = kind(i);
                int loc = threads + location[i];
                if (a.isLocal()) {
                    nodes.union(loc, thread[i]);
                } else {
                    nodes.union(loc, target(i));
                }
                Edge e = edge(i);
                if ((e.family() == Edge.Family.PO || e.family() == Edge.Family.RFENCE) && a.isNic() && kind(i + 1).isNic()) {
                    nodes.union(target(i), target((i + 1) % k));
                }
            }
            for (int i = 0; i < k; i++) {
                Edge e = edge(i);
                if (e.family() == Edge.Family.PX && nodes.find(target(i)) == nodes.find(target((i + 1) % k))) {
                    throw cycle.error(e.column(), "'" + e.text() + "' needs its two NIC operations on different queue pairs, "
                            + "but the other edges place both targets on one node");
                }
            }
            Map<Integer, Integer> number = new LinkedHashMap<>();
            int[] node = new int[vars];
            for (int v = 0; v < vars; v++) {
                boolean used = v < threads + locations || kind(v - threads - locations).isNic();
                if (used) {
                    node[v] = number.computeIfAbsent(nodes.find(v), x -> number.size() + 1);
                }
            }
            return node;
        }

        private int target(int event) {
            return threads + locationNames.size() + event;
        }

        private Program emit(String name, int[] node) throws LitmusException {
            int locations = locationNames.size();
            List<LocationDecl> decls = new ArrayList<>();
            for (int l = 0; l < locations; l++) {
                decls.add(new LocationDecl(locationNames.get(l), node[threads + l], 0, Position.NONE));
            }
            List<List<Instruction>> code = new ArrayList<>();
            List<Map<Integer, Integer>> issued = new ArrayList<>();
            List<Map<Integer, Integer>> polled = new ArrayList<>();
            List<Integer> registers = new ArrayList<>();
            List<Integer> workIds = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                code.add(new ArrayList<>());
                issued.add(new HashMap<>());
                polled.add(new HashMap<>());
                registers.add(0);
                workIds.add(0);
            }
            ItemRef[] observed = new ItemRef[k];
            int aux = 0;
            for (int i = 0; i < k; i++) {
                int t = thread[i];
                Edge out = edge(i);
                boolean tagged = out.family() == Edge.Family.WAIT && out.internal();
                WorkIdRef tag = null;
                if (tagged) {
                    tag = WorkIdRef.of(ProgramEdits.workIdName(workIds.get(t)));
                    workIds.set(t, workIds.get(t) + 1);
                }
                LocationRef x = LocationRef.of(locationNames.get(location[i]));
                int here = node[t];
                int there = kind(i).isNic() ? node[target(i)] : here;
                NodeRef n = NodeRef.of(there);
                Instruction instruction;
                switch (kind(i)) {
                    case R: {
                        Register r = Register.of("r" + registers.get(t));
                        registers.set(t, registers.get(t) + 1);
                        instruction = new Instruction.Load(r, x, Position.NONE);
                        observed[i] = new ItemRef(new StateItem.RegisterItem(t, r.name()), r.name(), Position.NONE);
                        break;
                    }
                    case W:
                        instruction = new Instruction.Store(x, Operand.constant(value[i]), Position.NONE);
                        break;
                    case P: {
                        String k0 = "k" + aux++;
                        decls.add(new LocationDecl(k0, here, value[i], Position.NONE));
                        instruction = new Instruction.Put(x, n, LocationRef.of(k0), tag, Position.NONE);
                        break;
                    }
                    case S: {
                        String o = "o" + aux++;
                        decls.add(new LocationDecl(o, there, 0, Position.NONE));
                        instruction = new Instruction.Put(LocationRef.of(o), n, x, tag, Position.NONE);
                        observed[i] = new ItemRef(new StateItem.LocationItem(o), o, Position.NONE);
                        break;
                    }
                    case G: {
                        String o = "o" + aux++;
                        decls.add(new LocationDecl(o, here, 0, Position.NONE));
                        instruction = new Instruction.Get(LocationRef.of(o), x, n, tag, Position.NONE);
                        observed[i] = new ItemRef(new StateItem.LocationItem(o), o, Position.NONE);
                        break;
                    }
                    case L: {
                        String g = "g" + aux++;
                        decls.add(new LocationDecl(g, there, value[i], Position.NONE));
                        instruction = new Instruction.Get(x, LocationRef.of(g), n, tag, Position.NONE);
                        break;
                    }
                    default:
                        throw new AssertionError(kind(i));
                }
                List<Instruction> c = code.get(t);
                c.add(instruction);
                if (kind(i).isNic()) {
                    issued.get(t).merge(there, 1, Integer::sum);
                }
                if (out.family().isProgramOrder() && !(i == k - 1)) {
                    fence(out, c, there, tag, issued.get(t), polled.get(t));
                }
            }
            List<ThreadCode> threadCode = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                threadCode.add(ThreadCode.of(t, node[t], code.get(t)));
            }
            Prop condition = condition(observed);
            String doc = "diy cycle: " + cycle.text().replaceAll("\\s+", " ");
            return new Program(name, Dialect.RDMA, doc, name + ".litmus", List.of(), Map.of(), decls, List.of(), threadCode,
                    List.of(), null, Quantifier.EXISTS, condition);
        }

        /** The instructions a program-order edge puts between its two accesses. */
        private void fence(Edge e, List<Instruction> c, int target, WorkIdRef tag, Map<Integer, Integer> issued,
                           Map<Integer, Integer> polled) {
            switch (e.family()) {
                case MFENCE -> c.add(new Instruction.MFence(Position.NONE));
                case RFENCE -> c.add(new Instruction.RFence(NodeRef.of(target), Position.NONE));
                case POLL -> {
                    int missing = issued.getOrDefault(target, 0) - polled.getOrDefault(target, 0);
                    for (int j = 0; j < missing; j++) {
                        c.add(new Instruction.Poll(NodeRef.of(target), Position.NONE));
                    }
                    polled.put(target, issued.getOrDefault(target, 0));
                }
                case WAIT -> c.add(new Instruction.Wait(tag, Position.NONE));
                case GF -> c.add(new Instruction.GlobalFence(Position.NONE));
                default -> { }
            }
        }

        private Prop condition(ItemRef[] observed) throws LitmusException {
            List<Prop> atoms = new ArrayList<>();
            Map<Integer, Integer> finalValueBy = new HashMap<>();
            for (int i = 0; i < k; i++) {
                Edge e = edge(i);
                int to = (i + 1) % k;
                switch (e.family()) {
                    case RF -> atoms.add(new Prop.Atom(observed[to], true, value[i]));
                    case FR -> {
                        if (edge(i - 1).family() != Edge.Family.RF) {
                            int before = previousWrite(to);
                            atoms.add(new Prop.Atom(observed[i], true, before < 0 ? 0 : value[before]));
                        }
                    }
                    case CO -> {
                        boolean singleLocation = locationNames.size() == 1;
                        if (!singleLocation && !lastWrite(to)) {
                            throw cycle.error(e.column(), "'" + e.text() + "' must end at the last write to its location in "
                                    + "the cycle: coherence order is observed through the final value");
                        }
                        Integer other = finalValueBy.put(location[to], i);
                        if (other != null) {
                            throw cycle.error(e.column(), "'" + e.text() + "' and '" + edge(other).text() + "' both end at a "
                                    + "write to one location; only one final value can be observed per location");
                        }
                        String loc = locationNames.get(location[to]);
                        atoms.add(new Prop.Atom(new ItemRef(new StateItem.LocationItem(loc), loc, Position.NONE), true,
                                value[to]));
                    }
                    default -> { }
                }
            }
            List<Prop> distinct = new ArrayList<>();
            for (Prop a : atoms) {
                if (!distinct.contains(a)) {
                    distinct.add(a);
                }
            }
            return Prop.conjunction(distinct);
        }
    }

    /** Union-find over node variables. */
    private static final class UnionFind {
        private int[] parent = new int[0];

        void init(int n) {
            parent = new int[n];
            for (int i = 0; i < n; i++) {
                parent[i] = i;
            }
        }

        int find(int x) {
            while (parent[x] != x) {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            return x;
        }

        void union(int a, int b) {
            int ra = find(a);
            int rb = find(b);
            if (ra != rb) {
                parent[Math.max(ra, rb)] = Math.min(ra, rb);
            }
        }
    }
}
