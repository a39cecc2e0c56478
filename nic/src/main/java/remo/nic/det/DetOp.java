package remo.nic.det;

import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.FailedOp;
import remo.nic.Op;
import remo.nic.WorkId;

/** A work request in deterministic mode: the {@link Op} handle and its word operations. */
final class DetOp implements Op {
    final DetThread thread;
    private final long id;
    private final OpKind kind;
    private final int target;
    private final WorkId workId;
    private final int words;
    final long operandA;
    final long operandB;
    final long po;
    final WordOp[] w;
    DetQp qp;
    /** The sequence number of the store-buffer entry that posts it (the drain that queues it). */
    long postEntry = -1;
    /** The spin-log entry of the call that posted it, or null (spin detection off). */
    SpinLog.Entry spinEntry;
    /** 1-based number of this op on its QP. */
    long qpNumber;
    OpStatus status = OpStatus.BUFFERED;
    int completedWords;
    /** Covered by an earlier returned waitFor/gf/poll (round-trip accounting, locks.md §1.6). */
    boolean covered;
    /** A covering waitFor/gf has returned (Op.value precondition). */
    boolean waited;
    boolean acknowledged;
    /** Crashed node behind the flush, or 0 for a QP error. */
    int crashedNode;
    String reached = "none";

    /** An inline put (its CPU read the source words at posting; its words start at stage 1). */
    boolean inline;
    /** An unsignalled WR: no poll consumes it (language.md §4.2). */
    boolean unsignaled;

    DetOp(DetThread thread, long id, OpKind kind, int target, WorkId workId, int words, long a, long b, long po) {
        this.thread = thread;
        this.id = id;
        this.kind = kind;
        this.target = target;
        this.workId = workId;
        this.words = words;
        this.operandA = a;
        this.operandB = b;
        this.po = po;
        this.w = new WordOp[words];
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

    int words() {
        return words;
    }

    @Override
    public long value() {
        return thread.endpoint.opValue(this);
    }

    @Override
    public OpStatus status() {
        return status;
    }

    boolean finished() {
        return status == OpStatus.COMPLETED || status == OpStatus.FLUSHED;
    }

    boolean loopback() {
        return target == thread.node;
    }

    FailedOp failure() {
        return new FailedOp(thread.name, id, kind, target, workId == null ? null : workId.label(), reached);
    }

    @Override
    public String toString() {
        return thread.name + " op#" + id + " " + kind + "->" + target + (workId == null ? "" : " " + workId);
    }
}
