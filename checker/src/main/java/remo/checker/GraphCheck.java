package remo.checker;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import remo.core.FlagValues;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.core.rdma.RaoClass;
import remo.models.CatModel;
import remo.models.CheckOutcome;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * Fixed-graph mode (operational.md §6.4): checks one given execution graph against a model
 * without enumerating witnesses. Used to validate graphs recorded by the operational explorer and
 * by the simulated NIC (trace conformance).
 */
public final class GraphCheck {

    private GraphCheck() {
    }

    /**
     * The verdict on one graph.
     *
     * @param wellFormed  whether the graph is a candidate execution (models.md §4.1): every existing read
     *                    has exactly one rf source (an existing write to its location, of another
     *                    instruction, with the same value), co is a strict total order per location
     *                    starting with the initial write, rao is a strict total order per rao class
     * @param problems    what makes it ill-formed (empty if well-formed)
     * @param consistent  whether the model's consistency checks hold (false if ill-formed)
     * @param failedCheck the first failing check's name, or {@code null}
     * @param cycle       events of a cycle (acyclic checks), a loop (irreflexive) or a pair (empty) of the
     *                    failing check's relation, empty if consistent
     */
    public record Verdict(boolean wellFormed, List<String> problems, boolean consistent, String failedCheck,
                          List<Integer> cycle) {
        public Verdict {
            problems = List.copyOf(problems);
            cycle = List.copyOf(cycle);
        }
    }

    /**
     * Checks an execution graph.
     *
     * @param structure the program's event structure (event ids as in the graph)
     * @param model     the model
     * @param flags     the flags of the run
     * @param values    value of every event (ignored for events that do not exist)
     * @param exists    which events exist
     * @param rf        reads-from
     * @param co        coherence (need not be transitively closed: it is closed here)
     * @param rao       remote-atomic order (closed here)
     * @return the verdict
     */
    public static Verdict check(EventStructure structure, CatModel model, FlagValues flags, long[] values, boolean[] exists,
                                Relation rf, Relation co, Relation rao) {
        return check(structure, model, flags, values, exists, rf, co, rao, Set.of());
    }

