package remo.loco;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.loco.spec.RecordedGraph;

/**
 * The API calls of a thread as recorded, one string per call (its {@code po} index), for the
 * op-sequence tests of loco.md §2.8: {@code store R[o]=v}, {@code load R[o]}, {@code mfence},
 * {@code gf}, {@code wait}, {@code rfence->n}, and NIC ops as {@code put#wb->2 1w} (kind, work id,
 * target node, words). Spin-compressed reads stand for one call each.
 */
public final class OpSequence {
    private OpSequence() {
    }

    /** The calls of {@code thread} with index {@code fromPo..toPo}. */
    public static List<String> of(RecordedGraph g, String thread, long fromPo, long toPo) {
        Map<Long, List<RecordedGraph.Event>> byPo = new TreeMap<>();
        for (RecordedGraph.Event e : g.eventsOf(thread, fromPo, toPo)) {
            byPo.computeIfAbsent(e.po(), k -> new ArrayList<>()).add(e);
        }
        List<String> out = new ArrayList<>();
        for (List<RecordedGraph.Event> call : byPo.values()) {
            out.add(render(call));
        }
        return out;
    }

    /** All calls of {@code thread}. */
    public static List<String> of(RecordedGraph g, String thread) {
        return of(g, thread, 0, Long.MAX_VALUE);
    }

    private static String render(List<RecordedGraph.Event> call) {
        RecordedGraph.Event e = call.get(0);
        if (e.opKind() != null) {
            long words = call.stream().mapToInt(RecordedGraph.Event::sub).distinct().count();
            return e.opKind().name().toLowerCase(java.util.Locale.ROOT) + (e.workId() == null ? "" : "#" + e.workId())
                    + "->" + e.target() + " " + words + "w";
        }
        switch (e.label()) {
            case R:
                return (e.locked() ? "rmw " : "load ") + e.region() + "[" + e.offset() + "]";
            case W:
                return "store " + e.region() + "[" + e.offset() + "]=" + e.value();
            case F:
                return "mfence";
            case GF:
                return "gf";
            case WT:
                return "wait";
            case RF:
                return "rfence->" + e.target();
            default:
                return e.label().name();
        }
    }
}
