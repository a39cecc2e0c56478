package remo.checker;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.core.PollScope;
import remo.core.rdma.EventLabel;
import remo.core.rdma.PollMatching;
import remo.core.rdma.QueuePair;
import remo.litmus.Instruction;
import remo.litmus.ThreadCode;
import remo.models.Builtin;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The static relations of models.md §3 over the events of an {@link EventStructure}: {@code po},
 * {@code ii}, {@code si}, {@code sqp}, {@code loc}, {@code int}, {@code ext}, {@code same-node},
 * {@code id}, {@code po-loc}, {@code rmw}, and the poll and wait matchings {@code pm} and {@code wm}
 * (with the polls that match no operation, which are statically blocked). Computed once, when the
 * structure is built; kept apart from it because the structure's job is the events and their
 * lookup, this class's the relations between them.
 */
final class StaticRelations {
    private final EventStructure structure;
    private final List<Event> events;
    private final int size;
    private final EnumMap<Builtin, Relation> relations = new EnumMap<>(Builtin.class);
    private final List<int[]> blockedPolls = new ArrayList<>(); // {thread, instruction}

    /**
     * Computes the relations of {@code structure}.
     *
     * @param structure a structure whose events, instruction index, queue pairs and sets are built
     *                  (its relations are what this computes)
     * @param events    its events, in id order
     */
    StaticRelations(EventStructure structure, List<Event> events) {
        this.structure = structure;
        this.events = events;
        this.size = events.size();
        computeRelations();
        computePollAndWaitMatching();
    }

    /** The relations, by built-in name. */
    EnumMap<Builtin, Relation> relations() {
        return relations;
    }

    /** The polls that are statically blocked (models.md §3.1), as {@code {thread, instruction}}. */
    List<int[]> blockedPolls() {
        return blockedPolls;
    }

    /**
     * The static relations of models.md §3, a row a word at a time from groups of events (O(n²/64)
     * words, not n² pair tests: recorded traces have thousands of events). It relies on the
     * structure's order: a thread's and an instruction's events are consecutive ids, in po.
     */
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
        Map<Integer, EventSet> qpSets = groups(Event::qp);
        Map<Integer, EventSet> locationSets = groups(Event::location);
        Map<Integer, EventSet> nodeSets = groups(Event::node); // litmus nodes are positive
        int threadCount = structure.program().threads().size();
        int[] threadStart = new int[threadCount];
        int[] threadEnd = new int[threadCount];
        for (Event e : events) {
            if (e.thread() >= 0) {
                threadStart[e.thread()] = threadEnd[e.thread()] == 0 ? e.id() : threadStart[e.thread()];
                threadEnd[e.thread()] = e.id() + 1;
            }
        }
        for (Event a : events) {
            int x = a.id();
            int t = a.thread();
            id.add(x, x);
            si.add(x, x);
            if (t >= 0) {
                int first = structure.firstEvent(t, a.instruction());
                int end = first + structure.eventCount(t, a.instruction());
                po.addRange(x, end, threadEnd[t]);
                in.addRange(x, threadStart[t], threadEnd[t]);
                ext.addRange(x, 0, threadStart[t]);
                ext.addRange(x, threadEnd[t], size);
                for (int y = first; y < end; y++) {
                    Event b = events.get(y);
                    si.add(x, y);
                    if (a.step() < b.step()) {
                        ii.add(x, y);
                    }
                    if ((a.locked() && a.kind() == EventLabel.R && b.locked() && b.kind() == EventLabel.W)
                            || (a.kind() == EventLabel.NAR && b.kind() == EventLabel.NRW)) {
                        rmw.add(x, y);
                    }
                }
            } else {
                ext.addRange(x, 0, x);
                ext.addRange(x, x + 1, size);
            }
            if (a.qp() >= 0) {
                sqp.addRow(x, qpSets.get(a.qp()));
            }
            if (a.location() >= 0) {
                loc.addRow(x, locationSets.get(a.location()));
            }
            node.addRow(x, nodeSets.get(a.node()));
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
    }

    /** The events by a non-negative key (negative: no group), as sets. */
    private Map<Integer, EventSet> groups(java.util.function.ToIntFunction<Event> key) {
        Map<Integer, boolean[]> members = new HashMap<>();
        for (Event e : events) {
            int k = key.applyAsInt(e);
            if (k >= 0) {
                members.computeIfAbsent(k, x -> new boolean[size])[e.id()] = true;
            }
        }
        Map<Integer, EventSet> out = new HashMap<>();
        members.forEach((k, m) -> out.put(k, EventSet.of(m)));
        return out;
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

    /**
     * {@code pm} and {@code wm} (models.md §3.1): the k-th poll of a scope matches the completion of
     * the scope's k-th signalled NIC operation if that operation comes before it (else the poll is
     * blocked), and the completions of the unsignalled operations of its queue pair before it;
     * a wait matches the completions of the earlier operations with its work id.
     */
    private void computePollAndWaitMatching() {
        Relation.Builder pm = Relation.builder(size);
        Relation.Builder wm = Relation.builder(size);
        PollScope scope = structure.flags().pollScope();
        for (ThreadCode t : structure.program().threads()) {
            List<Integer> ops = nicOperations(t.index());
            Map<QueuePair, Integer> pollsPerScope = new HashMap<>();
            for (Event e : events) {
                if (e.thread() != t.index()) {
                    continue;
                }
                if (e.kind() == EventLabel.P) {
                    QueuePair key = PollMatching.scope(scope, structure.queuePair(e.qp()));
                    int k = pollsPerScope.merge(key, 1, Integer::sum);
                    int seen = 0;
                    int matched = -1;
                    for (int op : ops) {
                        if (PollMatching.inScope(scope, key, structure.queuePair(events.get(op).qp()))
                                && PollMatching.numbered(structure.isSignaled(events.get(op)))) {
                            seen++;
                            if (seen == k) {
                                matched = op;
                                break;
                            }
                        }
                    }
                    if (matched >= 0 && events.get(matched).instruction() < e.instruction()) {
                        pm.add(structure.completionEvent(matched), e.id());
                        Event m = events.get(matched);
                        for (int op : ops) {
                            Event o = events.get(op);
                            if (PollMatching.retiredWith(structure.queuePair(m.qp()), m.instruction(), structure.queuePair(o.qp()),
                                    o.instruction(), structure.isSignaled(o))) {
                                pm.add(structure.completionEvent(op), e.id());
                            }
                        }
                    } else {
                        blockedPolls.add(new int[] {e.thread(), e.instruction()});
                    }
                } else if (e.kind() == EventLabel.WT) {
                    String d = ((Instruction.Wait) t.instructions().get(e.instruction())).id().name();
                    for (int op : ops) {
                        Event o = events.get(op);
                        if (d.equals(o.tag()) && o.instruction() < e.instruction()) {
                            wm.add(structure.completionEvent(op), e.id());
                        }
                    }
                }
            }
        }
        relations.put(Builtin.PM, pm.build());
        relations.put(Builtin.WM, wm.build());
    }
}
