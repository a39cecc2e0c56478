package remo.conformance;

import remo.core.rdma.EventLabel;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.models.CatModel;
import remo.models.algebra.Relation;
import remo.core.graph.ExecutionGraph;

/**
 * A recorded graph (nic.md §6) as an execution of the checker: the run's calls as the straight-line litmus
 * program of {@link TraceLitmus#translate} (the same translation trace conformance uses), the
 * recorded events mapped onto that program's event structure as TraceConformance maps them
 * ({@code (thread, instruction of the call + word, step)}; initial writes by location), and the
 * model's {@code hb} evaluated on the recorded rf, co and rao — so lock-level checks and the LOCO
 * objects' specifications use the checker's hb, not a re-implementation (locks.md §10.3 a,
 * loco.md §2.4). By default the repeated reads of spin rounds are left out of the translation
 * ({@link SpinReads}): a contended ticket lock records thousands of them, and the check of the
 * others decides the same. Its hb is the model's with the order of each instruction's own events
 * ({@code ii}) added, which only a model whose instructions are atomic steps ({@code rdma-sc-rmw})
 * leaves out.
 */
public final class RecordedExecution {
    private final int[] sid;
    private final Relation hb;
    private final Relation hbInverse;
    private final TraceConformance.Verdict conformance;
    private Relation onEvents;

    private RecordedExecution(int[] sid, Relation hb, TraceConformance.Verdict conformance) {
        this.sid = sid;
        // hb+ once (every check asks for many of its rows and columns); a cyclic hb makes the
        // conformance verdict fail first
        this.hb = hb.transitiveClosure();
        this.hbInverse = this.hb.converse();
        this.conformance = conformance;
    }

    /**
     * Maps a graph of a completed, fault-free run, checks its conformance under {@code model} and
     * evaluates the model's hb on it.
     *
     * @throws AssertionError if a recorded event has no event in the translation
     */
    public static RecordedExecution of(ExecutionGraph g, CatModel model) {
        return of(g, model, true);
    }

    /**
     * As {@link #of(ExecutionGraph, CatModel)}; with {@code leaveOutSpins} the repeated spin reads
     * that {@link remo.conformance.SpinReads} names are not mapped (same verdict and same hb between
     * the other events, as argued there; {@link #mapped} is false for them).
     */
    public static RecordedExecution of(ExecutionGraph g, CatModel model, boolean leaveOutSpins) {
        TraceLitmus.Translation tr = TraceLitmus.translate(g, leaveOutSpins);
        TraceConformance checker = checker(tr, model);
        // one checker (and its event structure) serves every graph of its program: one at a time
        synchronized (checker) {
            return of(g, tr, checker);
        }
    }

    /** The conformance checker of a translation's program under a model (with its event structure). */
    private record Checker(CatModel model, TraceConformance conformance) {
    }

