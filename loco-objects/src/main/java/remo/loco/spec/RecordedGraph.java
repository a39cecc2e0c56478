package remo.loco.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;

/**
 * A recorded execution graph (nic.md §6) as the Mowgli specifications read it. This is the one
 * class that reads the NIC's {@link ExecutionGraph}: every event is flattened into an
 * {@link Event} with its thread, call index, label, location (region name, home, offset), value and
 * NIC op; {@code rf} and {@code co} are kept by event id. When the graph type moves (to
 * {@code remo.core.graph}), only {@link #of} changes.
 */
public final class RecordedGraph {

    /**
     * One event.
     *
     * @param id      dense id, as in the recorded graph (the index into its relations)
     * @param thread  thread index, -1 for initial writes
     * @param threadName the thread's name, {@code init} for initial writes
     * @param node    where it is performed
     * @param po      the index of its API call within the thread (NIC events: of the posting call)
     * @param sub     word index of a NIC event within its request
     * @param label   the event label
     * @param locked  whether it belongs to a locked CPU RMW
     * @param region  region name of a memory event, else {@code null}
     * @param home    home node of that region, else 0
     * @param offset  word offset, else -1
     * @param value   value read or written
     * @param op      op index of a NIC event, else -1
     * @param opKind  kind of its op, else {@code null}
     * @param target  target node of its op (and of {@code RF}), else 0
     * @param workId  work id label of its op, else {@code null}
     * @param flushed whether its op was flushed by a fault (nic.md §7.2)
     * @param repeat  how many identical consecutive reads it stands for (spin compression, nic.md §6.3):
     *                the reads of calls {@code po .. po + repeat - 1}
     */
    public record Event(int id, int thread, String threadName, int node, long po, int sub, EventLabel label, boolean locked,
                        String region, int home, int offset, long value, int op, OpKind opKind, int target,
                        String workId, boolean flushed, int repeat) {

        /** Whether this event accesses word {@code offset} of region {@code region} (any home). */
        public boolean at(String regionName, int off) {
            return regionName.equals(region) && off == offset;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(threadName).append('#').append(po).append(':').append(label);
            if (region != null) {
                sb.append('(').append(region).append('[').append(offset).append("]@").append(home).append('=')
                        .append(value).append(')');
            }
            if (opKind != null) {
                sb.append(" op ").append(opKind).append("->").append(target);
            }
            return sb.toString();
        }
    }

    /**
     * One recorded NIC op (one word of a request, nic.md §6.3), with or without events.
     *
     * @param index   op index in the trace
     * @param thread  issuing thread index
     * @param po      index of its posting call
     * @param kind    PUT, GET, RCAS or RFAA
     * @param target  target node
     * @param flushed whether a fault flushed it
     */
    public record OpRecord(int index, int thread, long po, OpKind kind, int target, boolean flushed) {
    }

    private final List<Event> events;
    private final List<OpRecord> ops = new ArrayList<>();
    private final int[] rf;
    private final Map<Integer, List<Integer>> coByLocation;
    private final int[] location;
    private final Map<String, Integer> threads;
    private final List<Integer> threadNodes;
    private final Map<String, List<Integer>> rao;
    private final List<List<Integer>> byThread;

    private RecordedGraph(List<Event> events, int[] rf, Map<Integer, List<Integer>> co, int[] location,
                          Map<String, Integer> threads, List<Integer> threadNodes, Map<String, List<Integer>> rao) {
        this.events = List.copyOf(events);
        this.rf = rf;
        this.coByLocation = co;
        this.location = location;
        this.threads = threads;
        this.threadNodes = threadNodes;
        this.rao = rao;
        this.byThread = new ArrayList<>();
        for (int t = 0; t < threadNodes.size(); t++) {
            byThread.add(new ArrayList<>());
        }
        for (Event e : events) {
            if (e.thread() >= 0) {
                byThread.get(e.thread()).add(e.id());
            }
        }
        for (List<Integer> l : byThread) {
            l.sort((a, b) -> {
                Event x = this.events.get(a);
                Event y = this.events.get(b);
                int c = Long.compare(x.po(), y.po());
                if (c != 0) {
                    return c;
                }
                c = Integer.compare(x.sub(), y.sub());
                return c != 0 ? c : Integer.compare(a, b);
            });
        }
    }

