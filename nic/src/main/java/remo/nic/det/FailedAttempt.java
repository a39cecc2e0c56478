package remo.nic.det;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.nic.fabric.SimRegion;

/**
 * An attempt a thread body declared failed ({@link remo.nic.Endpoint#attemptFailed()}): the calls
 * since the start of its retry loop, every word they and their operations read with the value read,
 * and the operations they posted. The thread stops there in the model checker's runs; the run is
 * discarded unless, once nothing else can run, every word still holds the value read (a livelock;
 * docs/reference/nic.md §5.3).
 */
final class FailedAttempt {
    private final String where;
    private final List<SimRegion> regions = new ArrayList<>();
    private final List<Integer> offsets = new ArrayList<>();
    private final List<Long> values = new ArrayList<>();
    private final List<Boolean> byCpu = new ArrayList<>();
    private final List<DetOp> ops = new ArrayList<>();

    private FailedAttempt(List<SpinLog.Entry> calls) {
        where = calls.get(0).where;
        for (SpinLog.Entry e : calls) {
            if (e.op != null) {
                ops.add(e.op);
            }
            regions.addAll(e.regions);
            offsets.addAll(e.offsets);
            values.addAll(e.values);
            byCpu.addAll(e.byCpu);
        }
    }

    /**
     * The attempt made of {@code calls} (its first call starts the loop), or {@code null} when an
     * operation it posted is still running: what that operation will write is not known yet, so the
     * thread goes on and the run is not discarded.
     *
     * @throws IllegalStateException if a call of the attempt changed a word another thread can see
     *                               (the caller's promise does not hold: discarding the run would
     *                               lose what it wrote); the body sees it as its call's exception
     */
    static FailedAttempt of(List<SpinLog.Entry> calls) {
        for (SpinLog.Entry a : calls) {
            if (a.op != null && !a.op.finished()) {
                return null;
            }
        }
        for (SpinLog.Entry a : calls) {
            if (a.sharedWrite != null) {
                throw new IllegalStateException("attemptFailed() after an attempt that changed " + a.sharedWrite
                        + " (the attempt since " + calls.get(0).where + "): an attempt that writes a word another"
                        + " thread can see cannot be discarded (Endpoint.attemptFailed, docs/reference/nic.md §5.3)");
            }
        }
        return new FailedAttempt(calls);
    }

    /**
     * Whether a word the attempt read now holds another value (or an operation it posted is
     * unfinished): then a retry may pass, and a run in which the attempt comes later covers this one.
     */
    boolean outdated(DetThread t) {
        for (DetOp op : ops) {
            if (!op.finished()) {
                return true;
            }
        }
        for (int i = 0; i < regions.size(); i++) {
            if (SpinLog.now(t, regions.get(i), offsets.get(i), byCpu.get(i)) != values.get(i)) {
                return true;
            }
        }
        return false;
    }

    /** Where the attempt failed and the words it read, for a livelock's report. */
    String describe() {
        StringBuilder sb = new StringBuilder("its attempt at ").append(where).append(" failed, reading");
        Map<String, Boolean> listed = new LinkedHashMap<>();
        for (int i = 0; i < regions.size(); i++) {
            SimRegion r = regions.get(i);
            String word = r.name() + '@' + r.home() + (r.words() > 1 ? "[" + offsets.get(i) + "]" : "") + " = "
                    + values.get(i);
            if (listed.putIfAbsent(word, true) == null) {
                sb.append(listed.size() == 1 ? " " : ", ").append(word);
            }
        }
        return sb.append("; no step changes them, so every retry fails the same way").toString();
    }
}
