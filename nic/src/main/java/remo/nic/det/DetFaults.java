package remo.nic.det;

import java.util.ArrayList;
import java.util.List;
import remo.core.rdma.OpStatus;
import remo.nic.Endpoint;
import remo.nic.FailedOp;
import remo.nic.FaultPlan;
import remo.nic.Node;
import remo.nic.error.QpErrorException;
import remo.nic.fabric.ClusterCore;
import remo.nic.trace.Recorder;

/**
 * The faults of nic.md §7 in the deterministic engine: QP errors (by op count or at a scheduler
 * step), node crashes, flushing, and the acknowledgement and reset a program makes afterwards.
 * Acts on the state of its {@link DetMachine}; single-threaded like it.
 */
final class DetFaults {
    private final DetMachine m;
    private final ClusterCore core;
    private final Recorder rec;
    /** Fault rules of kind qpError(afterOps), with whether each fired. */
    private final List<FaultPlan.QpError> qpErrorRules = new ArrayList<>();
    private final List<Boolean> qpErrorFired = new ArrayList<>();
    /** Fault rules that fire at a scheduler step (qpErrorAtStep, crash), as actions, with whether each fired. */
    private final List<TimedFault> timedFaults = new ArrayList<>();
    private final boolean[] timedFired;

    DetFaults(DetMachine machine, FaultPlan faults) {
        this.m = machine;
        this.core = machine.core;
        this.rec = machine.rec;
        for (FaultPlan.Rule r : faults.rules()) {
            if (r instanceof FaultPlan.QpError q) {
                qpErrorRules.add(q);
                qpErrorFired.add(false);
            } else if (r instanceof FaultPlan.QpErrorAtStep || r instanceof FaultPlan.Crash) {
                timedFaults.add(new TimedFault(timedFaults.size(), r));
            }
        }
        this.timedFired = new boolean[timedFaults.size()];
    }

    /** The first timed fault due at scheduler step {@code step} that has not fired, or {@code null}. */
    TimedFault due(long step) {
        for (TimedFault f : timedFaults) {
            if (!timedFired[f.index()] && step >= f.atStep()) {
                return f;
            }
        }
        return null;
    }

    /** The action FAULT(i): timed fault {@code f} fires (a crash, or a QP error now). */
    void fire(TimedFault f) {
        timedFired[f.index()] = true;
        FaultPlan.Rule r = f.rule();
        if (r instanceof FaultPlan.Crash c) {
            crash(c.node());
        } else {
            FaultPlan.QpErrorAtStep q = (FaultPlan.QpErrorAtStep) r;
            qpFailNow(q.thread(), q.target());
        }
    }

    boolean qpErrorFires(DetOp op) {
        for (int i = 0; i < qpErrorRules.size(); i++) {
            FaultPlan.QpError r = qpErrorRules.get(i);
            if (!qpErrorFired.get(i) && r.thread().equals(op.thread.name) && r.target() == op.target()
                    && r.afterOps() == op.qpNumber) {
                qpErrorFired.set(i, true);
                return true;
            }
        }
        return false;
    }

    /** QP {@code q} enters ERROR: every WR of it not COMPLETED is FLUSHED (nic.md §7.2). */
    void qpFail(DetQp q, int crashedNode) {
        q.error = true;
        q.crashedNode = crashedNode;
        for (DetOp op : q.ops) {
            if (op.status() != OpStatus.FLUSHED) {
                flush(op, crashedNode);
            }
        }
    }

    /** Flushes {@code op} (or, if already COMPLETED, abandons its remaining steps). */
    void flush(DetOp op, int crashedNode) {
        boolean wasCompleted = op.status() == OpStatus.COMPLETED;
        for (WordOp w : op.w) {
            if (!w.done() && !w.dead) {
                w.dead = true;
                m.outstanding--;
                m.nic.release(w);
                if (rec != null) {
                    rec.opStatus(w.traceOp, wasCompleted ? OpStatus.COMPLETED : OpStatus.FLUSHED, true);
                }
            }
        }
        if (!wasCompleted) {
            op.status = OpStatus.FLUSHED;
            op.crashedNode = crashedNode;
            op.qp.incomplete--;
            op.qp.metrics.flushed++;
        }
    }

    /** Node {@code n} crashes (nic.md §7.3). */
    void crash(int n) {
        core.markCrashed(n);
        for (DetThread t : m.threads) {
            if (t.node == n) {
                t.sb.clear();
                for (DetQp q : t.qpList) {
                    qpFail(q, n);
                }
            } else if (t.qp(n) != null) {
                qpFail(t.qp(n), n);
            }
        }
    }

    /** QP {@code (thread, target)} fails now (qpErrorAtStep). */
    void qpFailNow(String thread, int target) {
        for (DetThread t : m.threads) {
            if (t.name.equals(thread) && target >= 1 && target <= core.size) {
                qpFail(m.qpOf(t, target), 0);
            }
        }
    }

    /** {@link Endpoint#acknowledge}. */
    void acknowledge(DetThread t, QpErrorException e) {
        for (FailedOp f : e.ops()) {
            if (f.thread().equals(t.name) && f.opId() >= 1 && f.opId() <= t.ops.size()) {
                DetOp o = t.ops.get((int) f.opId() - 1);
                if (o.status() == OpStatus.FLUSHED) {
                    o.acknowledged = true;
                }
            }
        }
    }

    /** {@link Endpoint#resetQp}. */
    void resetQp(DetThread t, int n) {
        DetQp q = t.qp(n);
        if (q == null || !q.error) {
            return;
        }
        for (DetOp o : q.ops) {
            if (o.status() == OpStatus.FLUSHED && !o.acknowledged) {
                throw new IllegalStateException(t.endpoint.who("resetQp(" + n + ")") + ": flushed op " + o
                        + " is not acknowledged");
            }
        }
        if (core.crashed(n)) {
            throw new IllegalStateException(t.endpoint.who("resetQp(" + n + ")") + ": node " + n + " crashed");
        }
        t.qps[n] = null;
        t.qpList.remove(q);
        m.qpOf(t, n);
    }

    /** Flushed, unacknowledged ops of threads on surviving nodes (nic.md §7.4). */
    List<FailedOp> unreported() {
        List<FailedOp> out = new ArrayList<>();
        for (DetThread t : m.threads) {
            if (core.crashed(t.node)) {
                continue;
            }
            for (DetOp o : t.ops) {
                if (o.status() == OpStatus.FLUSHED && !o.acknowledged) {
                    out.add(o.failure());
                }
            }
        }
        return out;
    }
}