    /** Reads a graph recorded by the simulated NIC. */
    public static RecordedGraph of(ExecutionGraph g) {
        List<Event> out = new ArrayList<>();
        int n = g.events().size();
        int[] rf = new int[n];
        int[] loc = new int[n];
        for (ExecutionGraph.Event e : g.events()) {
            ExecutionGraph.Location l = e.location() >= 0 ? g.locations().get(e.location()) : null;
            ExecutionGraph.OpInfo o = e.op() >= 0 ? g.ops().get(e.op()) : null;
            String thread = e.thread() >= 0 ? g.threads().get(e.thread()).name() : "init";
            int target = o != null ? o.target() : e.label() == EventLabel.RF ? e.arg() : 0;
            out.add(new Event(e.id(), e.thread(), thread, e.node(), e.po(), e.sub(), e.label(), e.locked(),
                    l == null ? null : l.region(), l == null ? 0 : l.node(), l == null ? -1 : l.offset(), e.value(), e.op(),
                    o == null ? null : o.kind(), target, o == null ? null : o.workId(),
                    o != null && o.status() == remo.core.rdma.OpStatus.FLUSHED, e.repeat()));
            rf[e.id()] = g.rf(e.id());
            loc[e.id()] = e.location();
        }
        Map<Integer, List<Integer>> co = new HashMap<>();
        for (int i = 0; i < g.co().size(); i++) {
            List<Integer> writes = g.co().get(i);
            if (!writes.isEmpty()) {
                co.put(g.events().get(writes.get(0)).location(), List.copyOf(writes));
            }
        }
        Map<String, Integer> threads = new HashMap<>();
        List<Integer> nodes = new ArrayList<>();
        for (ExecutionGraph.ThreadInfo t : g.threads()) {
            threads.put(t.name(), t.index());
            nodes.add(t.node());
        }
        Map<String, List<Integer>> rao = new HashMap<>();
        g.rao().forEach((k, v) -> rao.put(k, List.copyOf(v)));
        RecordedGraph rg = new RecordedGraph(out, rf, co, loc, Collections.unmodifiableMap(threads), List.copyOf(nodes),
                Collections.unmodifiableMap(rao));
        for (ExecutionGraph.OpInfo o : g.ops()) {
            rg.ops.add(new OpRecord(o.index(), o.thread(), o.po(), o.kind(), o.target(),
                    o.status() == remo.core.rdma.OpStatus.FLUSHED));
        }
        return rg;
    }

    /** Number of events (the size of a relation over them). */
    public int size() {
        return events.size();
    }

    /** Event {@code id}. */
    public Event event(int id) {
        return events.get(id);
    }

    /** All events by id. */
    public List<Event> events() {
        return events;
    }

    /** The write read by {@code read}, or -1. */
    public int rf(int read) {
        return rf[read];
    }

    /** The writes of the word of {@code e} in coherence order (starting with its initial write). */
    public List<Integer> co(Event e) {
        return coByLocation.getOrDefault(location[e.id()], List.of());
    }

    /** The writes of word {@code offset} of region {@code region} on {@code home}, in coherence order; empty if untouched. */
    public List<Integer> co(String region, int home, int offset) {
        for (Event e : events) {
            if (e.label() == EventLabel.IW && region.equals(e.region()) && e.home() == home && e.offset() == offset) {
                return co(e);
            }
        }
        return List.of();
    }

    /** The value of word {@code offset} of region {@code region} on {@code home} at the end (the co-last write); {@code dflt} if untouched. */
    public long finalValue(String region, int home, int offset, long dflt) {
        List<Integer> c = co(region, home, offset);
        return c.isEmpty() ? dflt : events.get(c.get(c.size() - 1)).value();
    }

    /** The index of thread {@code name}, or -1. */
    public int thread(String name) {
        return threads.getOrDefault(name, -1);
    }

    /** The node of thread {@code index}. */
    public int nodeOf(int thread) {
        return threadNodes.get(thread);
    }

    /**
     * The events of thread {@code name} of the calls with index in {@code [fromPo, toPo]}, in program
     * order; a spin-compressed read belongs to every call it stands for.
     */
    public List<Event> eventsOf(String thread, long fromPo, long toPo) {
        int t = thread(thread);
        List<Event> out = new ArrayList<>();
        if (t < 0) {
            return out;
        }
        for (int id : byThread.get(t)) {
            Event e = events.get(id);
            if (e.po() <= toPo && e.po() + e.repeat() - 1 >= fromPo) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The ops posted by thread {@code name} in calls {@code fromPo..toPo} that were flushed by a fault,
     * as {@code KIND->target (call po)} descriptions.
     */
    public List<String> flushedOps(String thread, long fromPo, long toPo, java.util.function.Predicate<OpKind> kinds) {
        List<String> out = new ArrayList<>();
        int t = thread(thread);
        for (OpRecord o : ops) {
            if (o.thread() == t && o.po() >= fromPo && o.po() <= toPo && o.flushed() && kinds.test(o.kind())) {
                out.add(o.kind() + "->" + o.target() + " (call " + o.po() + ")");
            }
        }
        return out;
    }

    /** Whether some op of the run was flushed by a fault. */
    public boolean anyFlushed() {
        return ops.stream().anyMatch(OpRecord::flushed);
    }

    /** Per rao class, the {@code NAR} events in the order they took the unit. */
    public Map<String, List<Integer>> rao() {
        return rao;
    }
}
