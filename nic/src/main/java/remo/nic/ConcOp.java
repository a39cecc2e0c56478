package remo.nic;

/**
 * A work request in concurrent mode. Created by the posting thread, executed by its node's NIC
 * worker; the only object allocated per op on the hot path (it is the {@link Op} handle).
 */
final class ConcOp implements Op {
    static final int QUEUED = 0;
    static final int COMPLETED = 1;
    static final int FLUSHED = 2;

    final ConcEndpoint endpoint;
    final ConcQp qp;
    private final long id;
    final OpKind kind;
    private final int target;
    private final WorkId workId;
    final int words;
    final SimRegion remote;
    final int remoteOff;
    final SimRegion local;
    final int localOff;
    final long operandA;
    final long operandB;
    /** 1-based number on its QP. */
    final long qpSeq;
    final long po;
    /** QUEUED, COMPLETED or FLUSHED; written by the worker before it publishes the QP head (read after reading the head). */
    int state;
    volatile boolean acknowledged;
    String reached = "none";
    int crashedNode;
    /** First trace op index (tracing only), -1 otherwise. */
    int traceOp = -1;

    ConcOp(ConcEndpoint endpoint, ConcQp qp, long id, OpKind kind, WorkId workId, int words, SimRegion remote, int remoteOff,
           SimRegion local, int localOff, long a, long b, long qpSeq, long po) {
        this.endpoint = endpoint;
        this.qp = qp;
        this.id = id;
        this.kind = kind;
        this.target = remote.home();
        this.workId = workId;
        this.words = words;
        this.remote = remote;
        this.remoteOff = remoteOff;
        this.local = local;
        this.localOff = localOff;
        this.operandA = a;
        this.operandB = b;
        this.qpSeq = qpSeq;
        this.po = po;
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
        if (qp.head() >= qpSeq) {
            return state == FLUSHED ? OpStatus.FLUSHED : OpStatus.COMPLETED;
        }
        return qp.head() == qpSeq - 1 ? OpStatus.ACTIVE : OpStatus.QUEUED;
    }

    FailedOp failure() {
        return new FailedOp(endpoint.name, id, kind, target, workId == null ? null : workId.label(), reached);
    }

    @Override
    public String toString() {
        return endpoint.name + " op#" + id + " " + kind + "->" + target + (workId == null ? "" : " " + workId);
    }
}
