package remo.nic.det;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.nic.EngineState;
import remo.nic.EngineState.Buffered;
import remo.nic.EngineState.Posted;
import remo.nic.EngineState.Queued;
import remo.nic.EngineState.ThreadState;
import remo.nic.EngineState.Word;
import remo.nic.fabric.SimRegion;

/** Takes {@link EngineState} snapshots of a deterministic machine: copies, no references into it. */
final class DetSnapshots {
    private DetSnapshots() {
    }

    /** The snapshot of {@code m}'s state. */
    static EngineState of(DetMachine m) {
        List<ThreadState> ts = new ArrayList<>();
        Map<String, long[]> memory = new LinkedHashMap<>();
        for (DetThread t : m.threads) {
            List<Buffered> buffer = new ArrayList<>();
            for (SbEntry e : t.sb) {
                switch (e.kind) {
                    case SbEntry.STORE -> buffer.add(new Buffered(new Word(e.region.name(), e.region.home(), e.off), e.value, null));
                    case SbEntry.POST -> buffer.add(new Buffered(null, 0, posted(e.op)));
                    default -> buffer.add(new Buffered(null, 0, null));
                }
            }
            Map<Integer, List<Queued>> queues = new LinkedHashMap<>();
            for (DetQp q : t.qpList) {
                List<Queued> entries = new ArrayList<>();
                for (int i = q.head; i < q.entries.size(); i++) {
                    if (q.entries.get(i) instanceof WordOp w && !w.done() && !w.dead) {
                        entries.add(new Queued(posted(w.op), w.word, w.status(), w.v));
                    }
                }
                queues.put(q.target, entries);
            }
            ts.add(new ThreadState(t.index, t.name, t.node, t.finished, t.pending, t.resultValue, buffer, queues));
        }
        for (SimRegion r : m.core.regions()) {
            long[] words = new long[r.words()];
            for (int i = 0; i < words.length; i++) {
                words[i] = r.mem.get(i);
            }
            memory.put(r.name() + "@" + r.home(), words);
        }
        return new EngineState(ts, memory, m.nic.busyNodes());
    }

    private static Posted posted(DetOp op) {
        WordOp w = op.w[0];
        return new Posted(op.id(), op.kind(), op.workId() == null ? null : op.workId().label(),
                new Word(w.remote.name(), w.remote.home(), w.remoteOff), new Word(w.local.name(), w.local.home(), w.localOff),
                op.operandA, op.operandB);
    }
}
