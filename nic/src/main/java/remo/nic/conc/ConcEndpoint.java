package remo.nic.conc;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.Capability;
import remo.nic.FailedOp;
import remo.nic.NicConfig;
import remo.nic.Op;
import remo.nic.PostOptions;
import remo.nic.Region;
import remo.nic.WorkId;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.NotWaitedException;
import remo.nic.error.QpErrorException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Counter;
import remo.nic.fabric.CpuRmw;
import remo.nic.fabric.EndpointBase;
import remo.nic.fabric.SimRegion;
import remo.nic.trace.Recorder;

/**
 * The endpoint of a concurrent-mode thread (nic.md §5.2): CPU stores go to memory at once (SC
 * stores, a permitted strengthening of TSO), posts go directly to the QP's ring after the thread's
 * earlier stores, and waits spin, yield, then park until the QP heads they cover have passed.
 * Completion tracking is per QP sequence number, so the NIC worker and the thread share no counter.
 * Put options (nic.md §4.2): an inline put's source is read here at posting and travels with the WR;
 * polls and the unsignalled WRs they retire are {@link ConcPolls}'.
 */
final class ConcEndpoint extends EndpointBase {
    private final ConcEngine engine;
    private final Recorder rec;
    final ConcQp[] qps;
    final List<ConcQp> qpList = new CopyOnWriteArrayList<>();
    volatile Thread waiter;
    /** The WRs its QPs flushed (nic.md §7.2). */
    final ConcFlushedOps flushed = new ConcFlushedOps();
    private final boolean keepOps;
    /** Every op in posting order (POLL mode, or tracing). */
    private final List<ConcOp> allOps = new ArrayList<>();
    /** The poll scopes and {@code poll} (POLL mode, or tracing; else {@code null}). */
    private final ConcPolls polls;
    private long nextOpId = 1;
    private long calls;
    // per work id: last QP sequence per target, waited-through op id, uncovered op counts
    private final List<long[]> lastSeq = new ArrayList<>();
    private long[] waitedBound = new long[4];
    private long[] uncoveredRemote = new long[4];
    private long[] uncoveredLoop = new long[4];
    private long totalRemote;
    private long totalLoop;
    private long gfBound;
    private final double drainDelayProbability;
    private final int drainDelayMicros;

    ConcEndpoint(ConcEngine engine, ClusterCore core, String name, int node, int index, double drainDelayProbability,
                 int drainDelayMicros) {
        super(core, name, node, index);
        this.engine = engine;
        this.rec = core.recorder;
        this.qps = new ConcQp[core.size + 1];
        this.keepOps = rec != null || core.config.completionMode() == NicConfig.CompletionMode.POLL;
        this.polls = keepOps ? new ConcPolls(this, core.size) : null;
        this.drainDelayProbability = drainDelayProbability;
        this.drainDelayMicros = drainDelayMicros;
    }

    /** This endpoint's work ids by index, for consumers materialising flushed WRs (copy on write). */
    private volatile WorkId[] workIdTable = new WorkId[0];

    /** The work id with index {@code i} (any thread, for a WR published after its creation). */
    WorkId workIdAt(int i) {
        return workIdTable[i];
    }

    @Override
    public void onNewWorkId(WorkId d) {
        WorkId[] t = java.util.Arrays.copyOf(workIdTable, d.index() + 1);
        t[d.index()] = d;
        workIdTable = t;
        lastSeq.add(new long[core.size + 1]);
        int i = d.index();
        if (i >= waitedBound.length) {
            waitedBound = java.util.Arrays.copyOf(waitedBound, i * 2);
            uncoveredRemote = java.util.Arrays.copyOf(uncoveredRemote, i * 2);
            uncoveredLoop = java.util.Arrays.copyOf(uncoveredLoop, i * 2);
        }
    }

    // ------------------------------------------------------------------ CPU

    /** The po index of the next call (the script runner's {@code await} takes one too). */
    long nextPo() {
        return calls++;
    }

    /** The trace recorder, or {@code null} when tracing is off. */
    Recorder recorder() {
        return rec;
    }

    /** The engine this endpoint belongs to. */
    ConcEngine engine() {
        return engine;
    }

    @Override
    public long load(Region r, int off) {
        enter("load");
        SimRegion s = cpuRegion("load", r, off);
        long po = calls++;
        if (rec == null) {
            return s.mem.get(off);
        }
        synchronized (rec) {
            long v = s.mem.get(off);
            rec.read(EventLabel.R, index, node, po, 0, 0, s, off, v, -1, -1, false);
            return v;
        }
    }

