package remo.checker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.litmus.Flag;
import remo.litmus.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.ThreadCode;
import remo.models.Builtin;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The events a program can produce and the static relations of models.md §3, computed once per
 * program and flag setting. Every conditional write (cas, rcas) is present here; a candidate
 * execution selects the existing ones with a mask.
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
    private final Map<Long, Integer> qpIndex = new HashMap<>();
    private final List<int[]> qps = new ArrayList<>();  // qp -> {thread, node}
    private final EnumMap<Builtin, EventSet> sets = new EnumMap<>(Builtin.class);
    private final EnumMap<Builtin, Relation> relations = new EnumMap<>(Builtin.class);
    private final List<int[]> blockedPolls = new ArrayList<>(); // {thread, instruction}
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
            events.add(new Event(events.size(), EventKind.IW, -1, -1, 0, i, locs.get(i).home(), -1, null, null, false, false));
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
        computeRelations();
    }

    private int qp(int thread, int node) {
        long key = ((long) thread << 32) | node;
        Integer q = qpIndex.get(key);
        if (q == null) {
            q = qps.size();
            qpIndex.put(key, q);
            qps.add(new int[] {thread, node});
        }
        return q;
    }

    private void add(EventKind kind, int thread, int instr, int step, String loc, int node, int qp, String tag,
                     NicOpKind op, boolean locked, boolean conditional) {
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
            add(EventKind.R, th, i, 0, x, home, -1, null, null, false, false);
            add(EventKind.W, th, i, 1, x, home, -1, null, null, false, rmw.kind() == Instruction.RmwKind.CAS);
        } else if (ins instanceof Instruction.Load ld) {
            add(EventKind.R, th, i, 0, ld.source().name(), home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.Store st) {
            add(EventKind.W, th, i, 0, st.destination().name(), home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.MFence) {
            add(EventKind.F, th, i, 0, null, home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.LockedRmw rmw) {
            String x = rmw.location().name();
            add(EventKind.R, th, i, 0, x, home, -1, null, null, true, false);
            add(EventKind.W, th, i, 1, x, home, -1, null, null, true, rmw.kind() == Instruction.RmwKind.CAS);
        } else if (ins instanceof Instruction.Await aw) {
            add(EventKind.R, th, i, 0, aw.location().name(), home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.Put put) {
            int q = qp(th, put.node().node());
            String tag = tagOf(put);
            add(EventKind.NLR, th, i, 0, put.source().name(), home, q, tag, NicOpKind.PUT, false, false);
            add(EventKind.NRW, th, i, 1, put.remote().name(), put.node().node(), q, tag, NicOpKind.PUT, false, false);
        } else if (ins instanceof Instruction.Get get) {
            int q = qp(th, get.node().node());
            String tag = tagOf(get);
            add(EventKind.NRR, th, i, 0, get.remote().name(), get.node().node(), q, tag, NicOpKind.GET, false, false);
            add(EventKind.NLW, th, i, 1, get.destination().name(), home, q, tag, NicOpKind.GET, false, false);
        } else if (ins instanceof Instruction.RemoteCas rc) {
            int q = qp(th, rc.node().node());
            String tag = tagOf(rc);
            boolean always = flags.is(Flag.FAILED_RCAS_WRITES, "YES");
            add(EventKind.NAR, th, i, 0, rc.remote().name(), rc.node().node(), q, tag, NicOpKind.RCAS, false, false);
            add(EventKind.NRW, th, i, 1, rc.remote().name(), rc.node().node(), q, tag, NicOpKind.RCAS, false, !always);
            add(EventKind.NLW, th, i, 2, rc.result().name(), home, q, tag, NicOpKind.RCAS, false, false);
        } else if (ins instanceof Instruction.RemoteFaa rf) {
            int q = qp(th, rf.node().node());
            String tag = tagOf(rf);
            add(EventKind.NAR, th, i, 0, rf.remote().name(), rf.node().node(), q, tag, NicOpKind.RFAA, false, false);
            add(EventKind.NRW, th, i, 1, rf.remote().name(), rf.node().node(), q, tag, NicOpKind.RFAA, false, false);
            add(EventKind.NLW, th, i, 2, rf.result().name(), home, q, tag, NicOpKind.RFAA, false, false);
        } else if (ins instanceof Instruction.Poll poll) {
            add(EventKind.P, th, i, 0, null, home, qp(th, poll.node().node()), null, null, false, false);
        } else if (ins instanceof Instruction.RFence rf) {
            add(EventKind.RF, th, i, 0, null, home, qp(th, rf.node().node()), null, null, false, false);
        } else if (ins instanceof Instruction.Wait) {
            add(EventKind.WT, th, i, 0, null, home, -1, null, null, false, false);
        } else if (ins instanceof Instruction.GlobalFence) {
            add(EventKind.GF, th, i, 0, null, home, -1, null, null, false, false);
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

    /** Queue pair {@code q} as {@code {thread, node}}. */
    public int[] queuePair(int q) {
        return qps.get(q).clone();
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
        int[] ids = events.stream().filter(e -> !e.conditional()).mapToInt(Event::id).toArray();
        return EventSet.of(size, ids);
    }

    /** The completion event of the NIC operation whose first event is {@code first} (models.md §2.3). */
    public int completionEvent(int first) {
        Event e = events.get(first);
        switch (e.op()) {
            case PUT:
                return flags.is(Flag.PUT_COMPLETION, "LOCAL_READ_DONE") ? first : first + 1;
            case GET:
                return first + 1;
            default:
                return eventAt(e.thread(), e.instruction(), 2);
        }
    }

    // ------------------------------------------------------------------ sets

    private EventSet setOf(java.util.function.Predicate<Event> p) {
        return EventSet.of(size, events.stream().filter(p).mapToInt(Event::id).toArray());
    }

    private void computeSets() {
        sets.put(Builtin.ALL, EventSet.all(size));
        sets.put(Builtin.IW, setOf(e -> e.kind() == EventKind.IW));
        sets.put(Builtin.R, setOf(e -> e.kind() == EventKind.R));
        sets.put(Builtin.W, setOf(e -> e.kind() == EventKind.W));
        sets.put(Builtin.M, setOf(e -> e.kind().isMemory()));
        sets.put(Builtin.F, setOf(e -> e.kind() == EventKind.F));
        sets.put(Builtin.LOCK, setOf(Event::locked));
        sets.put(Builtin.P, setOf(e -> e.kind() == EventKind.P));
        sets.put(Builtin.RF, setOf(e -> e.kind() == EventKind.RF));
        sets.put(Builtin.WT, setOf(e -> e.kind() == EventKind.WT));
        sets.put(Builtin.GF, setOf(e -> e.kind() == EventKind.GF));
        sets.put(Builtin.NLR, setOf(e -> e.kind() == EventKind.NLR));
        sets.put(Builtin.NRW, setOf(e -> e.kind() == EventKind.NRW));
        sets.put(Builtin.NRR, setOf(e -> e.kind() == EventKind.NRR));
        sets.put(Builtin.NLW, setOf(e -> e.kind() == EventKind.NLW));
        sets.put(Builtin.NAR, setOf(e -> e.kind() == EventKind.NAR));
        sets.put(Builtin.PUT, setOf(e -> e.op() == NicOpKind.PUT));
        sets.put(Builtin.GET, setOf(e -> e.op() == NicOpKind.GET));
        sets.put(Builtin.RCAS, setOf(e -> e.op() == NicOpKind.RCAS));
        sets.put(Builtin.RFAA, setOf(e -> e.op() == NicOpKind.RFAA));
        boolean localRead = flags.is(Flag.PUT_COMPLETION, "LOCAL_READ_DONE");
        sets.put(Builtin.CMP, setOf(e -> (e.op() == NicOpKind.PUT && e.kind() == (localRead ? EventKind.NLR : EventKind.NRW))
                || (e.op() != null && e.op() != NicOpKind.PUT && e.kind() == EventKind.NLW)));
    }

    // ------------------------------------------------------------------ relations

    private void computeRelations() {
        Relation.Builder po = Relation.builder(size);
        Relation.Builder ii = Relation.builder(size);
        Relation.Builder si = Relation.builder(size);
        Relation.Builder sqp = Relation.builder(size);
        Relation.Builder loc = Relation.builder(size);
        Relation.Builder in = Relation.builder(size);
        Relation.Builder ext = Relation.builder(size);
        Relation.Builder node = Relation.builder(size);
        Relation.Builder id = Relation.builder(size);
        Relation.Builder rmw = Relation.builder(size);
        for (Event a : events) {
            for (Event b : events) {
                int x = a.id();
                int y = b.id();
                boolean sameThread = a.thread() >= 0 && a.thread() == b.thread();
                boolean sameInstr = sameThread && a.instruction() == b.instruction();
                if (sameThread && a.instruction() < b.instruction()) {
                    po.add(x, y);
                }
                if (sameInstr && a.step() < b.step()) {
                    ii.add(x, y);
                }
                if (sameInstr || x == y) {
                    si.add(x, y);
                }
                if (a.qp() >= 0 && a.qp() == b.qp()) {
                    sqp.add(x, y);
                }
                if (a.location() >= 0 && a.location() == b.location()) {
                    loc.add(x, y);
                }
                if (sameThread) {
                    in.add(x, y);
                } else if (x != y) {
                    ext.add(x, y);
                }
                if (a.node() == b.node()) {
                    node.add(x, y);
                }
                if (x == y) {
                    id.add(x, y);
                }
                if (sameInstr && ((a.locked() && a.kind() == EventKind.R && b.locked() && b.kind() == EventKind.W)
                        || (a.kind() == EventKind.NAR && b.kind() == EventKind.NRW))) {
                    rmw.add(x, y);
                }
            }
        }
        relations.put(Builtin.PO, po.build());
        relations.put(Builtin.II, ii.build());
        relations.put(Builtin.SI, si.build());
        relations.put(Builtin.SQP, sqp.build());
        relations.put(Builtin.LOC, loc.build());
        relations.put(Builtin.INT, in.build());
        relations.put(Builtin.EXT, ext.build());
        relations.put(Builtin.SAME_NODE, node.build());
        relations.put(Builtin.ID, id.build());
        relations.put(Builtin.PO_LOC, po.build().intersection(loc.build()));
        relations.put(Builtin.RMW, rmw.build());
        computePollAndWaitMatching();
    }

    /** First events of NIC operations of thread {@code t}, in program order. */
    private List<Integer> nicOperations(int thread) {
        List<Integer> ops = new ArrayList<>();
        for (Event e : events) {
            if (e.thread() == thread && e.op() != null && e.step() == 0) {
                ops.add(e.id());
            }
        }
        return ops;
    }

    private void computePollAndWaitMatching() {
        Relation.Builder pm = Relation.builder(size);
        Relation.Builder wm = Relation.builder(size);
        boolean perThread = flags.is(Flag.POLL_SCOPE, "PER_THREAD");
        for (ThreadCode t : program.threads()) {
            List<Integer> ops = nicOperations(t.index());
            Map<Integer, Integer> pollsPerScope = new HashMap<>();
            for (Event e : events) {
                if (e.thread() != t.index()) {
                    continue;
                }
                if (e.kind() == EventKind.P) {
                    int scope = perThread ? -1 : e.qp();
                    int k = pollsPerScope.merge(scope, 1, Integer::sum);
                    int seen = 0;
                    int matched = -1;
                    for (int op : ops) {
                        if (perThread || events.get(op).qp() == scope) {
                            seen++;
                            if (seen == k) {
                                matched = op;
                                break;
                            }
                        }
                    }
                    if (matched >= 0 && events.get(matched).instruction() < e.instruction()) {
                        pm.add(completionEvent(matched), e.id());
                    } else {
                        blockedPolls.add(new int[] {e.thread(), e.instruction()});
                    }
                } else if (e.kind() == EventKind.WT) {
                    String d = ((Instruction.Wait) t.instructions().get(e.instruction())).id().name();
                    for (int op : ops) {
                        Event o = events.get(op);
                        if (d.equals(o.tag()) && o.instruction() < e.instruction()) {
                            wm.add(completionEvent(op), e.id());
                        }
                    }
                }
            }
        }
        relations.put(Builtin.PM, pm.build());
        relations.put(Builtin.WM, wm.build());
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
