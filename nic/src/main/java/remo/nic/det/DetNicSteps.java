package remo.nic.det;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStage;
import remo.core.rdma.OpStatus;
import remo.core.rdma.RaoClass;
import remo.core.rdma.SameQpOrder;
import remo.nic.NicConfig;
import remo.nic.fabric.ClusterCore;
import remo.nic.trace.Recorder;

/**
 * The NIC transitions of operational.md §4 in the deterministic engine: which steps of a QP's
 * word operations are enabled (the same-QP guards, and the rao class's {@code unit} for an
 * {@code NAR}), and what each step does to memory, the op's status, the trace and the metrics.
 * Acts on the state of its {@link DetMachine}; single-threaded like it.
 */
final class DetNicSteps {
    private final DetMachine m;
    private final ClusterCore core;
    private final NicConfig cfg;
    private final Recorder rec;
    /** The same-QP guards under the run's flags. */
    final SameQpOrder order;
    /** Holder of each busy unit, by rao class. */
    private final Map<RaoClass, WordOp> units = new HashMap<>();

    DetNicSteps(DetMachine machine) {
        this.m = machine;
        this.core = machine.core;
        this.cfg = machine.cfg;
        this.rec = machine.rec;
        this.order = new SameQpOrder(cfg.flagValues());
    }

    /** The nodes whose rao unit (RAO_SCOPE=PER_NODE) a remote RMW holds now, ascending. */
    List<Integer> busyNodes() {
        List<Integer> out = new java.util.ArrayList<>();
        for (RaoClass c : units.keySet()) {
            if (c.isNode()) {
                out.add(c.node());
            }
        }
        java.util.Collections.sort(out);
        return out;
    }

    /** Frees the unit {@code w} holds, if it holds one (a fault ends its RMW). */
    void release(WordOp w) {
        if (w.raoClass != null && units.get(w.raoClass) == w) {
            units.remove(w.raoClass);
        }
    }

    /** Whether {@code w}'s word counts as complete (its op completes when all its words do). */
    private boolean complete(WordOp w) {
        return order.complete(w.kind(), w.status(), w.inline());
    }

    /** Adds the enabled NIC steps of QP {@code q} to {@code out}, in queue order. */
    void collect(DetQp q, List<Action> out) {
        if (q.error) {
            return;
        }
        List<QpEntry> es = q.entries;
        while (q.head < es.size() && (!(es.get(q.head) instanceof WordOp h) || h.done())) {
            q.head++;
        }
        if (q.head > 64 && q.head * 2 > es.size()) {
            es.subList(0, q.head).clear();
            q.head = 0;
        }
        // what the earlier entries of the queue guarantee (the guards of operational.md §4)
        int earlier = SameQpOrder.NOTHING_EARLIER;
        // RANDOM intra-request order (nic.md §4.6): the words of one WR are guard-free among
        // themselves, so a WR's words feed the guarantees only once the next WR (or a fence) starts
        boolean grouped = cfg.intraRequestOrder() == NicConfig.IntraRequestOrder.RANDOM;
        int group = SameQpOrder.NOTHING_EARLIER;
        DetOp groupOp = null;
        for (int i = q.head; i < es.size(); i++) {
            QpEntry e = es.get(i);
            WordOp w = e instanceof WordOp word ? word : null;
            if (grouped && (w == null || w.op != groupOp)) {
                earlier = SameQpOrder.both(earlier, group);
                group = SameQpOrder.NOTHING_EARLIER;
                groupOp = w == null ? null : w.op;
            }
            if (w == null) {
                earlier = SameQpOrder.afterFence(earlier);
                continue;
            }
            OpStage status = w.status();
            if (status != OpStage.DONE && order.enabled(earlier, w.kind(), status, w.inline())) {
                if (status == OpStage.POSTED && w.raoClass != null && units.get(w.raoClass) != null) {
                    // the NAR also needs its rao class's unit
                    if (!w.contended) {
                        w.contended = true;
                        core.metrics.unitContention(w.remote.home());
                    }
                } else {
                    out.add(w);
                }
            }
            if (grouped) {
                group = order.after(group, w.kind(), status, w.inline());
            } else {
                earlier = order.after(earlier, w.kind(), status, w.inline());
            }
        }
    }