    /** Whether this endpoint's thread is spinning in an {@code await} whose value has not appeared yet. */
    volatile boolean awaiting;

    @Override
    public void store(Region r, int off, long value) {
        enter("store");
        SimRegion s = cpuRegion("store", r, off);
        long po = calls++;
        if (rec == null) {
            s.mem.set(off, value);
            return;
        }
        synchronized (rec) {
            s.mem.set(off, value);
            rec.write(EventLabel.W, index, node, po, 0, 0, s, off, value, -1, false, true);
        }
    }

    @Override
    public void mfence() {
        enter("mfence");
        long po = calls++;
        VarHandle.fullFence();
        if (rec != null) {
            rec.marker(EventLabel.F, index, node, po);
        }
    }

    @Override
    public long cas(Region r, int off, long expect, long update) {
        enter("cas");
        SimRegion s = cpuRegion("cas", r, off);
        return lockedRmw(s, off, CpuRmw.CAS, expect, update);
    }

    @Override
    public long swap(Region r, int off, long value) {
        enter("swap");
        SimRegion s = cpuRegion("swap", r, off);
        return lockedRmw(s, off, CpuRmw.SWAP, 0, value);
    }

    @Override
    public long faa(Region r, int off, long delta) {
        enter("faa");
        SimRegion s = cpuRegion("faa", r, off);
        return lockedRmw(s, off, CpuRmw.FAA, 0, delta);
    }

    private long lockedRmw(SimRegion s, int off, CpuRmw kind, long expect, long operand) {
        long po = calls++;
        if (rec == null) {
            return kind == CpuRmw.CAS ? s.mem.compareAndExchange(off, expect, operand)
                    : kind == CpuRmw.FAA ? s.mem.getAndAdd(off, operand) : s.mem.getAndSet(off, operand);
        }
        synchronized (rec) {
            long old = s.mem.get(off);
            rec.read(EventLabel.R, index, node, po, 0, 0, s, off, old, -1, -1, true);
            if (kind.writes(old, expect)) {
                long nv = kind.newValue(old, operand);
                s.mem.set(off, nv);
                rec.write(EventLabel.W, index, node, po, 0, 1, s, off, nv, -1, true, true);
            }
            return old;
        }
    }

    // ------------------------------------------------------------------ NIC operations

