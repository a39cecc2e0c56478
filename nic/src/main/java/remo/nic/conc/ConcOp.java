package remo.nic.conc;

import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.FailedOp;
import remo.nic.Op;
import remo.nic.WorkId;
import remo.nic.fabric.SimRegion;

/**
 * A work request's handle in concurrent mode ({@link Op}). The posting thread creates it and hands
 * it to the caller; the NIC worker never sees it: the WR itself travels in the QP's primitive slot
 * ring ({@link ConcQp}), so a post stores no object reference into a shared structure (no GC write
 * barrier, one cache line per WR). A flushed WR is also materialised by its consumer as a second
 * {@code ConcOp} in the endpoint's flushed list, which carries {@link #crashedNode} and
 * {@link #acknowledged}.
 */
final class ConcOp implements Op {
    final ConcEndpoint endpoint;
    final ConcQp qp;
    private final long id;
    final OpKind kind;
    private final int target;
    private final WorkId workId;
    final int words;
    final SimRegion local;
    final int localOff;
    /** 1-based number on its QP. */
    final long qpSeq;
    /** The node whose crash flushed it, 0 for a QP error (flushed records only). */
    volatile int crashedNode;
    /** Whether the program acknowledged the flush (flushed records only). */
    volatile boolean acknowledged;
    /** An unsignalled WR (PostOptions.unsignaled(); set by the poster before publishing). */
    boolean unsignaled;
    /** First trace op index (tracing only), -1 otherwise. */
    int traceOp = -1;

    ConcOp(ConcEndpoint endpoint, ConcQp qp, long id, OpKind kind, int target, WorkId workId, int words, SimRegion local,
           int localOff, long qpSeq) {
        this.endpoint = endpoint;
        this.qp = qp;
        this.id = id;
        this.kind = kind;
        this.target = target;
        this.workId = workId;
        this.words = words;
        this.local = local;
        this.localOff = localOff;
        this.qpSeq = qpSeq;
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public OpKind kind() {
        return kind;
    }

    @Override
    public int target() {
        return target;
    }

    @Override
    public WorkId workId() {
        return workId;
    }

    @Override
    public long value() {
        return endpoint.opValue(this);
    }

    @Override
    public OpStatus status() {
        long head = qp.head();
        if (head >= qpSeq) {
            return qp.flushed(qpSeq) ? OpStatus.FLUSHED : OpStatus.COMPLETED;
        }
        return head == qpSeq - 1 ? OpStatus.ACTIVE : OpStatus.QUEUED;
    }

    /** The flush report of this op (a flushed WR never started in concurrent mode: reached {@code none}). */
    FailedOp failure() {
        return new FailedOp(endpoint.name, id, kind, target, workId == null ? null : workId.label(), "none");
    }

    @Override
    public String toString() {
        return endpoint.name + " op#" + id + " " + kind + "->" + target + (workId == null ? "" : " " + workId);
    }
}
