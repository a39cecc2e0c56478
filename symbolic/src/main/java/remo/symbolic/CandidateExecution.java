package remo.symbolic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kodkod.ast.Relation;
import kodkod.instance.Instance;
import kodkod.instance.Tuple;
import kodkod.instance.TupleSet;

/**
 * An execution found by a symbolic query, as plain data: its events (models.md §2.2) with their
 * threads, instructions, locations and nodes, and the witnesses {@code rf}, {@code co} and
 * {@code rao} (models.md §4.1). Writes are numbered as events {@code 0 … n-1} followed by the initial write
 * of location {@code l} as {@code n + l}. Locations, nodes and work ids are numbered in order of
 * first use (nodes from 1). Immutable.
 */
public final class CandidateExecution {

    /**
     * One real event.
     *
     * @param id          index among the real events
     * @param thread      thread index
     * @param instruction index of its instruction in the thread
     * @param step        position in the instruction's events
     * @param location    location index, or -1
     * @param target      target node of a NIC event, poll or rfence, or 0
     * @param workId      work id index of a NIC operation's first event or of a wait, or -1
     */
    public record Event(int id, int thread, int instruction, int step, int location, int target, int workId,
                        String label) {
    }

    private final List<Event> events;
    private final List<EventType> types;
    private final int[] threadNodes;
    private final int[] homes;
    private final int[] readsFrom;
    private final List<int[]> co;
    private final List<int[]> rao;

    private CandidateExecution(List<Event> events, List<EventType> types, int[] threadNodes, int[] homes, int[] readsFrom,
                               List<int[]> co, List<int[]> rao) {
        this.events = List.copyOf(events);
        this.types = List.copyOf(types);
        this.threadNodes = threadNodes;
        this.homes = homes;
        this.readsFrom = readsFrom;
        this.co = co;
        this.rao = rao;
    }

    /** The real events in canonical order (thread by thread, program order, step order). */
    public List<Event> events() {
        return events;
    }

    /** Number of real events. */
    public int size() {
        return events.size();
    }

    /** Number of threads. */
    public int threadCount() {
        return threadNodes.length;
    }

    /** The node of thread {@code t}. */
    public int threadNode(int t) {
        return threadNodes[t];
    }

    /** Number of declared locations. */
    public int locationCount() {
        return homes.length;
    }

    /** The home node of location {@code l}. */
    public int home(int l) {
        return homes[l];
    }

    /** The write that read event {@code e} reads from (an event id, or {@code size() + l} for an initial write), or -1. */
    public int source(int e) {
        return readsFrom[e];
    }

    /** The co pairs (write ids), transitively closed. */
    public List<int[]> co() {
        return Collections.unmodifiableList(co);
    }

    /** The rao pairs of the first side (event ids). */
    public List<int[]> rao() {
        return Collections.unmodifiableList(rao);
    }

    /** Number of real write events. */
    public int writeCount() {
        int w = 0;
        for (EventType t : types) {
            w += t.kind().isWrite() ? 1 : 0;
        }
        return w;
    }

    EventType type(int e) {
        return types.get(e);
    }

    /** The location written by write {@code w} (event id or initial write). */
    int writeLocation(int w) {
        return w >= size() ? w - size() : events.get(w).location();
    }

    /** The writes to location {@code l} in co order, the initial write first. */
    List<Integer> coOrder(int l) {
        List<Integer> ws = new ArrayList<>();
        ws.add(size() + l);
        for (Event e : events) {
            if (e.location() == l && type(e.id()).kind().isWrite()) {
                ws.add(e.id());
            }
        }
        ws.sort((a, b) -> a == b ? 0 : before(a, b) ? -1 : 1);
        return ws;
    }

    private boolean before(int a, int b) {
        for (int[] p : co) {
            if (p[0] == a && p[1] == b) {
                return true;
            }
        }
        return false;
    }

    /** The name of write {@code w} for {@link #describe}. */
    String writeName(int w, List<String> locationNames) {
        return w >= size() ? "IW(" + locationNames.get(w - size()) + ")" : "e" + w;
    }

