package remo.conformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.checker.Event;
import remo.checker.EventStructure;
import remo.checker.GraphCheck;
import remo.core.FlagValues;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.litmus.Program;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.algebra.Relation;

/**
 * Checks recorded graphs of litmus runs against a model (nic.md §6.5, operational.md §8.4): maps
 * every recorded event onto the checker's event identity {@code EventStructure.eventAt(thread,
 * instruction, step)} (initial writes are ids {@code 0..L-1}), builds rf, co and rao, checks that
 * the recorded poll and wait matching agree with the static {@code pm}/{@code wm}, and runs the
 * checker's fixed-graph mode {@link GraphCheck#check}. Verdicts are cached per distinct graph.
 * Not thread-safe.
 */
public final class TraceConformance {

    /**
     * The verdict on one recorded graph.
     *
     * @param consistent  whether the graph is a well-formed candidate consistent under the model
     * @param failedCheck the violated axiom (or {@code mapping}/{@code ill-formed}), {@code null} if consistent
     * @param cycle       the failing check's cycle as event labels, empty if consistent
     * @param problems    mapping or well-formedness problems
     */
    public record Verdict(boolean consistent, String failedCheck, List<String> cycle, List<String> problems) {
        public Verdict {
            cycle = List.copyOf(cycle);
            problems = List.copyOf(problems);
        }
    }

