package remo.core.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;

/**
 * The one execution-graph value type (models.md §4, operational.md §6.2, nic.md §6): events with
 * values, the identities that give {@code po}/{@code ii}/{@code sqp}, and the witnesses {@code rf},
 * {@code co} and {@code rao}. The axiomatic enumerator and the operational explorer produce it for
 * a program's event structure (event ids are the structure's); the simulated NIC's recorder
 * produces it for a run, adding what only a run has: its metadata, the recorded ops with their
 * final status, and the recorded poll, wait and gf matching. Fixed-graph checking, the DOT, JSON
 * and HTML writers and trace conformance consume it. Immutable.
 *
 * <p>A program's graph lists every event of its event structure, those the execution does not
 * perform (the write of a failed {@code cas}) with {@link Event#exists()} false; its ops, metadata
 * and matching are empty (the engines' {@code pm} and {@code wm} are static, models.md §3.1–§3.2).
 * A NIC graph lists the performed events only. The NIC's trace format {@code rdma-egraph/1}
 * (nic.md §6.4) is written by the NIC module.
 */
public final class ExecutionGraph {

    /**
     * A location: a word touched by a run, or a location of a program (then {@code region} is its
     * name, {@code regionId} its index and {@code offset} 0).
     *
     * @param index    dense location index
     * @param node     home node
     * @param region   region name (a program's location name)
     * @param regionId region id (a program's location index)
     * @param offset   word offset (0 for a program's location)
     */
    public record Location(int index, int node, String region, long regionId, int offset) {
        @Override
        public String toString() {
            return region + "[" + offset + "]@" + node;
        }
    }

    /**
     * A thread.
     *
     * @param index spawn order (a program's thread index), from 0
     * @param name  the thread name ({@code P0}, … for a program)
     * @param node  its node
     */
    public record ThreadInfo(int index, String name, int node) {
    }

    /**
     * One recorded NIC operation (a multi-word WR is recorded as one op per word, nic.md §6.3).
     *
     * @param index       dense op index in the graph
     * @param thread      issuing thread index
     * @param po          index of the posting call within the thread
     * @param sub         word index within its WR (0 for one-word WRs)
     * @param opId        the WR's id ({@code Op.id()} of the NIC API)
     * @param kind        PUT, GET, RCAS or RFAA
     * @param target      target node
     * @param workId      work id label, or {@code null}
     * @param workIdIndex the work id's index within its thread (creation order; labels need not be
     *                    unique), -1 without a work id
     * @param loopback    whether the target is the issuer's node
     * @param events      its events, in step order
     * @param status      final status of the WR
     * @param failedRcas  whether it is an rcas whose compare failed
     * @param incomplete  whether some of its steps never happened (flushed, crash)
     * @param inline      whether it is a word of an inline put (its NLR made by the CPU at posting,
     *                    language.md §4.2)
     * @param unsignaled  whether it is an unsignalled request (no completion of its own, language.md §4.2)
     */
    public record OpInfo(int index, int thread, long po, int sub, long opId, OpKind kind, int target, String workId,
                         int workIdIndex, boolean loopback, List<Integer> events, OpStatus status, boolean failedRcas,
                         boolean incomplete, boolean inline, boolean unsignaled) {
        public OpInfo {
            events = List.copyOf(events);
        }

        /** A signalled operation that is not an inline put. */
        public OpInfo(int index, int thread, long po, int sub, long opId, OpKind kind, int target, String workId,
                      int workIdIndex, boolean loopback, List<Integer> events, OpStatus status, boolean failedRcas,
                      boolean incomplete) {
            this(index, thread, po, sub, opId, kind, target, workId, workIdIndex, loopback, events, status, failedRcas,
                    incomplete, false, false);
        }
    }

    /**
     * One event.
     *
     * @param id       dense id (creation order; a program's event id in graphs of its structure)
     * @param thread   thread index, -1 for initial writes
     * @param node     where it is performed
     * @param po       index of its API call within the thread (NIC events: of the posting call; a
     *                 program's instruction index); -1 for IW
     * @param sub      word index of a NIC event within its WR (0 in a program's graph)
     * @param ii       step within its call (models.md §2.1 step numbers; locked RMW: R 0, W 1)
     * @param label    the label
     * @param locked   whether it belongs to a locked CPU RMW
     * @param location location index for memory events, else -1
     * @param value    value read or written (0 for non-memory events and events that do not exist)
     * @param op       op index of a NIC event in a NIC graph, else -1
     * @param repeat   how many identical spin reads this event stands for (nic.md §6.3), at least 1
     * @param arg      marker argument (an addition to nic.md §6.1, needed to rebuild the call from the
     *                 trace): the target node of {@code RF} and {@code P}, the work-id index (creation
     *                 order within the thread) of {@code WT} in a NIC graph; -1 for other events
     * @param exists   whether the execution performs it (false only for a conditional write of a
     *                 program's graph that did not happen, models.md §2.2)
     */
    public record Event(int id, int thread, int node, long po, int sub, int ii, EventLabel label, boolean locked, int location,
                        long value, int op, int repeat, int arg, boolean exists) {

        /** A performed event (every event a run records). */
        public Event(int id, int thread, int node, long po, int sub, int ii, EventLabel label, boolean locked, int location,
                     long value, int op, int repeat, int arg) {
            this(id, thread, node, po, sub, ii, label, locked, location, value, op, repeat, arg, true);
        }
    }