    /**
     * A readable description: one line per thread with its events, then rf, co and rao.
     *
     * @param locationNames the name of every location
     */
    public String describe(List<String> locationNames) {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < threadCount(); t++) {
            sb.append("  P").append(t).append('@').append(threadNodes[t]).append(':');
            int instr = -1;
            for (Event e : events) {
                if (e.thread() != t) {
                    continue;
                }
                sb.append(e.instruction() != instr ? (instr < 0 ? " " : " ; ") : " ");
                instr = e.instruction();
                sb.append('e').append(e.id()).append(' ').append(e.label());
                if (e.location() >= 0) {
                    sb.append('(').append(locationNames.get(e.location())).append(')');
                }
            }
            sb.append('\n');
        }
        List<String> rf = new ArrayList<>();
        for (int e = 0; e < size(); e++) {
            if (readsFrom[e] >= 0) {
                rf.add(writeName(readsFrom[e], locationNames) + "->e" + e);
            }
        }
        sb.append("  rf: ").append(rf.isEmpty() ? "-" : String.join(" ", rf)).append('\n');
        List<String> cos = new ArrayList<>();
        for (int l = 0; l < locationCount(); l++) {
            List<Integer> order = coOrder(l);
            if (order.size() > 1) {
                List<String> names = new ArrayList<>();
                for (int w : order) {
                    names.add(writeName(w, locationNames));
                }
                cos.add(String.join("<", names));
            }
        }
        sb.append("  co: ").append(cos.isEmpty() ? "-" : String.join(" ", cos)).append('\n');
        if (!rao.isEmpty()) {
            List<String> r = new ArrayList<>();
            for (int[] p : rao) {
                r.add("e" + p[0] + "<e" + p[1]);
            }
            sb.append("  rao: ").append(String.join(" ", r)).append('\n');
        }
        return sb.toString();
    }

    /** Reads the execution of a satisfying instance of {@code problem}. */
    static CandidateExecution read(ComparisonProblem problem, Instance instance) {
        SkeletonUniverse u = problem.u;
        ProgramSkeleton p = problem.program;
        int n = u.scope.events();
        EventType[] type = new EventType[n];
        for (Map.Entry<EventType, Relation> t : p.type.entrySet()) {
            for (Tuple tu : instance.tuples(t.getValue())) {
                type[u.eventIndex(tu.atom(0))] = t.getKey();
            }
        }
        int[] thread = function(instance.tuples(p.thread), u::eventIndex, u::threadIndex, n);
        int[] locAtom = function(instance.tuples(p.location), u::eventIndex, u::locationIndex, n);
        int[] targetAtom = function(instance.tuples(p.target), u::eventIndex, u::nodeIndex, n);
        int[] tagAtom = function(instance.tuples(p.workId), u::eventIndex, u::workIdIndex, n);
        int[] waitAtom = function(instance.tuples(p.waitId), u::eventIndex, u::workIdIndex, n);
        for (int e = 0; e < n; e++) {
            tagAtom[e] = Math.max(tagAtom[e], waitAtom[e]);
        }
        int threads = 0;
        for (int t : thread) {
            threads = Math.max(threads, t + 1);
        }
        int[] threadNodeAtom = function(instance.tuples(p.threadNode), u::threadIndex, u::nodeIndex, threads);
        int[] homeAtom = function(instance.tuples(p.home), u::locationIndex, u::nodeIndex, u.scope.locations());
        // locations in order of first use, then the declared unused ones
        Map<Integer, Integer> locs = new LinkedHashMap<>();
        for (int e = 0; e < n; e++) {
            if (locAtom[e] >= 0) {
                locs.putIfAbsent(locAtom[e], locs.size());
            }
        }
        for (Tuple tu : instance.tuples(p.declared)) {
            locs.putIfAbsent(u.locationIndex(tu.atom(0)), locs.size());
        }
        Map<Integer, Integer> nodes = new LinkedHashMap<>();
        for (int t = 0; t < threads; t++) {
            nodes.putIfAbsent(threadNodeAtom[t], nodes.size() + 1);
        }
        for (int l : locs.keySet()) {
            nodes.putIfAbsent(homeAtom[l], nodes.size() + 1);
        }
        Map<Integer, Integer> tags = new LinkedHashMap<>();
        for (int e = 0; e < n; e++) {
            if (tagAtom[e] >= 0) {
                tags.putIfAbsent(tagAtom[e], tags.size());
            }
        }
        List<Event> events = new ArrayList<>();
        int instr = -1;
        int step = 0;
        for (int e = 0; e < n; e++) {
            boolean first = e == 0 || thread[e] != thread[e - 1] || isHead(type[e]);
            if (e == 0 || thread[e] != thread[e - 1]) {
                instr = -1;
            }
            if (first) {
                instr++;
                step = 0;
            } else {
                step++;
            }
            events.add(new Event(e, thread[e], instr, step, locAtom[e] < 0 ? -1 : locs.get(locAtom[e]),
                    targetAtom[e] < 0 ? 0 : nodes.computeIfAbsent(targetAtom[e], k -> nodes.size() + 1),
                    tagAtom[e] < 0 ? -1 : tags.get(tagAtom[e]), type[e].kind().name() + (type[e].locked() ? "*" : "")
                    + (type[e] == EventType.RCAS_WRITE_BACK ? "-writeback" : "")));
        }
        int[] threadNodes = new int[threads];
        for (int t = 0; t < threads; t++) {
            threadNodes[t] = nodes.get(threadNodeAtom[t]);
        }
        int[] homes = new int[locs.size()];
        for (Map.Entry<Integer, Integer> l : locs.entrySet()) {
            homes[l.getValue()] = nodes.computeIfAbsent(homeAtom[l.getKey()], k -> nodes.size() + 1);
        }
        java.util.function.ToIntFunction<Object> write = atom -> {
            int e = u.eventIndex(atom);
            return e >= 0 ? e : n + locs.get(u.locationIndex(atom));
        };
        int[] readsFrom = new int[n];
        java.util.Arrays.fill(readsFrom, -1);
        for (Tuple tu : instance.tuples(problem.witnesses.readsFrom)) {
            readsFrom[u.eventIndex(tu.atom(0))] = write.applyAsInt(tu.atom(1));
        }
        List<int[]> co = new ArrayList<>();
        for (Tuple tu : instance.tuples(problem.witnesses.co)) {
            co.add(new int[] {write.applyAsInt(tu.atom(0)), write.applyAsInt(tu.atom(1))});
        }
        List<int[]> rao = new ArrayList<>();
        for (Tuple tu : instance.tuples(problem.rao1)) {
            rao.add(new int[] {u.eventIndex(tu.atom(0)), u.eventIndex(tu.atom(1))});
        }
        return new CandidateExecution(events, List.of(type), threadNodes, homes, readsFrom, co, rao);
    }

    private static boolean isHead(EventType t) {
        for (InstructionShape s : InstructionShape.values()) {
            if (s.events().indexOf(t) > 0) {
                return false;
            }
        }
        return true;
    }

    private static int[] function(TupleSet tuples, java.util.function.ToIntFunction<Object> from,
                                  java.util.function.ToIntFunction<Object> to, int size) {
        int[] out = new int[size];
        java.util.Arrays.fill(out, -1);
        for (Tuple t : tuples) {
            out[from.applyAsInt(t.atom(0))] = to.applyAsInt(t.atom(1));
        }
        return out;
    }
}
