package remo.nic.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import remo.core.graph.ExecutionGraph.Event;
import remo.core.graph.ExecutionGraph.Location;
import remo.core.graph.ExecutionGraph.OpInfo;
import remo.core.graph.ExecutionGraph.ThreadInfo;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpStatus;

/**
 * Writes a recorded graph in the simulated NIC's trace format {@code rdma-egraph/1} (nic.md §6.4),
 * with Jackson's streaming generator.
 */
public final class TraceJson {

    private TraceJson() {
    }

    /**
     * The graph as JSON, format {@code rdma-egraph/1} (nic.md §6.4).
     *
     * @param graph a recorded graph ({@link remo.nic.RunResult#trace()})
     * @return the JSON text, one line; two runs with equal seeds give byte-identical text
     */
    public static String write(ExecutionGraph graph) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("format", "rdma-egraph/1");
            g.writeObjectFieldStart("meta");
            for (Map.Entry<String, String> e : graph.meta().entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("locations");
            for (Location l : graph.locations()) {
                g.writeStartObject();
                g.writeNumberField("id", l.index());
                g.writeNumberField("node", l.node());
                g.writeStringField("region", l.region());
                g.writeNumberField("offset", l.offset());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("threads");
            for (ThreadInfo t : graph.threads()) {
                g.writeStartObject();
                g.writeNumberField("id", t.index());
                g.writeStringField("name", t.name());
                g.writeNumberField("node", t.node());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("ops");
            for (OpInfo o : graph.ops()) {
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
            for (Event e : graph.events()) {
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
                    OpInfo o = graph.ops().get(e.op());
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
                    writeFlags(g, o.loopback(), o.failedRcas() && e.label() == EventLabel.NAR, o.status() == OpStatus.FLUSHED,
                            o.incomplete());
                }
                if (e.repeat() > 1) {
                    g.writeNumberField("repeat", e.repeat());
                }
                if (e.arg() >= 0) {
                    g.writeNumberField(e.label() == EventLabel.WT ? "widIndex" : "target", e.arg());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rf");
            for (int i = 0; i < graph.events().size(); i++) {
                if (graph.rf(i) >= 0) {
                    g.writeStartArray();
                    g.writeNumber(graph.rf(i));
                    g.writeNumber(i);
                    g.writeEndArray();
                }
            }
            g.writeEndArray();
            g.writeArrayFieldStart("co");
            for (List<Integer> c : graph.co()) {
                g.writeStartArray();
                for (int x : c) {
                    g.writeNumber(x);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("rao");
            for (Map.Entry<String, List<Integer>> e : graph.rao().entrySet()) {
                writeInts(g, e.getKey(), e.getValue().stream().map(nar -> graph.event(nar).op()).toList());
            }
            g.writeEndObject();
            writeMatching(g, "wm", graph.wm());
            writeMatching(g, "gfm", graph.gfm());
            g.writeObjectFieldStart("pm");
            for (Map.Entry<Integer, Integer> e : graph.pm().entrySet()) {
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
}
