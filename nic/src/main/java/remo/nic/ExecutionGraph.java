package remo.nic;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The execution graph of one run (nic.md §6): events with values, the static identities that give
 * {@code po}/{@code ii}/{@code sqp}, and the dynamic relations {@code rf}, {@code co}, {@code rao},
 * plus poll and wait matching. Immutable. {@link #toJson()} writes format {@code rdma-egraph/1}
 * (nic.md §6.4); the JSON of two runs with equal seeds is byte-identical.
 */
public final class ExecutionGraph {

    /** Event labels of models.md §2.2 ({@code R}/{@code W} with {@link Event#locked()} for locked RMWs). */
    public enum Label { IW, R, W, F, P, RF, WT, GF, NLR, NRW, NRR, NLW, NAR;

        /** Whether events of this label read memory. */
        public boolean isRead() {
            return this == R || this == NLR || this == NRR || this == NAR;
        }

        /** Whether events of this label write memory. */
        public boolean isWrite() {
            return this == IW || this == W || this == NRW || this == NLW;
        }
    }

    /**
     * A word touched by the run.
     *
     * @param index    dense location index
     * @param node     home node
     * @param region   region name
     * @param regionId region id
     * @param offset   word offset
     */
    public record Location(int index, int node, String region, long regionId, int offset) {
        @Override
        public String toString() {
            return region + "[" + offset + "]@" + node;
        }
    }

    /**
     * A simulated thread.
     *
     * @param index spawn order, from 0
     * @param name  the thread name
     * @param node  its node
     */
    public record ThreadInfo(int index, String name, int node) {
    }

    /**
     * One recorded NIC operation (a multi-word WR is recorded as one op per word, nic.md §6.3).
     *
     * @param index      dense op index in the trace
     * @param thread     issuing thread index
     * @param po         index of the posting call within the thread
     * @param sub        word index within its WR (0 for one-word WRs)
     * @param opId       the WR's {@link Op#id()}
     * @param kind       PUT, GET, RCAS or RFAA
     * @param target     target node
     * @param workId     work id label, or {@code null}
     * @param workIdIndex the work id's index within its thread (creation order; labels need not be
     *                   unique), -1 without a work id
     * @param loopback   whether the target is the issuer's node
     * @param events     its events, in step order
     * @param status     final status of the WR
     * @param failedRcas whether it is an rcas whose compare failed
     * @param incomplete whether some of its steps never happened (flushed, crash)
     */
    public record OpInfo(int index, int thread, long po, int sub, long opId, OpKind kind, int target, String workId,
                         int workIdIndex, boolean loopback, List<Integer> events, OpStatus status, boolean failedRcas, boolean incomplete) {
        public OpInfo {
            events = List.copyOf(events);
        }
    }

    /**
     * One event.
     *
     * @param id       dense id (creation order)
     * @param thread   thread index, -1 for initial writes
     * @param node     where it is performed
     * @param po       index of its API call within the thread (NIC events: of the posting call); -1 for IW
     * @param sub      word index of a NIC event within its WR
     * @param ii       step within its call (NIC: models.md §2.1 step numbers; locked RMW: R 0, W 1)
     * @param label    the label
     * @param locked   whether it belongs to a locked CPU RMW
     * @param location location index for memory events, else -1
     * @param value    value read or written (0 for non-memory events)
     * @param op       op index for NIC events, else -1
     * @param repeat   how many identical spin reads this event stands for (nic.md §6.3), at least 1
     * @param arg      marker argument (an addition to nic.md §6.1, needed to rebuild the call from the
     *                 trace): the target node of {@code RF} and {@code P}, the work-id index (creation
     *                 order within the thread) of {@code WT}; -1 for other events
     */
    public record Event(int id, int thread, int node, long po, int sub, int ii, Label label, boolean locked, int location,
                        long value, int op, int repeat, int arg) {
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

    /** Run metadata: mode, seed, config flags, intra-request order, crashed nodes. */
    public Map<String, String> meta() {
        return meta;
    }

    /** The words the run touched, by location index. */
    public List<Location> locations() {
        return locations;
    }

    /** The threads, by index. */
    public List<ThreadInfo> threads() {
        return threads;
    }

    /** The recorded ops, by op index. */
    public List<OpInfo> ops() {
        return ops;
    }

    /** All events, by id. */
    public List<Event> events() {
        return events;
    }

    /** The write event read by read event {@code read} (IW included), or -1 for events that are not reads. */
    public int rf(int read) {
        return rf[read];
    }

    /** For each location index, its writes in memory order, starting with its initial write. */
    public List<List<Integer>> co() {
        return co;
    }

    /**
     * For each rao class (a node {@code n<k>} or a location {@code l<region>:<offset>}), its {@code NAR}
     * events in the order they took the unit. (The JSON lists the ops of these events, nic.md §6.2.)
     */
    public Map<String, List<Integer>> rao() {
        return rao;
    }

    /** Each {@code WT} event to the indices of the ops it covered. */
    public Map<Integer, List<Integer>> wm() {
        return wm;
    }

    /** Each {@code GF} event to the indices of the ops it covered. */
    public Map<Integer, List<Integer>> gfm() {
        return gfm;
    }

    /** Each {@code P} event to the index of the op it consumed. */
    public Map<Integer, Integer> pm() {
        return pm;
    }

    /** The trace as JSON, format {@code rdma-egraph/1} (nic.md §6.4), written with Jackson. */
    public String toJson() {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("format", "rdma-egraph/1");
            g.writeObjectFieldStart("meta");
            for (Map.Entry<String, String> e : meta.entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("locations");
            for (Location l : locations) {
                g.writeStartObject();
                g.writeNumberField("id", l.index());
                g.writeNumberField("node", l.node());
                g.writeStringField("region", l.region());
                g.writeNumberField("offset", l.offset());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("threads");
            for (ThreadInfo t : threads) {
                g.writeStartObject();
                g.writeNumberField("id", t.index());
                g.writeStringField("name", t.name());
                g.writeNumberField("node", t.node());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("ops");
            for (OpInfo o : ops) {
                g.writeStartObject();
                g.writeNumberField("id", o.index());
                g.writeNumberField("thread", o.thread());
                g.writeNumberField("po", o.po());
                g.writeNumberField("sub", o.sub());
                g.writeNumberField("opId", o.opId());
                g.writeStringField("kind", o.kind().name());
                g.writeArrayFieldStart("qp");
                g.writeNumber(o.thread());
                g.writeNumber(o.target());
                g.writeEndArray();
                if (o.workId() == null) {
                    g.writeNullField("wid");
                } else {
                    g.writeStringField("wid", o.workId());
                    g.writeNumberField("widIndex", o.workIdIndex());
                }
                g.writeStringField("status", o.status().name());
                writeInts(g, "events", o.events());
                writeFlags(g, o.loopback(), o.failedRcas(), o.status() == OpStatus.FLUSHED, o.incomplete());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("events");
            for (Event e : events) {
                g.writeStartObject();
                g.writeNumberField("id", e.id());
                if (e.thread() < 0) {
                    g.writeStringField("thread", "init");
                } else {
                    g.writeNumberField("thread", e.thread());
                    g.writeNumberField("po", e.po());
                }
                g.writeNumberField("node", e.node());
                g.writeNumberField("ii", e.ii());
                if (e.sub() != 0) {
                    g.writeNumberField("sub", e.sub());
                }
                g.writeStringField("label", e.label().name());
                if (e.locked()) {
                    g.writeBooleanField("lock", true);
                }
                if (e.location() >= 0) {
                    g.writeNumberField("loc", e.location());
                    g.writeNumberField("val", e.value());
                }
                if (e.op() >= 0) {
                    OpInfo o = ops.get(e.op());
                    g.writeNumberField("op", e.op());
                    g.writeArrayFieldStart("qp");
                    g.writeNumber(o.thread());
                    g.writeNumber(o.target());
                    g.writeEndArray();
                    if (o.workId() == null) {
                        g.writeNullField("wid");
                    } else {
                        g.writeStringField("wid", o.workId());
                    }
                    writeFlags(g, o.loopback(), o.failedRcas() && e.label() == Label.NAR, o.status() == OpStatus.FLUSHED,
                            o.incomplete());
                }
                if (e.repeat() > 1) {
                    g.writeNumberField("repeat", e.repeat());
                }
                if (e.arg() >= 0) {
                    g.writeNumberField(e.label() == Label.WT ? "widIndex" : "target", e.arg());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rf");
            for (int i = 0; i < rf.length; i++) {
                if (rf[i] >= 0) {
                    g.writeStartArray();
                    g.writeNumber(rf[i]);
                    g.writeNumber(i);
                    g.writeEndArray();
                }
            }
            g.writeEndArray();
            g.writeArrayFieldStart("co");
            for (List<Integer> c : co) {
                g.writeStartArray();
                for (int x : c) {
                    g.writeNumber(x);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("rao");
            for (Map.Entry<String, List<Integer>> e : rao.entrySet()) {
                writeInts(g, e.getKey(), e.getValue().stream().map(nar -> events.get(nar).op()).toList());
            }
            g.writeEndObject();
            writeMatching(g, "wm", wm);
            writeMatching(g, "gfm", gfm);
            g.writeObjectFieldStart("pm");
            for (Map.Entry<Integer, Integer> e : pm.entrySet()) {
                g.writeNumberField(Integer.toString(e.getKey()), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("annotations");
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void writeFlags(JsonGenerator g, boolean loopback, boolean failedRcas, boolean flushed, boolean incomplete)
            throws IOException {
        if (loopback || failedRcas || flushed || incomplete) {
            g.writeArrayFieldStart("flags");
            if (loopback) {
                g.writeString("loopback");
            }
            if (failedRcas) {
                g.writeString("failedRcas");
            }
            if (flushed) {
                g.writeString("flushed");
            }
            if (incomplete) {
                g.writeString("incomplete");
            }
            g.writeEndArray();
        }
    }

    private static void writeInts(JsonGenerator g, String name, List<Integer> xs) throws IOException {
        g.writeArrayFieldStart(name);
        for (int x : xs) {
            g.writeNumber(x);
        }
        g.writeEndArray();
    }

    private static void writeMatching(JsonGenerator g, String name, Map<Integer, List<Integer>> m) throws IOException {
        g.writeObjectFieldStart(name);
        for (Map.Entry<Integer, List<Integer>> e : m.entrySet()) {
            writeInts(g, Integer.toString(e.getKey()), e.getValue());
        }
        g.writeEndObject();
    }

    @Override
    public String toString() {
        return "ExecutionGraph(" + events.size() + " events, " + ops.size() + " ops, " + locations.size() + " locations)";
    }
}
