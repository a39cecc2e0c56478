package remo.nic.det;

import remo.nic.Schedule;
import remo.nic.fabric.SimRegion;

/** An entry of a TSO store buffer (operational.md §1): a store, a posted op, or an rfence marker. */
final class SbEntry implements Action {
    static final int STORE = 0;
    static final int POST = 1;
    static final int FENCE = 2;

    final int kind;
    final DetThread thread;
    final long seq;
    /** The {@code po} index of the call that put this entry into the buffer. */
    final long po;
    final SimRegion region;
    final int off;
    final long value;
    final int event;
    final DetOp op;
    final int target;
    /** Scheduler hold of the drain of this entry, -1 until drawn. */
    int hold = -1;

    private SbEntry(int kind, DetThread thread, long seq, long po, SimRegion region, int off, long value, int event, DetOp op,
                    int target) {
        this.kind = kind;
        this.thread = thread;
        this.seq = seq;
        this.po = po;
        this.region = region;
        this.off = off;
        this.value = value;
        this.event = event;
        this.op = op;
        this.target = target;
    }

    static SbEntry store(DetThread t, long seq, long po, SimRegion r, int off, long value, int event) {
        return new SbEntry(STORE, t, seq, po, r, off, value, event, null, 0);
    }

    static SbEntry post(DetThread t, long seq, DetOp op) {
        return new SbEntry(POST, t, seq, op.po, null, 0, 0, -1, op, op.target());
    }

    static SbEntry fence(DetThread t, long seq, long po, int target) {
        return new SbEntry(FENCE, t, seq, po, null, 0, 0, -1, null, target);
    }

    @Override
    public long code() {
        return Schedule.code(Schedule.DRAIN, thread.index, 0, seq);
    }

    @Override
    public String toString() {
        switch (kind) {
            case STORE: return "St(" + region + "[" + off + "]=" + value + ")";
            case POST: return "Post(" + op + ")";
            default: return "Fence(" + target + ")";
        }
    }
}
