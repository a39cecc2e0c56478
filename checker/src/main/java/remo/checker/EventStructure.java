package remo.checker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.core.FlagValues;
import remo.core.PutCompletion;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.QueuePair;
import remo.core.rdma.RaoClass;
import remo.litmus.Instruction;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.ThreadCode;
import remo.models.Builtin;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The events a program can produce and the static relations of models.md §3, computed once per
 * program and flag setting (the relations by {@link StaticRelations}). Every conditional write
 * (cas, rcas) is present here; a candidate execution selects the existing ones with a mask.
 *
 * <p>Event order: one initial write per location (declaration order), then thread by thread, in
 * program order and intra-instruction order (models.md §2.2).
 */
public final class EventStructure {
    private final Program program;
    private final FlagValues flags;
    private final List<Event> events = new ArrayList<>();
    private final int[][] instructionEvents;          // [thread][instr] -> first event id or -1
    private final int[][] instructionEventCount;
    private final Map<QueuePair, Integer> qpIndex = new HashMap<>();
    private final List<QueuePair> qps = new ArrayList<>();
    private final EnumMap<Builtin, EventSet> sets = new EnumMap<>(Builtin.class);
    private final EnumMap<Builtin, Relation> relations;
    private final List<int[]> blockedPolls; // {thread, instruction}
    private final Map<String, Integer> locationIndex = new HashMap<>();
    private int size;

    /**
     * Builds the event structure of {@code program} under {@code flags}.
     *
     * @param program a validated program
     * @param flags   the flag values of the run (they decide {@code CMP}, {@code pm} and whether a
     *                failed rcas writes)
     */
    public EventStructure(Program program, FlagValues flags) {
        this.program = program;
        this.flags = flags;
        List<LocationDecl> locs = program.locations();
        for (int i = 0; i < locs.size(); i++) {
            locationIndex.put(locs.get(i).name(), i);
            events.add(new Event(events.size(), EventLabel.IW, -1, -1, 0, i, locs.get(i).home(), -1, null, null, false, false));
        }
        instructionEvents = new int[program.threads().size()][];
        instructionEventCount = new int[program.threads().size()][];
        for (ThreadCode t : program.threads()) {
            instructionEvents[t.index()] = new int[t.size()];
            instructionEventCount[t.index()] = new int[t.size()];
            for (int i = 0; i < t.size(); i++) {
                int first = events.size();
                addEvents(t, i, t.instructions().get(i));
                instructionEvents[t.index()][i] = events.size() > first ? first : -1;
                instructionEventCount[t.index()][i] = events.size() - first;
            }
        }
        size = events.size();
        computeSets();
        StaticRelations r = new StaticRelations(this, events);
        relations = r.relations();
        blockedPolls = r.blockedPolls();
    }

    /** The dense index of {@code qp(thread, node)} (models.md §2.1), numbered in order of first use. */
    private int qp(int thread, int node) {
        return qpIndex.computeIfAbsent(QueuePair.of(thread, node), q -> {
            qps.add(q);
            return qps.size() - 1;
        });
    }

    private void add(EventLabel kind, int thread, int instr, int step, String loc, int node, int qp, String tag,
                     OpKind op, boolean locked, boolean conditional) {
        int l = loc == null ? -1 : locationIndex.get(loc);
        events.add(new Event(events.size(), kind, thread, instr, step, l, node, qp, tag, op, locked, conditional));
    }

