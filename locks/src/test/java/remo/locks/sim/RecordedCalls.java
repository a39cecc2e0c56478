package remo.locks.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.core.graph.ExecutionGraph;
import remo.core.graph.ExecutionGraph.Event;
import remo.core.rdma.EventLabel;
import remo.core.graph.ExecutionGraph.OpInfo;

/**
 * A thread's API calls as recorded in a trace, one signature per call ({@code po} index):
 * {@code R tk[0]@2}, {@code W rows[1]@2}, {@code WT wa}, {@code GF},
 * {@code RFAA wa tk[0]@2 := next[0]@1}, {@code PUT wb rows[1]@1 := rows[1]@2}, … Locations are
 * written {@code part[offset]@node}, with the lock's name prefix removed from region names.
 */
public final class RecordedCalls {
    private RecordedCalls() {
    }

    /** The signatures of thread {@code thread}'s calls, in program order. */
    public static List<String> of(ExecutionGraph g, int thread, String lockName) {
        Map<Integer, String> widLabels = new HashMap<>();
        for (OpInfo o : g.ops()) {
            if (o.thread() == thread && o.workId() != null) {
                widLabels.put(o.workIdIndex(), o.workId());
            }
        }
        TreeMap<Long, List<Event>> byCall = new TreeMap<>();
        for (Event e : g.events()) {
            if (e.thread() == thread) {
                byCall.computeIfAbsent(e.po(), k -> new ArrayList<>()).add(e);
            }
        }
        List<String> out = new ArrayList<>();
        for (List<Event> call : byCall.values()) {
            Event first = call.get(0);
            if (first.op() >= 0) {
                OpInfo o = g.ops().get(first.op());
                String local = null;
                String remote = null;
                for (Event e : call) {
                    String loc = location(g, e, lockName);
                    switch (e.label()) {
                        case NLR, NLW -> local = loc;
                        case NRW, NRR, NAR -> remote = remote == null ? loc : remote;
                        default -> throw new IllegalStateException("unexpected NIC event " + e);
                    }
                }
                out.add(switch (o.kind()) {
                    case PUT -> "PUT " + o.workId() + " " + remote + " := " + local;
                    case GET -> "GET " + o.workId() + " " + local + " := " + remote;
                    default -> o.kind() + " " + o.workId() + " " + local + " := " + remote;
                });
            } else if (first.label() == EventLabel.WT) {
                out.add("WT " + widLabels.getOrDefault(first.arg(), "#" + first.arg()));
            } else if (first.location() >= 0) {
                out.add(first.label() + (first.locked() ? "-LOCK " : " ") + location(g, first, lockName));
            } else {
                out.add(first.label().name());
            }
        }
        return out;
    }

    private static String location(ExecutionGraph g, Event e, String lockName) {
        ExecutionGraph.Location l = g.locations().get(e.location());
        String region = l.region().startsWith(lockName + "/") ? l.region().substring(lockName.length() + 1) : l.region();
        return region + "[" + l.offset() + "]@" + l.node();
    }
}
