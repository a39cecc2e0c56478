package remo.nic;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import remo.nic.ExecutionGraph.Label;

/**
 * A NIC worker thread of concurrent mode (nic.md §5.2): serves the outgoing QPs of its node round
 * robin, executing each QP's WRs strictly in order, each completely before the next, in batches. A
 * put reads its source when the worker executes it (late source reads still occur); a remote RMW
 * holds its rao class's lock from NAR to NRW only, so CPU writes and puts can still fall in between.
 */
final class NicWorker implements Runnable {
    private static final int BATCH = 64;

    private final ConcEngine engine;
    private final ClusterCore core;
    private final Recorder rec;
    final int node;
    final Thread thread;
    private volatile ConcQp[] qps = new ConcQp[0];
    private volatile boolean sleeping;
    private volatile boolean running = true;
    private final SplittableRandom rnd;

    NicWorker(ConcEngine engine, ClusterCore core, int node, int index) {
        this.engine = engine;
        this.core = core;
        this.rec = core.recorder;
        this.node = node;
        this.rnd = new SplittableRandom(node * 31L + index);
        this.thread = new Thread(this, "nic-" + node + "-" + index);
        thread.setDaemon(true);
    }

    synchronized void add(ConcQp q) {
        ConcQp[] a = java.util.Arrays.copyOf(qps, qps.length + 1);
        a[a.length - 1] = q;
        qps = a;
        wake();
    }

    synchronized void remove(ConcQp q) {
        qps = java.util.Arrays.stream(qps).filter(x -> x != q).toArray(ConcQp[]::new);
    }

    /** Unparks the worker if it sleeps (called after a post). */
    void wake() {
        if (sleeping) {
            LockSupport.unpark(thread);
        }
    }

    void stop() {
        running = false;
        LockSupport.unpark(thread);
    }

    @Override
    public void run() {
        int idle = 0;
        while (running) {
            int done = 0;
            for (ConcQp q : qps) {
                done += process(q);
            }
            if (done > 0) {
                idle = 0;
                continue;
            }
            idle++;
            if (idle < 100) {
                Thread.onSpinWait();
            } else if (idle < 200) {
                Thread.yield();
            } else {
                sleeping = true;
                if (!hasWork()) {
                    LockSupport.parkNanos(this, 500_000);
                }
                sleeping = false;
                idle = 100;
            }
        }
    }

    private boolean hasWork() {
        for (ConcQp q : qps) {
            if (q.head() < q.tail()) {
                return true;
            }
        }
        return false;
    }

    private int process(ConcQp q) {
        long h = q.head();
        long t = q.tail();
        if (h >= t) {
            return 0;
        }
        long end = Math.min(t, h + BATCH);
        for (long s = h; s < end; s++) {
            ConcOp op = q.ring[(int) (s & q.mask)];
            execute(q, op);
            q.head(s + 1);
        }
        Thread w = q.owner.waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
        return (int) (end - h);
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
        if (q.delayProbability > 0 && rnd.nextDouble() < q.delayProbability) {
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
