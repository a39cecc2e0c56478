package remo.nic;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import remo.nic.ExecutionGraph.Label;

/**
 * Executes the WRs of concurrent-mode QPs (nic.md §5.2): strictly in order, each completely before
 * the next. A QP has one consumer at a time ({@link ConcQp#tryConsume()}): normally its node's NIC
 * worker; a thread blocked in {@code waitFor}/{@code gf}/{@code poll} on a QP that no worker is
 * serving at that moment runs the pending WRs itself, which saves thread switches and changes
 * nothing in the semantics. A put reads its source when executed (late source reads still occur);
 * a remote RMW holds its rao class's lock from NAR to NRW only, so CPU writes and puts can fall in
 * between (weak atomicity).
 */
final class QpExecutor {
    private final ConcEngine engine;
    private final ClusterCore core;
    private final Recorder rec;

    QpExecutor(ConcEngine engine, ClusterCore core) {
        this.engine = engine;
        this.core = core;
        this.rec = core.recorder;
    }

    /** Executes up to {@code batch} published WRs of {@code q} if no one else consumes it; returns how many. */
    int process(ConcQp q, int batch) {
        if (q.head() >= q.tail() || !q.tryConsume()) {
            return 0;
        }
        int n;
        try {
            long h = q.head();
            long t = q.tail();
            long end = Math.min(t, h + batch);
            for (long s = h; s < end; s++) {
                ConcOp op = q.ring[(int) (s & q.mask)];
                execute(q, op);
                // publish progress every 16 WRs (and at the end): fewer release stores on the line
                // the producer polls; each WR's state is written before the head that covers it
                if (((s - h) & 15) == 15) {
                    q.head(s + 1);
                }
            }
            q.head(end);
            n = (int) (end - h);
        } finally {
            q.endConsume();
        }
        Thread w = q.owner.waiter;
        if (w != null && w != Thread.currentThread()) {
            LockSupport.unpark(w);
        }
        return n;
    }

    private void execute(ConcQp q, ConcOp op) {
        if (q.errorAtOp != 0 && op.qpSeq == q.errorAtOp) {
            q.errorAtOp = 0;
            q.error = true;
        }
        int target = op.target();
        if (q.error || core.crashed(target) || core.crashed(q.owner.node)) {
            int crashed = q.crashedNode != 0 ? q.crashedNode : core.crashed(target) ? target
                    : core.crashed(q.owner.node) ? q.owner.node : 0;
            engine.flush(q, op, crashed);
            return;
        }
        if (q.delayProbability > 0 && ThreadLocalRandom.current().nextDouble() < q.delayProbability) {
            LockSupport.parkNanos(q.delayMicros * 1000L);
        }
        switch (op.kind) {
            case PUT:
                if (rec == null) {
                    for (int k = 0; k < op.words; k++) {
                        op.remote.mem.set(op.remoteOff + k, op.local.mem.get(op.localOff + k));
                    }
                } else {
                    tracedPut(op);
                }
                break;
            case GET:
                if (rec == null) {
                    for (int k = 0; k < op.words; k++) {
                        op.local.mem.set(op.localOff + k, op.remote.mem.get(op.remoteOff + k));
                    }
                } else {
                    tracedGet(op);
                }
                break;
            default:
                rmw(op);
        }
        op.reached = op.kind == OpKind.PUT ? "NRW" : "NLW";
        op.state = ConcOp.COMPLETED;
        q.metrics.completed++;
        if (rec != null) {
            for (int k = 0; k < op.words; k++) {
                rec.opStatus(op.traceOp + k, OpStatus.COMPLETED, false);
            }
        }
    }

    private void tracedPut(ConcOp op) {
        int t = op.endpoint.index;
        for (int k = 0; k < op.words; k++) {
            synchronized (rec) {
                long v = op.local.mem.get(op.localOff + k);
                rec.read(Label.NLR, t, op.endpoint.node, op.po, k, 0, op.local, op.localOff + k, v, -1, op.traceOp + k, false);
                op.remote.mem.set(op.remoteOff + k, v);
                rec.write(Label.NRW, t, op.target(), op.po, k, 1, op.remote, op.remoteOff + k, v, op.traceOp + k, false, true);
            }
        }
    }

    private void tracedGet(ConcOp op) {
        int t = op.endpoint.index;
        for (int k = 0; k < op.words; k++) {
            long v;
            synchronized (rec) {
                v = op.remote.mem.get(op.remoteOff + k);
                rec.read(Label.NRR, t, op.target(), op.po, k, 0, op.remote, op.remoteOff + k, v, -1, op.traceOp + k, false);
            }
            synchronized (rec) {
                op.local.mem.set(op.localOff + k, v);
                rec.write(Label.NLW, t, op.endpoint.node, op.po, k, 1, op.local, op.localOff + k, v, op.traceOp + k, false, true);
            }
        }
    }

    private void rmw(ConcOp op) {
        ReentrantLock unit = engine.unit(op.remote, op.remoteOff);
        int t = op.endpoint.index;
        long old;
        unit.lock();
        try {
            boolean writes;
            long nv;
            if (rec == null) {
                old = op.remote.mem.get(op.remoteOff);
            } else {
                synchronized (rec) {
                    old = op.remote.mem.get(op.remoteOff);
                    int nar = rec.read(Label.NAR, t, op.target(), op.po, 0, 0, op.remote, op.remoteOff, old, -1, op.traceOp, false);
                    rec.rao(engine.unitKey(op.remote, op.remoteOff), nar);
                }
            }
            if (op.kind == OpKind.RFAA) {
                writes = true;
                nv = old + op.operandA;
            } else {
                boolean success = old == op.operandA;
                writes = success || core.config.failedRcasWrites();
                nv = success ? op.operandB : old;
                if (!success && rec != null) {
                    rec.failedRcas(op.traceOp);
                }
            }
            if (writes) {
                if (rec == null) {
                    op.remote.mem.set(op.remoteOff, nv);
                } else {
                    synchronized (rec) {
                        op.remote.mem.set(op.remoteOff, nv);
                        rec.write(Label.NRW, t, op.target(), op.po, 0, 1, op.remote, op.remoteOff, nv, op.traceOp, false, true);
                    }
                }
            }
        } finally {
            unit.unlock();
        }
        if (rec == null) {
            op.local.mem.set(op.localOff, old);
        } else {
            synchronized (rec) {
                op.local.mem.set(op.localOff, old);
                rec.write(Label.NLW, t, op.endpoint.node, op.po, 0, 2, op.local, op.localOff, old, op.traceOp, false, true);
            }
        }
    }
}