    /** Performs the next step of {@code w} (its guard holds). */
    void step(WordOp w) {
        DetOp op = w.op;
        DetThread t = op.thread;
        if (w.stage == w.firstStage() && w.word == 0 && m.faults.qpErrorFires(op)) {
            m.faults.qpFail(op.qp, 0);
            return;
        }
        boolean wasComplete = complete(w);
        int ti = t.index;
        switch (op.kind()) {
            case PUT:
                if (w.stage == 0) {
                    w.v = w.local.mem.get(w.localOff);
                    w.local.usedBy(ti);
                    SpinLog.read(op.spinEntry, w.local, w.localOff, w.v, false);
                    if (rec != null) {
                        rec.read(EventLabel.NLR, ti, t.node, op.po, w.word, 0, w.local, w.localOff, w.v, -1, w.traceOp, false);
                    }
                } else {
                    SpinLog.wrote(op.spinEntry, w.remote.mem.get(w.remoteOff), w.v);
                    SpinLog.sharedWrite(op.spinEntry, w.remote, w.remoteOff, w.remote.mem.get(w.remoteOff), w.v, false);
                    w.remote.mem.set(w.remoteOff, w.v);
                    if (rec != null) {
                        rec.write(EventLabel.NRW, ti, op.target(), op.po, w.word, 1, w.remote, w.remoteOff, w.v, w.traceOp, false, true);
                    }
                }
                w.stage++;
                break;
            case GET:
                if (w.stage == 0) {
                    w.v = w.remote.mem.get(w.remoteOff);
                    SpinLog.read(op.spinEntry, w.remote, w.remoteOff, w.v, false);
                    if (rec != null) {
                        rec.read(EventLabel.NRR, ti, op.target(), op.po, w.word, 0, w.remote, w.remoteOff, w.v, -1, w.traceOp, false);
                    }
                } else {
                    SpinLog.wrote(op.spinEntry, w.local.mem.get(w.localOff), w.v);
                    SpinLog.sharedWrite(op.spinEntry, w.local, w.localOff, w.local.mem.get(w.localOff), w.v, false);
                    w.local.usedBy(ti);
                    w.local.mem.set(w.localOff, w.v);
                    if (rec != null) {
                        rec.write(EventLabel.NLW, ti, t.node, op.po, w.word, 1, w.local, w.localOff, w.v, w.traceOp, false, true);
                    }
                }
                w.stage++;
                break;
            default:
                rmwStep(w, t);
        }
        w.hold = -1;
        op.reached = w.lastStep();
        if (op.status() == OpStatus.QUEUED) {
            op.status = OpStatus.ACTIVE;
            if (rec != null) {
                for (WordOp x : op.w) {
                    rec.opStatus(x.traceOp, OpStatus.ACTIVE, false);
                }
            }
        }
        if (!wasComplete && complete(w) && ++op.completedWords == op.words()) {
            op.status = OpStatus.COMPLETED;
            op.qp.incomplete--;
            op.qp.metrics.completed++;
            if (rec != null) {
                for (WordOp x : op.w) {
                    rec.opStatus(x.traceOp, OpStatus.COMPLETED, false);
                }
            }
        }
        if (w.done()) {
            m.outstanding--;
        }
    }

    private void rmwStep(WordOp w, DetThread t) {
        DetOp op = w.op;
        int ti = t.index;
        if (w.stage == 0) {
            long old = w.remote.mem.get(w.remoteOff);
            w.v = old;
            SpinLog.read(op.spinEntry, w.remote, w.remoteOff, old, false);
            int nar = -1;
            if (rec != null) {
                nar = rec.read(EventLabel.NAR, ti, op.target(), op.po, 0, 0, w.remote, w.remoteOff, old, -1, w.traceOp, false);
                rec.rao(w.raoClass.key(), nar);
            }
            if (op.kind() == OpKind.RFAA) {
                w.writes = true;
                w.nv = old + op.operandA;
            } else {
                boolean success = old == op.operandA;
                w.writes = success || cfg.failedRcasWrites();
                w.nv = success ? op.operandB : old;
                if (!success && rec != null) {
                    rec.failedRcas(w.traceOp);
                }
            }
            if (w.writes) {
                units.put(w.raoClass, w);
                w.stage = 1;
            } else {
                w.stage = 2;
            }
        } else if (w.stage == 1) {
            SpinLog.wrote(op.spinEntry, w.remote.mem.get(w.remoteOff), w.nv);
            SpinLog.sharedWrite(op.spinEntry, w.remote, w.remoteOff, w.remote.mem.get(w.remoteOff), w.nv, false);
            w.remote.mem.set(w.remoteOff, w.nv);
            if (rec != null) {
                rec.write(EventLabel.NRW, ti, op.target(), op.po, 0, 1, w.remote, w.remoteOff, w.nv, w.traceOp, false, true);
            }
            units.remove(w.raoClass);
            w.stage = 2;
        } else {
            SpinLog.wrote(op.spinEntry, w.local.mem.get(w.localOff), w.v);
            SpinLog.sharedWrite(op.spinEntry, w.local, w.localOff, w.local.mem.get(w.localOff), w.v, false);
            w.local.usedBy(ti);
            w.local.mem.set(w.localOff, w.v);
            if (rec != null) {
                rec.write(EventLabel.NLW, ti, t.node, op.po, 0, 2, w.local, w.localOff, w.v, w.traceOp, false, true);
            }
            w.stage = 3;
        }
    }
}
