package remo.nic.conc;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.core.rdma.RaoClass;
import remo.core.rdma.SameQpOrder;
import remo.nic.NicConfig;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.SimRegion;
import remo.nic.trace.Recorder;

/**
 * Executes the WRs of concurrent-mode QPs (nic.md §5.2): strictly in order, each completely before
 * the next. A QP has one consumer at a time ({@link ConcQp#tryConsume()}): normally its node's NIC
 * worker; a thread blocked in {@code waitFor}/{@code gf}/{@code poll} on a QP that no worker is
 * serving at that moment runs the pending WRs itself, which saves thread switches and changes
 * nothing in the semantics. A put reads its source when executed (late source reads still occur),
 * except an inline put, whose values its poster read (nic.md §4.2);
 * a remote RMW holds its rao class's lock from NAR to NRW only, so CPU writes and puts can fall in
 * between (weak atomicity).
 *
 * <p>Untraced NIC writes (put NRW, get and RMW NLW) are release stores rather than volatile ones:
 * they stay in order, and the only store-then-load orders the guards of operational.md §4 demand
 * of one QP (an NRR or NAR after earlier puts and RMWs are {@code remotedone}) get an explicit full
 * fence, as does the end of every batch (before the head that reports the completions). A put's
 * NLR may thus pass an earlier put's NRW, which its guard permits. Everything else is as strong as
 * before: CPU accesses are volatile, completion is observed through the release/acquire head.
 */
final class QpExecutor {
    private static final OpKind[] KINDS = OpKind.values();
    /** Per kind: whether its first step must follow the earlier remote writes of its QP ({@link SameQpOrder}). */
    private static final boolean[] FENCED_FIRST_STEP = new boolean[KINDS.length];

    static {
        for (OpKind k : KINDS) {
            FENCED_FIRST_STEP[k.ordinal()] = SameQpOrder.firstStepAwaitsEarlierRemoteWrites(k);
        }
    }

    private final ConcEngine engine;
    private final ClusterCore core;
    private final Recorder rec;
    private final boolean randomWords;

    QpExecutor(ConcEngine engine, ClusterCore core) {
        this.engine = engine;
        this.core = core;
        this.rec = core.recorder;
        this.randomWords = core.config.intraRequestOrder() == NicConfig.IntraRequestOrder.RANDOM;
    }