    /**
     * Checks an execution graph, ignoring some checks (herd7's {@code -skipcheck}); otherwise as
     * {@link #check(EventStructure, CatModel, FlagValues, long[], boolean[], Relation, Relation, Relation)}.
     *
     * @param skippedChecks names of consistency checks to ignore
     */
    public static Verdict check(EventStructure structure, CatModel model, FlagValues flags, long[] values, boolean[] exists,
                                Relation rf, Relation co, Relation rao, Set<String> skippedChecks) {
        int n = structure.size();
        List<String> problems = new ArrayList<>();
        Relation coClosed = co.transitiveClosure();
        Relation raoClosed = rao.transitiveClosure();
        Relation rfInverse = rf.converse();
        for (Event e : structure.events()) {
            if (!exists[e.id()]) {
                if (!rf.successors(e.id()).isEmpty() || !rfInverse.successors(e.id()).isEmpty()) {
                    problems.add("event " + e.id() + " does not exist but is related by rf");
                }
                continue;
            }
            if (e.kind().isRead()) {
                int[] sources = rfInverse.successors(e.id()).toArray();
                if (sources.length != 1) {
                    problems.add("read " + e.id() + " has " + sources.length + " rf sources");
                } else {
                    Event w = structure.event(sources[0]);
                    if (!w.kind().isWrite() || w.location() != e.location() || !exists[w.id()]) {
                        problems.add("read " + e.id() + " reads from " + w.id() + ", not an existing write to its location");
                    } else if (w.thread() == e.thread() && w.thread() >= 0 && w.instruction() == e.instruction()) {
                        problems.add("read " + e.id() + " reads from its own instruction");
                    } else if (values[w.id()] != values[e.id()]) {
                        problems.add("read " + e.id() + " has value " + values[e.id()] + " but its source " + w.id()
                                + " wrote " + values[w.id()]);
                    }
                }
            }
        }
        // only pairs in co or rao, or of two existing writes of one location, or of two NARs, can give a
        // problem: the others are skipped (a recorded graph has thousands of events, nic.md §6.5)
        EventSet[] writesOf = new EventSet[structure.locationCount()];
        boolean[] writeAt = new boolean[n];
        boolean[] narAt = new boolean[n];
        java.util.Map<Integer, boolean[]> writesByLocation = new java.util.HashMap<>();
        for (Event e : structure.events()) {
            if (exists[e.id()] && e.kind().isWrite() && e.location() >= 0) {
                writesByLocation.computeIfAbsent(e.location(), l -> new boolean[n])[e.id()] = true;
                writeAt[e.id()] = true;
            }
            narAt[e.id()] = e.kind() == EventLabel.NAR;
        }
        writesByLocation.forEach((l, members) -> writesOf[l] = EventSet.of(members));
        RaoClass[] raoClass = new RaoClass[n];
        for (Event e : structure.events()) {
            if (narAt[e.id()]) {
                raoClass[e.id()] = RaoClass.of(flags.raoScope(), e.node(), e.location(), 0);
            }
        }
        EventSet nars = EventSet.of(narAt);
        for (int a = 0; a < n; a++) {
            Event ea = structure.event(a);
            EventSet candidates = coClosed.successors(a).union(raoClosed.successors(a));
            if (writeAt[a]) {
                candidates = candidates.union(writesOf[ea.location()]);
            }
            if (narAt[a]) {
                candidates = candidates.union(nars);
            }
            int[] bs = candidates.toArray();
            for (int b : bs) {
                Event eb = structure.event(b);
                boolean writes = exists[a] && exists[b] && ea.kind().isWrite() && eb.kind().isWrite()
                        && ea.location() == eb.location();
                if (coClosed.contains(a, b) && !writes) {
                    problems.add("co relates " + a + " and " + b + ", which are not existing writes to one location");
                } else if (writes && a != b && !coClosed.contains(a, b) && !coClosed.contains(b, a)) {
                    problems.add("co does not order writes " + a + " and " + b);
                } else if (writes && a != b && eb.kind() == EventLabel.IW && coClosed.contains(a, b)) {
                    problems.add("co places write " + a + " before the initial write " + b);
                }
                boolean sameClass = narAt[a] && narAt[b] && raoClass[a].equals(raoClass[b]);
                if (raoClosed.contains(a, b) && !sameClass) {
                    problems.add("rao relates " + a + " and " + b + ", which are not remote RMWs of one rao class");
                } else if (sameClass && a != b && !raoClosed.contains(a, b) && !raoClosed.contains(b, a)) {
                    problems.add("rao does not order remote RMWs " + a + " and " + b);
                }
            }
        }
        if (!coClosed.isIrreflexive() || !raoClosed.isIrreflexive()) {
            problems.add("co or rao is cyclic");
        }
        if (!problems.isEmpty()) {
            return new Verdict(false, problems, false, null, List.of());
        }
        int[] existing = java.util.stream.IntStream.range(0, n).filter(i -> exists[i]).toArray();
        ModelFrame frame = model.frame(MaskedUniverse.exact(structure, EventSet.of(n, existing)), flags, skippedChecks);
        Witnesses w = Witnesses.exact(rf, coClosed, raoClosed);
        CheckOutcome outcome = frame.check(w);
        if (outcome.consistent()) {
            return new Verdict(true, List.of(), true, null, List.of());
        }
        Relation r = frame.checkedRelation(outcome.failedCheck(), w);
        List<Integer> cycle = witnessOf(outcome.failedCheck().kind(), r, n);
        return new Verdict(true, List.of(), false, outcome.failedCheck().name(), cycle);
    }

    /**
     * Judges many executions of one event structure under one model, reusing the model's static
     * part per set of existing events (much cheaper than {@link #check} per graph). Assumes
     * well-formed executions such as those produced by the engines. Not thread-safe.
     */
    public static final class Judge {
        private final EventStructure structure;
        private final CatModel model;
        private final FlagValues flags;
        private final java.util.Map<EventSet, ModelFrame> frames = new java.util.HashMap<>();