    @Override
    public Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        enter("put");
        checkPut(d, dst, dstOff, src, srcOff, words);
        return post(OpKind.PUT, d, (SimRegion) dst, dstOff, (SimRegion) src, srcOff, words, 0, 0, PostOptions.plain());
    }

    /**
     * A put with options (nic.md §4.2): an inline put's source words are read here, by the calling
     * thread, from memory (its own stores are there already: concurrent mode has no store buffer,
     * nic.md §5.2), and the NIC writes those values; an unsignalled put is numbered in no poll scope
     * ({@link ConcPolls}).
     */
    @Override
    public Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words, PostOptions options) {
        enter("put");
        checkPut(d, dst, dstOff, src, srcOff, words);
        return post(OpKind.PUT, d, (SimRegion) dst, dstOff, (SimRegion) src, srcOff, words, 0, 0, options);
    }

    @Override
    public Op get(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        enter("get");
        checkGet(d, dst, dstOff, src, srcOff, words);
        return post(OpKind.GET, d, (SimRegion) src, srcOff, (SimRegion) dst, dstOff, words, 0, 0, PostOptions.plain());
    }

    @Override
    public Op rcas(WorkId d, Region result, int resultOff, Region target, int targetOff, long expect, long update) {
        enter("rcas");
        checkRmw("rcas", d, result, resultOff, target, targetOff);
        return post(OpKind.RCAS, d, (SimRegion) target, targetOff, (SimRegion) result, resultOff, 1, expect, update, PostOptions.plain());
    }

    @Override
    public Op rfaa(WorkId d, Region result, int resultOff, Region target, int targetOff, long delta) {
        enter("rfaa");
        checkRmw("rfaa", d, result, resultOff, target, targetOff);
        return post(OpKind.RFAA, d, (SimRegion) target, targetOff, (SimRegion) result, resultOff, 1, delta, 0, PostOptions.plain());
    }

    private ConcQp qp(int target) {
        ConcQp q = qps[target];
        if (q == null) {
            q = engine.newQp(this, target);
            qps[target] = q;
            qpList.add(q);
        }
        return q;
    }

    private Op post(OpKind kind, WorkId d, SimRegion remote, int remoteOff, SimRegion local, int localOff, int words,
                    long a, long b, PostOptions options) {
        int target = remote.home();
        ConcQp q = qp(target);
        long seq = q.published() + 1;
        if (seq - q.head() > q.capacity) {
            q.stall(seq);
        }
        long po = calls++;
        boolean loopback = target == node;
        ConcOp op = new ConcOp(this, q, nextOpId++, kind, target, d, words, local, localOff, seq);
        op.unsignaled = options.isUnsignaled();
        int traceOp = -1;
        if (rec != null) {
            for (int k = 0; k < words; k++) {
                int ti = rec.op(index, po, k, op.id(), kind, target, d, loopback);
                if (k == 0) {
                    traceOp = ti;
                }
                if (op.unsignaled) {
                    rec.unsignaled(ti);
                }
            }
            op.traceOp = traceOp;
        }
        // a put posted to a QP in error is flushed and reads nothing (as in deterministic mode)
        long[] inlineValues = options.isInline() ? q.error ? new long[words] : readInline(op, po) : null;
        if (keepOps) {
            allOps.add(op);
            polls.posted(op);
        }
        if (drainDelayProbability > 0 && java.util.concurrent.ThreadLocalRandom.current().nextDouble() < drainDelayProbability) {
            LockSupport.parkNanos(drainDelayMicros * 1000L);
        }
        q.publish(seq, kind, d, remote, remoteOff, local, localOff, a, b, op.id(), po, words, traceOp, inlineValues);
        long[] c = metrics.c;
        c[Counter.posted(kind).ordinal()]++;
        if (loopback) {
            c[Counter.loopback(kind).ordinal()]++;
            c[Counter.LOOPBACK_BYTES.ordinal()] += kind.payloadBytes(words);
            totalLoop++;
        } else {
            c[Counter.PAYLOAD_BYTES.ordinal()] += kind.payloadBytes(words);
            totalRemote++;
        }
        q.metrics.posted = seq;
        q.metrics.onPost(seq - q.head());
        if (d != null) {
            int i = d.index();
            lastSeq.get(i)[target] = seq;
            if (loopback) {
                uncoveredLoop[i]++;
            } else {
                uncoveredRemote[i]++;
            }
        }
        return op;
    }

    /**
     * An inline put's CPU read of its source words at posting (operational.md §2), as {@link #load}
     * reads: memory holds this thread's latest stores. Recorded as the put's {@code NLR} events.
     */
    private long[] readInline(ConcOp op, long po) {
        long[] v = new long[op.words];
        for (int k = 0; k < op.words; k++) {
            if (rec == null) {
                v[k] = op.local.mem.get(op.localOff + k);
                continue;
            }
            synchronized (rec) {
                v[k] = op.local.mem.get(op.localOff + k);
                rec.inline(op.traceOp + k);
                rec.read(EventLabel.NLR, index, node, po, k, 0, op.local, op.localOff + k, v[k], -1, op.traceOp + k, false);
            }
        }
        return v;
    }

    @Override
    public void rfence(int n) {
        enter("rfence");
        checkNode("rfence", n);
        long po = calls++;
        if (rec != null) {
            rec.marker(EventLabel.RF, index, node, po, n);
        }
    }

    // ------------------------------------------------------------------ completion

    @Override
    public void waitFor(WorkId d) {
        enter("waitFor");
        checkMode("waitFor", NicConfig.CompletionMode.WAIT);
        checkWorkId("waitFor", d);
        if (d == null) {
            throw rejected(new IllegalArgumentException(who("waitFor") + ": the work id must not be null"));
        }
        long po = calls++;
        long bound = nextOpId - 1;
        long[] seqs = lastSeq.get(d.index());
        for (int n = 1; n < seqs.length; n++) {
            if (seqs[n] > 0) {
                qps[n].awaitHead(seqs[n]);
            }
        }
        afterWait("waitFor(" + d + ")", d, bound);
        int i = d.index();
        if (rec != null) {
            int ev = rec.marker(EventLabel.WT, index, node, po, d.index());
            rec.waitMatch(ev, covered(d, waitedBound[i], bound));
        }
        waitedBound[i] = bound;
        roundTrip(uncoveredRemote[i] > 0, uncoveredLoop[i] > 0);
        totalRemote -= uncoveredRemote[i];
        totalLoop -= uncoveredLoop[i];
        uncoveredRemote[i] = 0;
        uncoveredLoop[i] = 0;
        metrics.add(Counter.WAITS, 1);
    }

    @Override
    public List<Op> unwaitedOps(long afterOpId) {
        throw new UnsupportedOperationException(who("unwaitedOps") + ": concurrent mode does not keep its posted ops"
                + " (the deterministic mode does)");
    }

    @Override
    public void gf() {
        enter("gf");
        checkMode("gf", NicConfig.CompletionMode.WAIT);
        long po = calls++;
        long bound = nextOpId - 1;
        for (ConcQp q : qpList) {
            q.awaitHead(q.published());
        }
        afterWait("gf", null, bound);
        if (rec != null) {
            int ev = rec.marker(EventLabel.GF, index, node, po);
            rec.gfMatch(ev, covered(null, gfBound, bound));
        }
        gfBound = bound;
        roundTrip(totalRemote > 0, totalLoop > 0);
        totalRemote = 0;
        totalLoop = 0;
        java.util.Arrays.fill(uncoveredRemote, 0);
        java.util.Arrays.fill(uncoveredLoop, 0);
        metrics.add(Counter.GFS, 1);
    }

    private List<Integer> covered(WorkId d, long fromExclusive, long toInclusive) {
        List<Integer> out = new ArrayList<>();
        for (ConcOp o : allOps) {
            if (o.id() > fromExclusive && o.id() <= toInclusive && (d == null || o.workId() == d)
                    && o.status() == OpStatus.COMPLETED) {
                for (int k = 0; k < o.words; k++) {
                    out.add(o.traceOp + k);
                }
            }
        }
        return out;
    }

    void roundTrip(boolean remote, boolean loop) {
        if (remote) {
            metrics.add(Counter.ROUND_TRIPS, 1);
        } else if (loop) {
            metrics.add(Counter.LOOPBACK_ROUND_TRIPS, 1);
        }
    }

    /** After a wait: a crash of this node, or unacknowledged flushed ops it covers, throw. */
    private void afterWait(String what, WorkId d, long bound) {
        if (core.crashed(node)) {
            throw new NodeCrashedException(who(what) + ": node " + node + " crashed");
        }
        flushed.throwCovered(who(what), d, bound);
    }

    @Override
    public void poll(int n) {
        enter("poll");
        checkMode("poll", NicConfig.CompletionMode.POLL);
        checkNode("poll", n);
        polls.poll(n, calls++);
    }

    long opValue(ConcOp op) {
        enter("Op.value");
        if (op.kind == OpKind.PUT || (op.kind == OpKind.GET && op.words != 1)) {
            throw rejected(new UnsupportedOperationException(who("Op.value") + ": " + op
                    + " has no value (defined for RCAS, RFAA and one-word GET)"));
        }
        if (op.status() == OpStatus.FLUSHED) {
            throw new QpErrorException(who("Op.value") + ": the op was flushed", List.of(op.failure()));
        }
        boolean waited = op.id() <= gfBound || (op.workId() != null && op.id() <= waitedBound[op.workId().index()]);
        if (!waited) {
            throw rejected(new NotWaitedException(who("Op.value") + ": no waitFor/gf covering " + op + " has returned yet"));
        }
        return load(op.local, op.localOff);
    }

    @Override
    public void acknowledge(QpErrorException e) {
        enter("acknowledge");
        flushed.acknowledge(name, e);
    }

    @Override
    public void resetQp(int n) {
        enter("resetQp");
        checkNode("resetQp", n);
        ConcQp q = qps[n];
        if (q == null || !q.error) {
            return;
        }
        if (core.crashed(n)) {
            throw new IllegalStateException(who("resetQp(" + n + ")") + ": node " + n + " crashed");
        }
        q.awaitHead(q.published());
        ConcOp unacknowledged = flushed.unacknowledgedOf(q);
        if (unacknowledged != null) {
            throw new IllegalStateException(who("resetQp(" + n + ")") + ": flushed op " + unacknowledged + " is not acknowledged");
        }
        q.worker.remove(q);
        qpList.remove(q);
        qps[n] = null;
        for (long[] s : lastSeq) {
            s[n] = 0;
        }
        if (keepOps) {
            polls.reset(n);
        }
        qp(n);
    }

    @Override
    public Region awaitRegistration(int n, String regionName, Capability cap, boolean internal) {
        return core.waitRegistered("lookup", n, regionName, cap, internal);
    }

    /** Unacknowledged flushed ops (end of run). */
    List<FailedOp> unreported() {
        return flushed.unreported();
    }
}