    private final Map<String, String> meta;
    private final List<Location> locations;
    private final List<ThreadInfo> threads;
    private final List<OpInfo> ops;
    private final List<Event> events;
    private final int[] rf;
    private final List<List<Integer>> co;
    private final Map<String, List<Integer>> rao;
    private final Map<Integer, List<Integer>> wm;
    private final Map<Integer, List<Integer>> gfm;
    private final Map<Integer, Integer> pm;

    /**
     * @param meta      run metadata (empty for a program's graph)
     * @param locations the locations, by index
     * @param threads   the threads, by index
     * @param ops       the recorded ops, by index (empty for a program's graph)
     * @param events    the events, by id
     * @param rf        for each event id, the write it reads from; -1 for events that are not reads
     *                  or do not exist
     * @param co        for each location index, its writes in coherence order, initial write first
     * @param rao       for each rao class (its {@link remo.core.rdma.RaoClass#key()}), its {@code NAR}
     *                  events in rao order
     * @param wm        recorded wait matching: each {@code WT} event to the ops it covered
     * @param gfm       recorded gf matching: each {@code GF} event to the ops it covered
     * @param pm        recorded poll matching: each {@code P} event to the op it consumed
     */
    public ExecutionGraph(Map<String, String> meta, List<Location> locations, List<ThreadInfo> threads, List<OpInfo> ops,
                          List<Event> events, int[] rf, List<List<Integer>> co, Map<String, List<Integer>> rao,
                          Map<Integer, List<Integer>> wm, Map<Integer, List<Integer>> gfm, Map<Integer, Integer> pm) {
        this.meta = Collections.unmodifiableMap(new LinkedHashMap<>(meta));
        this.locations = List.copyOf(locations);
        this.threads = List.copyOf(threads);
        this.ops = List.copyOf(ops);
        this.events = List.copyOf(events);
        this.rf = rf.clone();
        this.co = co.stream().map(List::copyOf).toList();
        this.rao = Collections.unmodifiableMap(new LinkedHashMap<>(rao));
        this.wm = Collections.unmodifiableMap(new TreeMap<>(wm));
        this.gfm = Collections.unmodifiableMap(new TreeMap<>(gfm));
        this.pm = Collections.unmodifiableMap(new TreeMap<>(pm));
    }

    /** Run metadata: mode, seed, config flags, intra-request order, crashed nodes (empty for a program's graph). */
    public Map<String, String> meta() {
        return meta;
    }

    /** The locations, by location index. */
    public List<Location> locations() {
        return locations;
    }

    /** The threads, by index. */
    public List<ThreadInfo> threads() {
        return threads;
    }

    /** The recorded ops, by op index (empty for a program's graph). */
    public List<OpInfo> ops() {
        return ops;
    }

    /** All events, by id. */
    public List<Event> events() {
        return events;
    }

    /** The event with id {@code id}. */
    public Event event(int id) {
        return events.get(id);
    }

    /** The write event read by read event {@code read} (IW included), or -1 for events that are not reads. */
    public int rf(int read) {
        return rf[read];
    }

    /** For each location index, its writes in coherence order, starting with its initial write. */
    public List<List<Integer>> co() {
        return co;
    }

    /**
     * For each rao class (its key: a node {@code n<k>} or a location {@code l<region>:<offset>},
     * {@link remo.core.rdma.RaoClass#key()}), its {@code NAR} events in the order they took the unit.
     * (The NIC's JSON lists the ops of these events, nic.md §6.2.)
     */
    public Map<String, List<Integer>> rao() {
        return rao;
    }

    /** Each {@code WT} event to the indices of the ops it covered (recorded by the NIC). */
    public Map<Integer, List<Integer>> wm() {
        return wm;
    }

    /** Each {@code GF} event to the indices of the ops it covered (recorded by the NIC). */
    public Map<Integer, List<Integer>> gfm() {
        return gfm;
    }

    /** Each {@code P} event to the index of the op it consumed (recorded by the NIC). */
    public Map<Integer, Integer> pm() {
        return pm;
    }

    @Override
    public String toString() {
        return "ExecutionGraph(" + events.size() + " events, " + ops.size() + " ops, " + locations.size() + " locations)";
    }
}