        /**
         * @param structure the events of the program
         * @param model     the model to judge with
         * @param flags     the flags of the run
         */
        public Judge(EventStructure structure, CatModel model, FlagValues flags) {
            this.structure = structure;
            this.model = model;
            this.flags = flags;
        }

        /** Evaluates the model's checks on an execution of this structure. */
        public CheckOutcome judge(Execution x) {
            int n = structure.size();
            boolean[] ex = x.exists();
            EventSet existing = EventSet.of(n, java.util.stream.IntStream.range(0, n).filter(i -> ex[i]).toArray());
            ModelFrame frame = frames.computeIfAbsent(existing,
                    m -> model.frame(MaskedUniverse.exact(structure, m), flags, Set.of()));
            return frame.check(Witnesses.exact(x.rf(), x.co().transitiveClosure(), x.rao().transitiveClosure()));
        }

        /** The failing check's relation cycle (or loop, or pair) on an execution the model rejects; empty if none. */
        public List<Integer> cycle(Execution x, CheckOutcome outcome) {
            if (outcome.consistent()) {
                return List.of();
            }
            int n = structure.size();
            boolean[] ex = x.exists();
            EventSet existing = EventSet.of(n, java.util.stream.IntStream.range(0, n).filter(i -> ex[i]).toArray());
            ModelFrame frame = frames.get(existing);
            Relation r = frame.checkedRelation(outcome.failedCheck(),
                    Witnesses.exact(x.rf(), x.co().transitiveClosure(), x.rao().transitiveClosure()));
            return witnessOf(outcome.failedCheck().kind(), r, n);
        }
    }

    private static List<Integer> witnessOf(remo.models.cat.CatStatement.CheckKind kind, Relation r, int n) {
        if (r == null) {
            return List.of();
        }
        switch (kind) {
            case ACYCLIC:
                return r.findCycle();
            case IRREFLEXIVE:
                for (int i = 0; i < n; i++) {
                    if (r.contains(i, i)) {
                        return List.of(i);
                    }
                }
                return List.of();
            default:
                List<int[]> pairs = r.pairs();
                return pairs.isEmpty() ? List.of() : List.of(pairs.get(0)[0], pairs.get(0)[1]);
        }
    }

    /**
     * Checks an execution graph of {@code structure}'s events (the fixed-graph mode on the one graph
     * type: graphs of the engines, and recorded graphs mapped onto the program's events by trace
     * conformance); otherwise as the relation form above.
     *
     * @param graph         the graph; its event ids are the structure's, its co and rao lists need only
     *                      be orders (they are closed here)
     * @param skippedChecks names of consistency checks to ignore
     */
    public static Verdict check(EventStructure structure, CatModel model, FlagValues flags, ExecutionGraph graph,
                                Set<String> skippedChecks) {
        int n = structure.size();
        long[] values = new long[n];
        boolean[] exists = new boolean[n];
        for (ExecutionGraph.Event e : graph.events()) {
            values[e.id()] = e.value();
            exists[e.id()] = e.exists();
        }
        return check(structure, model, flags, values, exists, GraphRelations.rf(graph), GraphRelations.co(graph),
                GraphRelations.rao(graph), skippedChecks);
    }

    /** Checks a collected {@link Execution} again (for tests and conformance round trips). */
    public static Verdict check(Execution x, CatModel model) {
        return check(x.structure(), model, x.structure().flags(), x.values(), x.exists(), x.rf(), x.co(), x.rao());
    }

    /**
     * Checks a collected {@link Execution} again, ignoring the checks named in {@code skippedChecks}
     * (as the run that produced it did); used to name and draw the check that rejects it.
     */
    public static Verdict check(Execution x, CatModel model, Set<String> skippedChecks) {
        return check(x.structure(), model, x.structure().flags(), x.values(), x.exists(), x.rf(), x.co(), x.rao(),
                skippedChecks);
    }
}