    /**
     * The checkers of the latest programs: a model-checking exploration checks thousands of graphs of
     * a few programs, and building a checker's event structure was a tenth of a run's cost (KvStore).
     */
    private static final Map<String, Checker> CHECKERS = new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Checker> eldest) {
            return size() > 64;
        }
    };

    private static TraceConformance checker(TraceLitmus.Translation tr, CatModel model) {
        String key = model.name() + "\n" + tr.flags() + "\n" + tr.text();
        synchronized (CHECKERS) {
            Checker c = CHECKERS.get(key);
            if (c == null || c.model() != model) {
                c = new Checker(model, new TraceConformance(tr.program(), model, tr.flags()));
                CHECKERS.put(key, c);
            }
            return c.conformance();
        }
    }

    private static RecordedExecution of(ExecutionGraph g, TraceLitmus.Translation tr, TraceConformance checker) {
        TraceConformance.Verdict verdict = checker.check(g, tr.callInstructions(), tr.locationNames(), tr.implied());
        EventStructure s = checker.structure();
        int n = s.size();
        int[] sid = new int[g.events().size()];
        long[] values = new long[n];
        boolean[] exists = new boolean[n];
        for (ExecutionGraph.Event e : g.events()) {
            int id;
            if (e.label() == EventLabel.IW) {
                id = s.locationIndex(tr.locationNames().get(e.location()));
            } else {
                int instr = tr.callInstructions().get(e.thread()).get((int) e.po());
                id = instr < 0 ? -1 : s.eventAt(e.thread(), instr + e.sub(), e.ii());
                if (instr >= 0 && id < 0) {
                    throw new AssertionError("recorded event " + e + " has no event in the translation");
                }
            }
            sid[e.id()] = id;
            if (id >= 0) {
                exists[id] = true;
                values[id] = e.value();
            }
        }
        int[] rf = new int[n];
        java.util.Arrays.fill(rf, -1);
        for (ExecutionGraph.Event e : g.events()) {
            int src = g.rf(e.id());
            if (src >= 0 && sid[e.id()] >= 0 && sid[src] >= 0) {
                rf[sid[e.id()]] = sid[src];
            }
        }
        List<List<Integer>> co = new java.util.ArrayList<>();
        for (List<Integer> writes : g.co()) {
            co.add(writes.stream().map(w -> sid[w]).toList());
        }
        java.util.Map<String, List<Integer>> rao = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<String, List<Integer>> nars : g.rao().entrySet()) {
            rao.put(nars.getKey(), nars.getValue().stream().map(a -> sid[a]).toList());
        }
        Execution x = new Execution(s, s.graph(values, exists, rf, co, rao), null, true, null, false, List.of());
        // hb as the model defines it (a union, not closed), with the order of an instruction's own events
        // (ii): rdma-wait-rmw's hb contains it already (ppo does); rdma-sc-rmw's hb orders whole
        // instructions, each one atomic step, and relates no two events of one, which a check that reads
        // an instruction's own order (an RMW's NAR before its NRW, loco.md §2.4 io) takes as ordered
        remo.models.ModelFrame frame = x.frame(checker.model(), Set.of());
        Relation hb = frame.relation("hb", x.witnesses()).union(frame.relation("ii", x.witnesses()));
        return new RecordedExecution(sid, hb, verdict);
    }

    /** The trace-conformance verdict on the graph (nic.md §6.5), from the same translation. */
    public TraceConformance.Verdict conformance() {
        return conformance;
    }

    /** Whether recorded event {@code a} is hb-before recorded event {@code b} ({@code hb+}; false if either orders nothing). */
    public boolean hb(int a, int b) {
        return sid[a] >= 0 && sid[b] >= 0 && hb.contains(sid[a], sid[b]);
    }

    /** The recorded events hb-after {@code a} ({@code hb+}), as a predicate over recorded event ids. */
    public java.util.function.IntPredicate after(int a) {
        if (sid[a] < 0) {
            return e -> false;
        }
        remo.models.algebra.EventSet r = hb.successors(sid[a]);
        return e -> sid[e] >= 0 && r.contains(sid[e]);
    }

    /** The recorded events hb-before {@code b} ({@code hb+}), as a predicate over recorded event ids. */
    public java.util.function.IntPredicate before(int b) {
        if (sid[b] < 0) {
            return e -> false;
        }
        remo.models.algebra.EventSet r = hbInverse.successors(sid[b]);
        return e -> sid[e] >= 0 && r.contains(sid[e]);
    }

    /** Whether the recorded event is an event of the checker's execution (calls without instruction are not). */
    public boolean mapped(int event) {
        return sid[event] >= 0;
    }

    /**
     * {@code hb+} over the recorded graph's event ids, as one relation (what a LOCO specification
     * check takes, loco.md §2.5); events that are not {@link #mapped} are related to nothing.
     *
     * @return a relation of size {@code g.events().size()}, {@code g} the graph this was made of
     */
    public Relation hbOnEvents() {
        if (onEvents == null) {
            int structure = hb.size();
            java.util.List<java.util.List<Integer>> recorded = new java.util.ArrayList<>();
            for (int i = 0; i < structure; i++) {
                recorded.add(new java.util.ArrayList<>(1));
            }
            for (int e = 0; e < sid.length; e++) {
                if (sid[e] >= 0) {
                    recorded.get(sid[e]).add(e);
                }
            }
            Relation.Builder b = Relation.builder(sid.length);
            for (int a = 0; a < sid.length; a++) {
                if (sid[a] >= 0) {
                    int from = a;
                    hb.successors(sid[a]).forEach(s -> recorded.get(s).forEach(to -> b.add(from, to)));
                }
            }
            onEvents = b.build();
        }
        return onEvents;
    }
}
