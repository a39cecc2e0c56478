package remo.nic.det;

import remo.core.rdma.OpKind;
import remo.core.rdma.OpStage;
import remo.core.rdma.RaoClass;
import remo.core.rdma.SameQpOrder;
import remo.nic.Schedule;
import remo.nic.fabric.SimRegion;

/**
 * One word operation of a work request (nic.md §4.6) and its progress through the status sequence
 * of operational.md §1: put {@code POSTED → READ → DONE} (stages 0–2), get {@code POSTED → FETCHED →
 * DONE} (0–2), RMW {@code POSTED → LOCKED → WRITTEN → DONE} (0–3; a non-writing rcas skips LOCKED).
 */
final class WordOp implements Action, QpEntry {
    final DetOp op;
    final int word;
    /** Per-thread sequence number (action identity). */
    final int seq;
    final SimRegion remote;
    final int remoteOff;
    final SimRegion local;
    final int localOff;
    /** The fence markers queued in its queue pair before it (a guard's NOT_BLOCKED conjunct looks past them only). */
    int fencesBefore;
    int stage;
    /** Value read (put source, get data, RMW old value). */
    long v;
    /** RMW: the value its NRW writes. */
    long nv;
    /** RMW: whether it writes (known after NAR). */
    boolean writes;
    /** Terminated by a fault; takes no more steps. */
    boolean dead;
    /** Scheduler hold of the next step, -1 until drawn. */
    int hold = -1;
    /** Whether a busy unit has been counted for this NAR (rmwUnitContention). */
    boolean contended;
    int traceOp = -1;
    /** The rao class of a remote RMW's word ({@link RaoClass}), {@code null} for puts and gets. */
    final RaoClass raoClass;

    WordOp(DetOp op, int word, int seq, SimRegion remote, int remoteOff, SimRegion local, int localOff, RaoClass raoClass) {
        this.op = op;
        this.word = word;
        this.seq = seq;
        this.remote = remote;
        this.remoteOff = remoteOff;
        this.local = local;
        this.localOff = localOff;
        this.raoClass = raoClass;
    }

    OpKind kind() {
        return op.kind();
    }

    /** Whether this is a word of an inline put (its NLR was made by the CPU at posting). */
    boolean inline() {
        return op.inline;
    }

    /** The stage of its first NIC step: 1 (NRW) for an inline put's word, else 0. */
    int firstStage() {
        return op.inline ? 1 : 0;
    }

    boolean isRmw() {
        return op.kind() == OpKind.RCAS || op.kind() == OpKind.RFAA;
    }

    boolean done() {
        return stage >= (isRmw() ? 3 : 2);
    }

    /** The status of operational.md §1 its stage stands for (what the guards of {@link SameQpOrder} read). */
    OpStage status() {
        switch (op.kind()) {
            case PUT: return stage == 0 ? OpStage.POSTED : stage == 1 ? OpStage.READ : OpStage.DONE;
            case GET: return stage == 0 ? OpStage.POSTED : stage == 1 ? OpStage.FETCHED : OpStage.DONE;
            default: return stage == 0 ? OpStage.POSTED : stage == 1 ? OpStage.LOCKED : stage == 2 ? OpStage.WRITTEN : OpStage.DONE;
        }
    }

    /** The name of the next step. */
    String nextStep() {
        return stepAt(stage);
    }

    /** The name of the step this word operation takes from stage {@code s} (operational.md §1). */
    String stepAt(int s) {
        switch (op.kind()) {
            case PUT: return s == 0 ? "NLR" : "NRW";
            case GET: return s == 0 ? "NRR" : "NLW";
            default: return s == 0 ? "NAR" : s == 1 ? "NRW" : "NLW";
        }
    }

    /** The name of the last step performed, or {@code none}. */
    String lastStep() {
        if (stage == 0) {
            return "none";
        }
        switch (op.kind()) {
            case PUT: return stage == 1 ? "NLR" : "NRW";
            case GET: return stage == 1 ? "NRR" : "NLW";
            default: return stage == 1 ? "NAR" : stage == 2 ? (writes ? "NRW" : "NAR") : "NLW";
        }
    }

    @Override
    public long code() {
        return Schedule.code(Schedule.NIC, op.thread.index, stage, seq);
    }

    @Override
    public String toString() {
        return op + (op.words() > 1 ? "[" + word + "]" : "") + " at " + (stage == 0 ? "POSTED" : stage == 1 && op.inline
                ? "READ (inline)" : lastStep());
    }
}