    /**
     * The order in which the words of a {@code words}-word WR are performed: {@code null} for
     * ascending (no allocation on the hot path), or with {@code RANDOM} intra-request order (nic.md
     * nic.md §4.6) a uniformly random permutation.
     */
    private int[] wordOrder(int words) {
        if (!randomWords || words == 1) {
            return null;
        }
        int[] order = new int[words];
        for (int k = 0; k < words; k++) {
            order[k] = k;
        }
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int k = words - 1; k > 0; k--) {
            int j = r.nextInt(k + 1);
            int x = order[k];
            order[k] = order[j];
            order[j] = x;
        }
        return order;
    }

    /** One decoded WR slot (see {@link ConcQp} for the layout). */
    static final class Wr {
        long seq;
        OpKind kind;
        int workIdIndex;
        SimRegion remote;
        int remoteOff;
        SimRegion local;
        int localOff;
        long operandA;
        long operandB;
        long id;
        long po;
        int words;
        int traceOp;
        /** An inline put's values (read by the poster), else {@code null}. */
        long[] inline;
        /** Whether this consumer made a release store since its last full fence. */
        boolean storePending;

        /** A full fence if a release store is pending (before a load that must follow it, and at batch end). */
        void fenceIfStorePending() {
            if (storePending) {
                java.lang.invoke.VarHandle.fullFence();
                storePending = false;
            }
        }

        void decode(ClusterCore core, ConcQp q, long seq) {
            this.seq = seq;
            long[] slots = q.slots;
            int i = q.slot(seq);
            long w0 = slots[i];
            kind = KINDS[(int) (w0 & 0xFF)];
            inline = (w0 & ConcQp.INLINE) != 0 ? q.inlineValues[i / ConcQp.SLOT] : null;
            workIdIndex = (int) (w0 >>> 32) - 1;
            long w1 = slots[i + 1];
            remote = core.regionById((int) (w1 >>> 32));
            remoteOff = (int) w1;
            long w2 = slots[i + 2];
            local = core.regionById((int) (w2 >>> 32));
            localOff = (int) w2;
            operandA = slots[i + 3];
            operandB = slots[i + 4];
            id = slots[i + 5];
            po = slots[i + 6];
            long w7 = slots[i + 7];
            words = (int) (w7 >>> 32);
            traceOp = (int) w7;
        }

        int target() {
            return remote.home();
        }
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
            long completed = 0;
            Wr wr = new Wr();
            for (long s = h; s < end; s++) {
                wr.decode(core, q, s + 1);
                completed += execute(q, wr);
                // publish progress every 16 WRs (and at the end): fewer release stores on the line
                // the producer polls; a flush is recorded, and a put's release store made, before
                // the head that covers it (a waiter that sees the head sees the write)
                if (((s - h) & 15) == 15) {
                    q.head(s + 1);
                }
            }
            wr.fenceIfStorePending();
            q.metrics.completed += completed;
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

    /** Executes one WR; returns 1 if it completed, 0 if it was flushed. */
    private int execute(ConcQp q, Wr op) {
        ConcQp.ConsumerSide cs = q.consumerSide;
        if (cs.errorAtOp != 0 && op.seq == cs.errorAtOp) {
            cs.errorAtOp = 0;
            q.error = true;
        }
        int target = op.target();
        if (q.error || core.crashed(target) || core.crashed(q.owner.node)) {
            int crashed = q.crashedNode != 0 ? q.crashedNode : core.crashed(target) ? target
                    : core.crashed(q.owner.node) ? q.owner.node : 0;
            engine.flush(q, op, crashed);
            return 0;
        }
        if (q.delayProbability > 0 && ThreadLocalRandom.current().nextDouble() < q.delayProbability) {
            LockSupport.parkNanos(q.delayMicros * 1000L);
        }
        if (FENCED_FIRST_STEP[op.kind.ordinal()]) {
            // the guard of an NRR or NAR: earlier puts and RMWs of the QP are remotedone (Q2)
            op.fenceIfStorePending();
        }
        switch (op.kind) {
            case PUT:
                if (rec == null) {
                    int[] order = wordOrder(op.words);
                    for (int i = 0; i < op.words; i++) {
                        int k = order == null ? i : order[i];
                        long v = op.inline != null ? op.inline[k] : op.local.mem.get(op.localOff + k);
                        op.remote.mem.setRelease(op.remoteOff + k, v);
                    }
                    op.storePending = true;
                } else {
                    tracedPut(q, op);
                }
                break;
            case GET:
                if (rec == null) {
                    int[] order = wordOrder(op.words);
                    for (int i = 0; i < op.words; i++) {
                        int k = order == null ? i : order[i];
                        op.local.mem.setRelease(op.localOff + k, op.remote.mem.get(op.remoteOff + k));
                    }
                    op.storePending = true;
                } else {
                    tracedGet(q, op);
                }
                break;
            default:
                rmw(q, op);
        }
        if (rec != null) {
            for (int k = 0; k < op.words; k++) {
                rec.opStatus(op.traceOp + k, OpStatus.COMPLETED, false);
            }
        }
        return 1;
    }

    private void tracedPut(ConcQp q, Wr op) {
        int t = q.owner.index;
        int[] order = wordOrder(op.words);
        for (int i = 0; i < op.words; i++) {
            int k = order == null ? i : order[i];
            synchronized (rec) {
                long v;
                if (op.inline != null) {
                    v = op.inline[k]; // its NLR was recorded by the poster (ConcEndpoint.readInline)
                } else {
                    v = op.local.mem.get(op.localOff + k);
                    rec.read(EventLabel.NLR, t, q.owner.node, op.po, k, 0, op.local, op.localOff + k, v, -1, op.traceOp + k, false);
                }
                op.remote.mem.set(op.remoteOff + k, v);
                rec.write(EventLabel.NRW, t, op.target(), op.po, k, 1, op.remote, op.remoteOff + k, v, op.traceOp + k, false, true);
            }
        }
    }

    private void tracedGet(ConcQp q, Wr op) {
        int t = q.owner.index;
        int[] order = wordOrder(op.words);
        for (int i = 0; i < op.words; i++) {
            int k = order == null ? i : order[i];
            long v;
            synchronized (rec) {
                v = op.remote.mem.get(op.remoteOff + k);
                rec.read(EventLabel.NRR, t, op.target(), op.po, k, 0, op.remote, op.remoteOff + k, v, -1, op.traceOp + k, false);
            }
            synchronized (rec) {
                op.local.mem.set(op.localOff + k, v);
                rec.write(EventLabel.NLW, t, q.owner.node, op.po, k, 1, op.local, op.localOff + k, v, op.traceOp + k, false, true);
            }
        }
    }

    private void rmw(ConcQp q, Wr op) {
        RaoClass cls = engine.raoClass(op.remote, op.remoteOff);
        ReentrantLock unit = engine.unit(cls);
        int t = q.owner.index;
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
                    int nar = rec.read(EventLabel.NAR, t, op.target(), op.po, 0, 0, op.remote, op.remoteOff, old, -1, op.traceOp, false);
                    rec.rao(cls.key(), nar);
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
                        rec.write(EventLabel.NRW, t, op.target(), op.po, 0, 1, op.remote, op.remoteOff, nv, op.traceOp, false, true);
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
                rec.write(EventLabel.NLW, t, q.owner.node, op.po, 0, 2, op.local, op.localOff, old, op.traceOp, false, true);
            }
        }
    }
}