    private void addEvents(ThreadCode t, int i, Instruction ins) {
        int th = t.index();
        int home = t.node();
        if (ins instanceof Instruction.Guarded g) {
            // the events of a guarded instruction exist only on the executions whose branch decisions lead to it
            int before = events.size();
            addEvents(t, i, g.body());
            for (int k = before; k < events.size(); k++) {
                Event e = events.get(k);
                events.set(k, new Event(e.id(), e.kind(), e.thread(), e.instruction(), e.step(), e.location(), e.node(),
                        e.qp(), e.tag(), e.op(), e.locked(), true));
            }
        } else if (ins instanceof Instruction.PlainRmw rmw) {
            String x = rmw.location().name();
            add(EventLabel.R, th, i, 0, x, home, -1, null, null, false, false);
            add(EventLabel.W, th, i, 1, x, home, -1, null, null, false, rmw.kind() == Instruction.RmwKind.CAS);
        } else if (ins instanceof Instruction.Load ld) {
            add(EventLabel.R, th, i, 0, ld.source().name(), home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.Store st) {
            add(EventLabel.W, th, i, 0, st.destination().name(), home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.MFence) {
            add(EventLabel.F, th, i, 0, null, home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.LockedRmw rmw) {
            String x = rmw.location().name();
            add(EventLabel.R, th, i, 0, x, home, -1, null, null, true, false);
            add(EventLabel.W, th, i, 1, x, home, -1, null, null, true, rmw.kind() == Instruction.RmwKind.CAS);
        } else if (ins instanceof Instruction.Await aw) {
            add(EventLabel.R, th, i, 0, aw.location().name(), home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.Put put) {
            int q = qp(th, put.node().node());
            String tag = tagOf(put);
            add(EventLabel.NLR, th, i, 0, put.source().name(), home, q, tag, OpKind.PUT, false, false);
            add(EventLabel.NRW, th, i, 1, put.remote().name(), put.node().node(), q, tag, OpKind.PUT, false, false);
        } else if (ins instanceof Instruction.Get get) {
            int q = qp(th, get.node().node());
            String tag = tagOf(get);
            add(EventLabel.NRR, th, i, 0, get.remote().name(), get.node().node(), q, tag, OpKind.GET, false, false);
            add(EventLabel.NLW, th, i, 1, get.destination().name(), home, q, tag, OpKind.GET, false, false);
        } else if (ins instanceof Instruction.RemoteCas rc) {
            int q = qp(th, rc.node().node());
            String tag = tagOf(rc);
            boolean always = flags.failedRcasWrites();
            add(EventLabel.NAR, th, i, 0, rc.remote().name(), rc.node().node(), q, tag, OpKind.RCAS, false, false);
            add(EventLabel.NRW, th, i, 1, rc.remote().name(), rc.node().node(), q, tag, OpKind.RCAS, false, !always);
            add(EventLabel.NLW, th, i, 2, rc.result().name(), home, q, tag, OpKind.RCAS, false, false);
        } else if (ins instanceof Instruction.RemoteFaa rf) {
            int q = qp(th, rf.node().node());
            String tag = tagOf(rf);
            add(EventLabel.NAR, th, i, 0, rf.remote().name(), rf.node().node(), q, tag, OpKind.RFAA, false, false);
            add(EventLabel.NRW, th, i, 1, rf.remote().name(), rf.node().node(), q, tag, OpKind.RFAA, false, false);
            add(EventLabel.NLW, th, i, 2, rf.result().name(), home, q, tag, OpKind.RFAA, false, false);
        } else if (ins instanceof Instruction.Poll poll) {
            add(EventLabel.P, th, i, 0, null, home, qp(th, poll.node().node()), null, null, false, false);
        } else if (ins instanceof Instruction.RFence rf) {
            add(EventLabel.RF, th, i, 0, null, home, qp(th, rf.node().node()), null, null, false, false);
        } else if (ins instanceof Instruction.Wait) {
            add(EventLabel.WT, th, i, 0, null, home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.GlobalFence) {
            add(EventLabel.GF, th, i, 0, null, home, -1, null, null, false, false);
        }
        // Assign, RegisterSwap, Assume, Cutoff: no event
    }

    private static String tagOf(Instruction.NicOperation op) {
        return op.tag() == null ? null : op.tag().name();
    }

    // ------------------------------------------------------------------ accessors

    /** The program. */
    public Program program() {
        return program;
    }

    /** The flags the structure was built for. */
    public FlagValues flags() {
        return flags;
    }

    /** Number of events (including conditional writes). */
    public int size() {
        return size;
    }

    /** Event {@code id}. */
    public Event event(int id) {
        return events.get(id);
    }

    /** All events, in index order. */
    public List<Event> events() {
        return List.copyOf(events);
    }

    /** Index of location {@code name}. @throws NullPointerException if undeclared */
    public int locationIndex(String name) {
        return locationIndex.get(name);
    }

    /** Number of locations. */
    public int locationCount() {
        return program.locations().size();
    }

    /** The first event of instruction {@code instr} of {@code thread}, or -1 if it has none. */
    public int firstEvent(int thread, int instr) {
        return instructionEvents[thread][instr];
    }

    /** The number of events of instruction {@code instr} of {@code thread}. */
    public int eventCount(int thread, int instr) {
        return instructionEventCount[thread][instr];
    }

    /** The event of {@code (thread, instr)} with step {@code step}, or -1. */
    public int eventAt(int thread, int instr, int step) {
        int first = instructionEvents[thread][instr];
        if (first < 0) {
            return -1;
        }
        for (int k = 0; k < instructionEventCount[thread][instr]; k++) {
            if (events.get(first + k).step() == step) {
                return first + k;
            }
        }
        return -1;
    }

    /** Queue pair {@code q} (the dense index of {@link Event#qp()}). */
    public QueuePair queuePair(int q) {
        return qps.get(q);
    }

    /** Number of queue pairs. */
    public int queuePairCount() {
        return qps.size();
    }

    /** The polls that are statically blocked (models.md §3.1), as {@code {thread, instruction}}. */
    public List<int[]> blockedPolls() {
        return blockedPolls;
    }

    /** A static built-in set over all potential events (conditional writes included). */
    public EventSet set(Builtin b) {
        EventSet s = sets.get(b);
        if (s == null) {
            throw new IllegalArgumentException("not a static set: " + b.catName());
        }
        return s;
    }

    /** A static built-in relation over all potential events. */
    public Relation relation(Builtin b) {
        Relation r = relations.get(b);
        if (r == null) {
            throw new IllegalArgumentException("not a static relation: " + b.catName());
        }
        return r;
    }

    /** The events that always exist (every event but conditional writes). */
    public EventSet unconditionalEvents() {
        boolean[] members = new boolean[size];
        for (Event e : events) {
            members[e.id()] = !e.conditional();
        }
        return EventSet.of(members);
    }

    /** The completion event of the NIC operation whose first event is {@code first} (models.md §2.3). */
    public int completionEvent(int first) {
        Event e = events.get(first);
        switch (e.op()) {
            case PUT:
                // an inline put's payload travels in its work request: its completion is its remote
                // write under either PUT_COMPLETION (models.md §2.3)
                return flags.putCompletion() == PutCompletion.LOCAL_READ_DONE && !isInline(e) ? first : first + 1;
            case GET:
                return first + 1;
            default:
                return eventAt(e.thread(), e.instruction(), 2);
        }
    }

    /** Whether {@code e} is an event of a signalled NIC operation (language.md §4.2; true for non-NIC events). */
    public boolean isSignaled(Event e) {
        return e.op() == null
                || !(program.threads().get(e.thread()).instructions().get(e.instruction()) instanceof Instruction.NicOperation op)
                || op.signaled();
    }

    /** Whether {@code e} is an event of an inline put ({@code put.inline}, models.md §2.2). */
    public boolean isInline(Event e) {
        return e.op() == OpKind.PUT
                && program.threads().get(e.thread()).instructions().get(e.instruction()) instanceof Instruction.Put put
                && put.inline();
    }

    /**
     * The rao class of a remote RMW's {@code NAR} event under this structure's flags
     * ({@link RaoClass}: its target node or its target location).
     */
    public RaoClass raoClass(Event nar) {
        return RaoClass.of(flags.raoScope(), nar.node(), nar.location(), 0);
    }

    /**
     * The graph of an execution of this structure (its event ids), as the engines produce it.
     *
     * @param values value of every event (0 for events without a value or that do not exist)
     * @param exists whether each event exists
     * @param rf     for every event, the write it reads from, -1 if it is not a read (or does not exist)
     * @param co     per location index, the existing writes in coherence order, initial write first
     * @param rao    per rao class ({@link RaoClass#key()}), its {@code NAR} events in rao order
     */
    public ExecutionGraph graph(long[] values, boolean[] exists, int[] rf, List<List<Integer>> co,
                                Map<String, List<Integer>> rao) {
        List<ExecutionGraph.Location> locations = new ArrayList<>();
        for (int l = 0; l < program.locations().size(); l++) {
            LocationDecl d = program.locations().get(l);
            locations.add(new ExecutionGraph.Location(l, d.home(), d.name(), l, 0));
        }
        List<ExecutionGraph.ThreadInfo> threads = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            threads.add(new ExecutionGraph.ThreadInfo(t.index(), "P" + t.index(), t.node()));
        }
        List<ExecutionGraph.Event> out = new ArrayList<>(size);
        for (Event e : events) {
            int id = e.id();
            int arg = e.kind() == EventLabel.P || e.kind() == EventLabel.RF ? qps.get(e.qp()).node() : -1;
            out.add(new ExecutionGraph.Event(id, e.thread(), e.node(), e.instruction(), 0, e.step(), e.kind(), e.locked(),
                    e.location(), exists[id] ? values[id] : 0, -1, 1, arg, exists[id]));
        }
        return new ExecutionGraph(Map.of(), locations, threads, List.of(), out, rf, co, rao, Map.of(), Map.of(), Map.of());
    }

    // ------------------------------------------------------------------ sets

    private EventSet setOf(java.util.function.Predicate<Event> p) {
        boolean[] members = new boolean[size];
        for (Event e : events) {
            members[e.id()] = p.test(e);
        }
        return EventSet.of(members);
    }

    private void computeSets() {
        sets.put(Builtin.ALL, EventSet.all(size));
        sets.put(Builtin.IW, setOf(e -> e.kind() == EventLabel.IW));
        sets.put(Builtin.R, setOf(e -> e.kind() == EventLabel.R));
        sets.put(Builtin.W, setOf(e -> e.kind() == EventLabel.W));
        sets.put(Builtin.M, setOf(e -> e.kind().isMemory()));
        sets.put(Builtin.F, setOf(e -> e.kind() == EventLabel.F));
        sets.put(Builtin.LOCK, setOf(Event::locked));
        sets.put(Builtin.P, setOf(e -> e.kind() == EventLabel.P));
        sets.put(Builtin.RF, setOf(e -> e.kind() == EventLabel.RF));
        sets.put(Builtin.WT, setOf(e -> e.kind() == EventLabel.WT));
        sets.put(Builtin.GF, setOf(e -> e.kind() == EventLabel.GF));
        sets.put(Builtin.NLR, setOf(e -> e.kind() == EventLabel.NLR));
        sets.put(Builtin.NRW, setOf(e -> e.kind() == EventLabel.NRW));
        sets.put(Builtin.NRR, setOf(e -> e.kind() == EventLabel.NRR));
        sets.put(Builtin.NLW, setOf(e -> e.kind() == EventLabel.NLW));
        sets.put(Builtin.NAR, setOf(e -> e.kind() == EventLabel.NAR));
        sets.put(Builtin.PUT, setOf(e -> e.op() == OpKind.PUT));
        sets.put(Builtin.GET, setOf(e -> e.op() == OpKind.GET));
        sets.put(Builtin.RCAS, setOf(e -> e.op() == OpKind.RCAS));
        sets.put(Builtin.RFAA, setOf(e -> e.op() == OpKind.RFAA));
        sets.put(Builtin.INLINE, setOf(this::isInline));
        sets.put(Builtin.CMP, setOf(e -> e.op() != null && completionEvent(eventAt(e.thread(), e.instruction(), 0)) == e.id()));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Event e : events) {
            sb.append(e.id()).append(": ").append(e.kind()).append(Arrays.toString(new int[] {e.thread(), e.instruction(), e.step()}))
                    .append(e.location() >= 0 ? " " + program.locations().get(e.location()).name() : "").append('\n');
        }
        return sb.toString();
    }
}