    private final Program program;
    private final CatModel model;
    private final FlagValues flags;
    private final EventStructure structure;
    /** Verdicts by graph, the latest 10 000: a checker reused over a model checker's many distinct graphs stays bounded. */
    private final Map<String, Verdict> cache = new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Verdict> eldest) {
            return size() > 10_000;
        }
    };
    private long checked;

    /**
     * @param program the litmus program
     * @param model   the model the graphs must satisfy ({@link LitmusRunner#conformanceModel})
     * @param flags   the run's flags
     */
    public TraceConformance(Program program, CatModel model, FlagValues flags) {
        this.program = program;
        this.model = model;
        this.flags = flags;
        this.structure = new EventStructure(program, flags);
    }

    /** The model's name. */
    public String modelName() {
        return model.name();
    }

    /** The model the graphs are checked against. */
    CatModel model() {
        return model;
    }

    /** The event structure of the program (read-only for callers; not safe for concurrent use). */
    EventStructure structure() {
        return structure;
    }

    /** Number of distinct graphs actually checked (the others were cache hits). */
    public long distinctGraphs() {
        return checked;
    }

    /**
     * Checks the graph of a completed run.
     *
     * @param graph            the recorded graph
     * @param callInstructions per thread, the instruction index of each endpoint call
     * @throws IllegalArgumentException for a graph recorded with {@code RANDOM} intra-request order,
     *                                  which nic.md §4.6 excludes from conformance
     */
    public Verdict check(ExecutionGraph graph, List<List<Integer>> callInstructions) {
        List<String> names = new ArrayList<>();
        for (ExecutionGraph.Location l : graph.locations()) {
            names.add(l.region());
        }
        return check(graph, callInstructions, names, List.of());
    }

    /**
     * Checks the graph of a completed run whose locations have other names in the program (see
     * {@link TraceLitmus}). A word {@code k} of a NIC op maps to instruction {@code call + k} (the
     * ASCENDING encoding); events of a call whose instruction is -1 are left out (they order nothing).
     *
     * @param graph            the recorded graph
     * @param callInstructions per thread, the instruction index of each endpoint call, -1 for none
     * @param locationNames    per graph location, the program's location name
     * @param implied          per thread, instructions without recorded events whose (marker) events
     *                         are taken as having happened; empty for litmus runs
     * @throws IllegalArgumentException for a graph recorded with {@code RANDOM} intra-request order
     */
    public Verdict check(ExecutionGraph graph, List<List<Integer>> callInstructions, List<String> locationNames,
                         List<Set<Integer>> implied) {
        requireAscending(graph);
        int n = structure.size();
        List<String> problems = new ArrayList<>();
        long[] values = new long[n];
        boolean[] exists = new boolean[n];
        int[] map = new int[graph.events().size()];
        int[] recordedAs = new int[n];
        for (ExecutionGraph.Event e : graph.events()) {
            int sid = map(e, locationNames, callInstructions, problems);
            if (sid == SKIPPED) {
                map[e.id()] = -1;
                continue;
            }
            map[e.id()] = sid;
            if (sid >= 0) {
                if (exists[sid]) {
                    if (isAwaitRead(sid)) {
                        // a spin of an await: only its last (successful) read is the checker's event; dropping
                        // the earlier reads keeps a consistent graph consistent (nic.md §6.3)
                        map[recordedAs[sid]] = -1;
                    } else if (problems.size() < 10) {
                        problems.add("two recorded events map to checker event " + sid + " (" + describe(sid) + ")");
                    }
                }
                exists[sid] = true;
                values[sid] = e.value();
                recordedAs[sid] = e.id();
            }
        }
        for (int l = 0; l < program.locations().size(); l++) {
            if (!exists[l]) {
                // a location the run never touched: the recorder creates initial writes lazily
                exists[l] = true;
                values[l] = program.locations().get(l).initial();
            }
        }
        for (Event e : structure.events()) {
            if (e.thread() >= 0 && e.thread() < implied.size() && implied.get(e.thread()).contains(e.instruction())) {
                exists[e.id()] = true;
            }
            if (!e.conditional() && !exists[e.id()] && problems.size() < 10) {
                problems.add("checker event " + describe(e.id()) + " was never recorded");
            }
        }
        int[] rf = new int[n];
        java.util.Arrays.fill(rf, -1);
        StringBuilder key = new StringBuilder();
        for (ExecutionGraph.Event e : graph.events()) {
            int src = graph.rf(e.id());
            if (src >= 0 && map[e.id()] >= 0 && map[src] >= 0) {
                rf[map[e.id()]] = map[src];
                key.append('r').append(map[src]).append('>').append(map[e.id()]);
            }
        }
        List<List<Integer>> co = new ArrayList<>();
        for (List<Integer> writes : graph.co()) {
            key.append('c');
            co.add(mapped(writes, map, key));
        }
        Map<String, List<Integer>> rao = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, List<Integer>> nars : graph.rao().entrySet()) {
            key.append('a');
            rao.put(nars.getKey(), mapped(nars.getValue(), map, key));
        }
        checkMatching(graph, map, problems);
        if (!problems.isEmpty()) {
            return new Verdict(false, "mapping", List.of(), problems);
        }
        key.append('v');
        for (int i = 0; i < n; i++) {
            key.append(exists[i] ? values[i] : 'x').append(',');
        }
        String k = key.toString();
        Verdict cached = cache.get(k);
        if (cached != null) {
            return cached;
        }
        checked++;
        GraphCheck.Verdict v = GraphCheck.check(structure, model, flags, structure.graph(values, exists, rf, co, rao), Set.of());
        Verdict out;
        if (!v.wellFormed()) {
            out = new Verdict(false, "ill-formed", List.of(), v.problems());
        } else if (!v.consistent()) {
            List<String> cycle = new ArrayList<>();
            for (int id : v.cycle()) {
                cycle.add(describe(id));
            }
            out = new Verdict(false, v.failedCheck(), cycle, List.of());
        } else {
            out = new Verdict(true, null, List.of(), List.of());
        }
        cache.put(k, out);
        return out;
    }

    /** The recorded events of an order as checker events, appended to the cache key too. */
    private static List<Integer> mapped(List<Integer> recorded, int[] map, StringBuilder key) {
        List<Integer> out = new ArrayList<>(recorded.size());
        for (int e : recorded) {
            key.append(map[e]).append(',');
            out.add(map[e]);
        }
        return out;
    }

    /** @throws IllegalArgumentException for a graph recorded with {@code RANDOM} intra-request order (nic.md §4.6) */
    static void requireAscending(ExecutionGraph graph) {
        if ("RANDOM".equals(graph.meta().get("intraRequestOrder"))) {
            throw new IllegalArgumentException("a graph recorded with intraRequestOrder RANDOM is not checkable for "
                    + "conformance (nic.md §4.6): its words are not in the ascending order the models encode");
        }
    }

    private boolean isAwaitRead(int sid) {
        Event e = structure.event(sid);
        return e.kind() == EventLabel.R && e.thread() >= 0
                && program.thread(e.thread()).instructions().get(e.instruction()) instanceof remo.litmus.Instruction.Await;
    }

    /** {@link #map} of an event whose call has no instruction. */
    private static final int SKIPPED = -2;

    private int map(ExecutionGraph.Event e, List<String> locationNames, List<List<Integer>> calls, List<String> problems) {
        if (e.label() == EventLabel.IW) {
            String name = locationNames.get(e.location());
            for (int i = 0; i < program.locations().size(); i++) {
                if (program.locations().get(i).name().equals(name)) {
                    return i;
                }
            }
            problems.add("initial write of unknown location " + name);
            return -1;
        }
        List<Integer> c = e.thread() < calls.size() ? calls.get(e.thread()) : List.of();
        if (e.po() < 0 || e.po() >= c.size()) {
            problems.add("event " + e.id() + " of thread " + e.thread() + " has call index " + e.po() + " without an instruction");
            return -1;
        }
        if (c.get((int) e.po()) < 0) {
            return SKIPPED;
        }
        int instr = c.get((int) e.po()) + e.sub();
        int sid = structure.eventAt(e.thread(), instr, e.ii());
        if (sid < 0) {
            problems.add("event " + e.id() + " (" + e.label() + ") has no checker event at P" + e.thread() + " instruction "
                    + instr + " step " + e.ii());
            return -1;
        }
        Event s = structure.event(sid);
        if (s.kind() != e.label()) {
            problems.add("event " + e.id() + " is " + e.label() + " but checker event " + sid + " is " + s.kind());
        }
        return sid;
    }

    /** The recorded pm must equal the static pm per poll; the recorded wm must be within the static wm. */
    private void checkMatching(ExecutionGraph graph, int[] map, List<String> problems) {
        Relation pm = structure.relation(Builtin.PM);
        Relation wm = structure.relation(Builtin.WM);
        for (Map.Entry<Integer, Integer> e : graph.pm().entrySet()) {
            int p = map[e.getKey()];
            List<Integer> opEvents = graph.ops().get(e.getValue()).events();
            int first = opEvents.isEmpty() ? -1 : map[opEvents.get(0)];
            if (p < 0 || first < 0) {
                continue;
            }
            int cmp = structure.completionEvent(first);
            if (!pm.contains(cmp, p)) {
                problems.add("poll " + describe(p) + " consumed the op of " + describe(first) + ", but the static pm matches "
                        + "it with another op");
            }
        }
        for (Map.Entry<Integer, List<Integer>> e : graph.wm().entrySet()) {
            int w = map[e.getKey()];
            for (int op : e.getValue()) {
                List<Integer> opEvents = graph.ops().get(op).events();
                int first = opEvents.isEmpty() ? -1 : map[opEvents.get(0)];
                if (w >= 0 && first >= 0 && !wm.contains(structure.completionEvent(first), w)) {
                    problems.add("wait " + describe(w) + " covered the op of " + describe(first) + ", which the static wm does not");
                }
            }
        }
    }

    private String describe(int sid) {
        Event e = structure.event(sid);
        String loc = e.location() >= 0 ? program.locations().get(e.location()).name() : null;
        if (e.kind() == EventLabel.IW) {
            return "IW(" + loc + ")";
        }
        return "P" + e.thread() + "#" + e.instruction() + ":" + e.label(loc);
    }
}
