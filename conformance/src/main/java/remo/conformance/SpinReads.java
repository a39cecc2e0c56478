package remo.conformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import remo.core.graph.ExecutionGraph;
import remo.core.graph.ExecutionGraph.Event;
import remo.core.rdma.EventLabel;

/**
 * Which plain reads of a recorded graph a fixed-graph check may leave out without changing its
 * verdict: the repeated reads of a spin loop that polls several words in rounds (a ticket lock's
 * rows, a barrier's flags). nic.md §6.3's spin compression merges only consecutive reads of one
 * word; this reduction also covers rounds over several words.
 *
 * <p><b>The rule.</b> A <i>read block</i> of a thread is a maximal run of po-consecutive calls
 * that are each one plain load (one {@code R} event, not locked, no NIC op), with no other call
 * of that thread between. In a block, the key of a read is its location and its rf source. Of the
 * reads with one key, the first and the last in po are kept; the others are left out.
 *
 * <p><b>Why the verdict is the same (every bundled model: {@code sc}, {@code tso}, {@code rdma-tso},
 * {@code rdma-tso-rmw}, {@code rdma-wait-rmw}, {@code rdma-sc-rmw}; models.md §3, §5).</b>
 * Leaving events out only removes pairs from their relations (every bundled check is acyclic,
 * irreflexive or empty over relations whose pairs between two events depend only on those two
 * events, their labels, locations, threads, po positions and rf, co and rao), so a consistent graph
 * stays consistent (as nic.md §6.3 says). The converse: take a cycle of a check's relation in the
 * full graph through a left-out read. The relations that reach a plain read in these models are
 * po-forward edges chosen by label and location ({@code [RL];po;[CPU]}, {@code [FULL];po;[CPU]},
 * {@code [CPU];po;[FIRST]}, {@code po-loc-cpu} of rdma-base; {@code [R];po;[R|W|F]},
 * {@code [R|W|F];po;[F|LOCK]}, {@code [F|LOCK];po;[R|W|F]}, {@code po & loc} of tso; {@code po} of
 * the sc models), {@code rf} (and {@code grf}) into it from its source, and {@code fr} out of it to
 * the writes co-after its source; {@code ii}, {@code si}, {@code rmw}, {@code sqp}, {@code pm},
 * {@code wm}, {@code CMP} and {@code rao} never touch a plain read, and no read is related to
 * another read except by po. The cycle therefore passes through the block in segments: it enters
 * at a read {@code r} (from an event po-before the block, or by rf), goes po-forward through reads
 * of the block, and leaves from a read {@code r'} at or po-after {@code r} (to an event po-after
 * the block, or by fr). Every edge into {@code r} from outside the block also enters the first
 * read with {@code r}'s key, and every edge out of {@code r'} also leaves the last read with
 * {@code r'}'s key, since those reads have the same label, location and rf source and the same po
 * position relative to every event outside the block; and the first of {@code r}'s key is at or
 * po-before {@code r}, the last of {@code r'}'s key at or po-after {@code r'}, so the first is
 * po-before the last (with the same location when the segment used po-loc edges), which the
 * same po-forward relation relates. Replacing each segment so gives a cycle of kept events. The
 * same argument shows that {@code hb+} between kept events is unchanged, so lock-level checks on
 * kept events (locks.md §10.3) are unchanged too.
 *
 * <p>Keeping only one read per key would be wrong: a thread that reads {@code x = 0, y = 1} and
 * again {@code x = 0, y = 1}, with another thread's {@code x = 1} po-before its {@code y = 1},
 * violates TSO only through the second {@code x = 0} read after the first {@code y = 1}
 * (SpinReadsTest has this case).
 */
public final class SpinReads {
    private SpinReads() {
    }

    /**
     * The calls to leave out.
     *
     * @param graph a recorded graph
     * @return per thread, the {@code po} indices of the left-out plain loads
     */
    public static List<Set<Long>> leftOut(ExecutionGraph graph) {
        int threads = graph.threads().size();
        List<TreeMap<Long, List<Event>>> calls = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            calls.add(new TreeMap<>());
        }
        for (Event e : graph.events()) {
            if (e.thread() >= 0) {
                calls.get(e.thread()).computeIfAbsent(e.po(), k -> new ArrayList<>()).add(e);
            }
        }
        return leftOut(graph, calls);
    }

    /** {@link #leftOut(ExecutionGraph)} from the graph's calls: per thread, {@code po} index to its events. */
    static List<Set<Long>> leftOut(ExecutionGraph graph, List<TreeMap<Long, List<Event>>> calls) {
        int threads = calls.size();
        List<Set<Long>> out = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Set<Long> dropped = new HashSet<>();
            List<Event> block = new ArrayList<>();
            for (List<Event> call : calls.get(t).values()) {
                if (isPlainLoad(call)) {
                    block.add(call.get(0));
                } else {
                    reduce(graph, block, dropped);
                    block.clear();
                }
            }
            reduce(graph, block, dropped);
            out.add(dropped);
        }
        return out;
    }

    private static boolean isPlainLoad(List<Event> call) {
        if (call.size() != 1) {
            return false;
        }
        Event e = call.get(0);
        return e.label() == EventLabel.R && !e.locked() && e.op() < 0;
    }

    /** Adds the po indices of the block's reads that are neither the first nor the last of their key. */
    private static void reduce(ExecutionGraph graph, List<Event> block, Set<Long> dropped) {
        Map<Long, Integer> last = new HashMap<>();
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < block.size(); i++) {
            last.put(key(graph, block.get(i)), i);
        }
        for (int i = 0; i < block.size(); i++) {
            long k = key(graph, block.get(i));
            if (!seen.add(k) && last.get(k) != i) {
                dropped.add(block.get(i).po());
            }
        }
    }

    private static long key(ExecutionGraph graph, Event read) {
        return ((long) read.location() << 32) | (graph.rf(read.id()) & 0xffffffffL);
    }
}
