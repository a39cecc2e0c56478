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
    /** The words the attempt's operations changed in regions of their own node (region, offset). */
    private final List<SimRegion> localRegions = new ArrayList<>();
    private final List<Integer> localOffsets = new ArrayList<>();

    private FailedAttempt(List<SpinLog.Entry> calls) {
        where = calls.get(0).where;
        for (SpinLog.Entry e : calls) {
            if (e.op != null) {
                ops.add(e.op);
            }
            if (e.localRegions != null) {
                localRegions.addAll(e.localRegions);
                localOffsets.addAll(e.localOffsets);
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
     * @param thread the index of the attempt's thread
     * @throws IllegalStateException if a call of the attempt changed a word another thread can see (a
     *                               word of a region other nodes may access, a word the CPU stored,
     *                               or an operation's result in a region another thread has used):
     *                               the caller's promise does not hold, and discarding the run would
     *                               lose what it wrote; the body sees it as its call's exception
     */
    static FailedAttempt of(List<SpinLog.Entry> calls, int thread) {
        for (SpinLog.Entry a : calls) {
            if (a.op != null && !a.op.finished()) {
                return null;
            }
        }
        for (SpinLog.Entry a : calls) {
            if (a.sharedRegion != null) {
                throw misuse(word(a.sharedRegion, a.sharedOffset), calls.get(0).where);
            }
        }
        FailedAttempt f = new FailedAttempt(calls);
        String seen = f.seenByOthers(thread);
        if (seen != null) {
            throw misuse(seen, f.where);
        }
        return f;
    }

    /** The refusal of a declaration after an attempt that changed {@code word}. */
    static IllegalStateException misuse(String word, String where) {
        return new IllegalStateException("attemptFailed() after an attempt that changed " + word + " (the attempt since "
                + where + "), which another thread can see: such an attempt cannot be discarded"
                + " (Endpoint.attemptFailed, docs/reference/nic.md §5.3)");
    }

    /**
     * The first word the attempt's operations changed in a region of their node that a thread other
     * than {@code thread} has used, or {@code null}: a run in which another thread may read what the
     * failed attempt wrote cannot be discarded.
     */
    String seenByOthers(int thread) {
        for (int i = 0; i < localRegions.size(); i++) {
            if (localRegions.get(i).usedByOtherThan(thread)) {
                return word(localRegions.get(i), localOffsets.get(i));
            }
        }
        return null;
    }

    /** Where the attempt starts: its first call's place in the body's code. */
    String where() {
        return where;
    }

    private static String word(SimRegion r, int off) {
        return r.name() + '@' + r.home() + (r.words() > 1 ? "[" + off + "]" : "");
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
