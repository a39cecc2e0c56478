package remo.nic.det;

import remo.nic.fabric.SimRegion;

/** An entry of a TSO store buffer (operational.md §1): a store, a posted op, or an rfence marker. */
final class SbEntry {
    static final int STORE = 0;
    static final int POST = 1;
    static final int FENCE = 2;

    final int kind;
    final DetThread thread;
    final long seq;
    final SimRegion region;
    final int off;
    final long value;
    final int event;
    final DetOp op;
    final int target;
    /** Scheduler hold of the drain of this entry, -1 until drawn. */
    int hold = -1;

    private SbEntry(int kind, DetThread thread, long seq, SimRegion region, int off, long value, int event, DetOp op, int target) {
        this.kind = kind;
        this.thread = thread;
        this.seq = seq;
        this.region = region;
        this.off = off;
        this.value = value;
        this.event = event;
        this.op = op;
        this.target = target;
    }

    static SbEntry store(DetThread t, long seq, SimRegion r, int off, long value, int event) {
        return new SbEntry(STORE, t, seq, r, off, value, event, null, 0);
    }

    static SbEntry post(DetThread t, long seq, DetOp op) {
        return new SbEntry(POST, t, seq, null, 0, 0, -1, op, op.target());
    }

    static SbEntry fence(DetThread t, long seq, int target) {
        return new SbEntry(FENCE, t, seq, null, 0, 0, -1, null, target);
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
