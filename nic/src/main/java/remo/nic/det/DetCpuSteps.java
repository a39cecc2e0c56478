package remo.nic.det;

import java.util.ArrayList;
import java.util.List;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.core.rdma.PollMatching;
import remo.core.rdma.RaoClass;
import remo.nic.Call;
import remo.nic.FailedOp;
import remo.nic.NicConfig;
import remo.nic.WorkId;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.QpErrorException;
import remo.nic.error.RemoteNodeFailedException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Counter;
import remo.nic.fabric.CpuRmw;
import remo.nic.fabric.MetricsRegistry;
import remo.nic.fabric.SimRegion;
import remo.nic.trace.Recorder;

/**
 * The CPU transitions of operational.md §2 in the deterministic engine: what an enabled call does
 * when the scheduler executes {@code CPU(t)} (loads forwarded from the store buffer, stores, fences
 * and posts entering it, locked RMWs, waits, global fences and polls covering completed operations),
 * with its trace events and metrics. Whether a call is enabled is {@link DetMachine#cpuEnabled}; the
 * NIC's steps are {@link DetNicSteps}. Acts on the state of its {@link DetMachine}; single-threaded
 * like it.
 */
final class DetCpuSteps {
    private final DetMachine machine;
    private final ClusterCore core;
    private final NicConfig cfg;
    private final Recorder rec;

    DetCpuSteps(DetMachine machine) {
        this.machine = machine;
        this.core = machine.core;
        this.cfg = machine.cfg;
        this.rec = machine.rec;
    }

    /** Executes thread {@code t}'s pending call (CPU(t)); its result or exception is left in {@code t}. */
    void execute(DetThread t) {
        Call c = t.pending;
        long po = t.pendingPo;
        t.pending = null;
        t.resultValue = 0;
        t.resultOp = null;
        t.resultRegion = null;
        t.resultError = null;
        t.blockedSince = -1;
        t.cpuHold = -1;
        t.endpoint.metrics.add(Counter.CPU_CALLS, 1);
        if (t.spin != null) {
            t.spin.executing();
        }
        try {
            if (core.crashed(t.node)) {
                throw new NodeCrashedException(t.endpoint.who(callName(c)) + ": node " + t.node + " crashed");
            }
            dispatch(t, c, po);
        } catch (RuntimeException e) {
            t.resultError = e;
        }
    }

    private static String callName(Call c) {
        String s = c.getClass().getSimpleName();
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private void dispatch(DetThread t, Call c, long po) {
        if (c instanceof Call.Load l) {
            t.resultValue = load(t, (SimRegion) l.region(), l.offset(), po);
        } else if (c instanceof Call.Await a) {
            t.resultValue = load(t, (SimRegion) a.region(), a.offset(), po);
        } else if (c instanceof Call.OpValue v) {
            DetOp op = (DetOp) v.op();
            t.resultValue = load(t, op.w[0].local, op.w[0].localOff, po);
        } else if (c instanceof Call.Store s) {
            SimRegion r = (SimRegion) s.region();
            int ev = rec == null ? -1 : rec.write(EventLabel.W, t.index, t.node, po, 0, 0, r, s.offset(), s.value(), -1, false, false);
            r.usedBy(t.index);
            if (t.spin != null) {
                SpinLog.changed(t.spin.current);
                if (t.spin.eager()) {
                    // (the old value walks the store buffer: only the model checker needs it)
                    SpinLog.sharedWrite(t.spin.current, r, s.offset(), SpinLog.now(t, r, s.offset(), true), s.value(), true);
                }
            }
            t.sb.addLast(SbEntry.store(t, t.sbSeq++, po, r, s.offset(), s.value(), ev));
            t.endpoint.metrics.max(Counter.SB_DEPTH_MAX, t.sb.size());
        } else if (c instanceof Call.MFence) {
            marker(t, EventLabel.F, po);
        } else if (c instanceof Call.Cas s) {
            t.resultValue = lockedRmw(t, (SimRegion) s.region(), s.offset(), po, CpuRmw.CAS, s.expect(), s.update());
        } else if (c instanceof Call.Faa s) {
            t.resultValue = lockedRmw(t, (SimRegion) s.region(), s.offset(), po, CpuRmw.FAA, 0, s.delta());
        } else if (c instanceof Call.Swap s) {
            t.resultValue = lockedRmw(t, (SimRegion) s.region(), s.offset(), po, CpuRmw.SWAP, 0, s.value());
        } else if (c instanceof Call.Put p) {
            DetOp op = post(t, OpKind.PUT, p.workId(), (SimRegion) p.dst(), p.dstOffset(), (SimRegion) p.src(), p.srcOffset(),
                    p.words(), 0, 0, po, !p.unsignaled());
            if (p.inline()) {
                readInline(t, op, po);
            }
        } else if (c instanceof Call.Get g) {
            post(t, OpKind.GET, g.workId(), (SimRegion) g.src(), g.srcOffset(), (SimRegion) g.dst(), g.dstOffset(), g.words(),
                    0, 0, po, true);
        } else if (c instanceof Call.RCas r) {
            post(t, OpKind.RCAS, r.workId(), (SimRegion) r.target(), r.targetOffset(), (SimRegion) r.result(), r.resultOffset(),
                    1, r.expect(), r.update(), po, true);
        } else if (c instanceof Call.RFaa r) {
            post(t, OpKind.RFAA, r.workId(), (SimRegion) r.target(), r.targetOffset(), (SimRegion) r.result(), r.resultOffset(),
                    1, r.delta(), 0, po, true);
        } else if (c instanceof Call.RFence f) {
            if (rec != null) {
                rec.marker(EventLabel.RF, t.index, t.node, po, f.node());
            }
            t.sb.addLast(SbEntry.fence(t, t.sbSeq++, po, f.node()));
            t.endpoint.metrics.max(Counter.SB_DEPTH_MAX, t.sb.size());
        } else if (c instanceof Call.WaitFor w) {
            int d = w.workId().index();
            List<DetOp> ops = t.opsByWorkId.get(d);
            int from = t.waitFrom.get(d);
            complete(t, ops, from, EventLabel.WT, "waitFor(" + w.workId() + ")", po, w.workId().index());
            t.waitFrom.set(d, ops.size());
            t.endpoint.metrics.add(Counter.WAITS, 1);
        } else if (c instanceof Call.Gf) {
            complete(t, t.ops, t.gfFrom, EventLabel.GF, "gf", po, -1);
            t.gfFrom = t.ops.size();
            t.endpoint.metrics.add(Counter.GFS, 1);
        } else if (c instanceof Call.Poll p) {
            poll(t, p.node(), po);
        } else if (c instanceof Call.Lookup l) {
            t.resultRegion = core.registered("lookup", l.node(), l.name(), l.capability(), l.internal());
        } else {
            throw new IllegalArgumentException("unknown call " + c);
        }
    }

    private long load(DetThread t, SimRegion r, int off, long po) {
        SbEntry fwd = DetMachine.newestStore(t, r, off);
        long v = fwd != null ? fwd.value : r.mem.get(off);
        r.usedBy(t.index);
        if (t.spin != null) {
            SpinLog.read(t.spin.current, r, off, v, true);
        }
        if (rec != null) {
            rec.read(EventLabel.R, t.index, t.node, po, 0, 0, r, off, v, fwd != null ? fwd.event : -1, -1, false);
        }
        return v;
    }
    /** A locked CPU RMW: one atomic transition (operational.md §2). */
    private long lockedRmw(DetThread t, SimRegion r, int off, long po, CpuRmw kind, long expect, long operand) {
        long old = r.mem.get(off);
        r.usedBy(t.index);
        if (rec != null) {
            rec.read(EventLabel.R, t.index, t.node, po, 0, 0, r, off, old, -1, -1, true);
        }
        if (t.spin != null) {
            SpinLog.read(t.spin.current, r, off, old, true);
            if (kind.writes(old, expect)) {
                SpinLog.changed(t.spin.current);
                SpinLog.sharedWrite(t.spin.current, r, off, old, kind.newValue(old, operand), true);
            }
        }
        if (kind.writes(old, expect)) {
            long nv = kind.newValue(old, operand);
            r.mem.set(off, nv);
            if (rec != null) {
                rec.write(EventLabel.W, t.index, t.node, po, 0, 1, r, off, nv, -1, true, true);
            }
        }
        return old;
    }

    private int marker(DetThread t, EventLabel label, long po) {
        return rec == null ? -1 : rec.marker(label, t.index, t.node, po);
    }

    /** Creates a WR (its Post enters the store buffer, operational.md §2). */
    /**
     * An inline put's CPU read of its source words at posting (operational.md §2): each word as a
     * load reads it (the newest store in the thread's store buffer, else memory), recorded as the
     * put's {@code NLR}; its words then wait at stage 1 (READ) for the NIC's write. A put posted to
     * a queue pair in error was flushed already and reads nothing.
     */
    private void readInline(DetThread t, DetOp op, long po) {
        op.inline = true;
        if (op.status() == OpStatus.FLUSHED) {
            return;
        }
        for (WordOp w : op.w) {
            SbEntry fwd = DetMachine.newestStore(t, w.local, w.localOff);
            w.v = fwd != null ? fwd.value : w.local.mem.get(w.localOff);
            w.local.usedBy(t.index);
            if (t.spin != null) {
                SpinLog.read(t.spin.current, w.local, w.localOff, w.v, true);
            }
            if (rec != null) {
                rec.inline(w.traceOp);
                rec.read(EventLabel.NLR, t.index, t.node, po, w.word, 0, w.local, w.localOff, w.v,
                        fwd != null ? fwd.event : -1, w.traceOp, false);
            }
            w.stage = 1;
        }
    }

    private DetOp post(DetThread t, OpKind kind, WorkId d, SimRegion remote, int remoteOff, SimRegion local, int localOff,
                      int words, long a, long b, long po, boolean signaled) {
        int target = remote.home();
        DetQp q = machine.qpOf(t, target);
        DetOp op = new DetOp(t, t.nextOpId++, kind, target, d, words, a, b, po);
        op.qp = q;
        op.qpNumber = q.ops.size() + 1L;
        boolean loopback = target == t.node;
        for (int k = 0; k < words; k++) {
            RaoClass cls = kind.isRmw() ? RaoClass.of(cfg.raoScope(), target, remote.id(), remoteOff + k) : null;
            WordOp w = new WordOp(op, k, t.nextWordSeq++, remote, remoteOff + k, local, localOff + k, cls);
            if (rec != null) {
                w.traceOp = rec.op(t.index, po, k, op.id(), kind, target, d, loopback);
                if (!signaled) {
                    rec.unsignaled(w.traceOp);
                }
            }
            op.w[k] = w;
        }
        q.ops.add(op);
        t.ops.add(op);
        op.unsignaled = !signaled;
        if (PollMatching.numbered(signaled)) {
            q.signaled.add(op);
            t.signaled.add(op);
        }
        if (t.spin != null && t.spin.current != null) {
            t.spin.current.op = op;
            op.spinEntry = t.spin.current;
        }
        if (d != null) {
            t.opsByWorkId.get(d.index()).add(op);
        }
        q.incomplete++;
        if (q.incomplete >= cfg.qpCapacity()) {
            q.everFull = true;
        }
        q.metrics.posted++;
        q.metrics.onPost(q.incomplete);
        MetricsRegistry.EndpointMetrics m = t.endpoint.metrics;
        m.add(Counter.posted(kind), 1);
        if (loopback) {
            m.add(Counter.loopback(kind), 1);
            m.add(Counter.LOOPBACK_BYTES, kind.payloadBytes(words));
        } else {
            m.add(Counter.PAYLOAD_BYTES, kind.payloadBytes(words));
        }
        machine.outstanding += words;
        t.resultOp = op;
        t.resultValue = op.id();
        if (q.error) {
            machine.faults.flush(op, q.crashedNode);
            return op;
        }
        op.postEntry = t.sbSeq;
        t.sb.addLast(SbEntry.post(t, t.sbSeq++, op));
        m.max(Counter.SB_DEPTH_MAX, t.sb.size());
        return op;
    }

    /** waitFor / gf: throw on unacknowledged flushed ops, else record the event and cover the ops. */
    private void complete(DetThread t, List<DetOp> ops, int from, EventLabel label, String what, long po, int workIdIndex) {
        List<FailedOp> failed = new ArrayList<>();
        int crashed = 0;
        for (int i = from; i < ops.size(); i++) {
            DetOp o = ops.get(i);
            if (o.status() == OpStatus.FLUSHED && !o.acknowledged) {
                failed.add(o.failure());
                if (o.crashedNode != 0) {
                    crashed = o.crashedNode;
                }
            }
        }
        if (!failed.isEmpty()) {
            throw qpError(t, what, failed, crashed);
        }
        int ev = rec == null ? -1 : rec.marker(label, t.index, t.node, po, workIdIndex);
        List<Integer> covered = rec == null ? null : new ArrayList<>();
        boolean remote = false;
        boolean loop = false;
        for (int i = from; i < ops.size(); i++) {
            DetOp o = ops.get(i);
            o.waited = true;
            if (!o.covered && o.status() == OpStatus.COMPLETED) {
                o.covered = true;
                remote |= !o.loopback();
                loop |= o.loopback();
            }
            if (covered != null && o.status() == OpStatus.COMPLETED) {
                for (WordOp w : o.w) {
                    covered.add(w.traceOp);
                }
            }
        }
        roundTrip(t, remote, loop);
        if (rec != null) {
            if (label == EventLabel.WT) {
                rec.waitMatch(ev, covered);
            } else {
                rec.gfMatch(ev, covered);
            }
        }
    }

    private static void roundTrip(DetThread t, boolean remote, boolean loop) {
        if (remote) {
            t.endpoint.metrics.add(Counter.ROUND_TRIPS, 1);
        } else if (loop) {
            t.endpoint.metrics.add(Counter.LOOPBACK_ROUND_TRIPS, 1);
        }
    }

    private static QpErrorException qpError(DetThread t, String what, List<FailedOp> failed, int crashed) {
        String msg = t.endpoint.who(what) + ": covers flushed ops";
        return crashed != 0 ? new RemoteNodeFailedException(crashed, msg, failed) : new QpErrorException(msg, failed);
    }

    private void poll(DetThread t, int n, long po) {
        DetOp o = machine.pollTarget(t, n);
        // the poll consumes the request even when it reports it flushed, as ibv_poll_cq consumes an
        // error completion (nic.md §7.4), and as concurrent mode does
        machine.pollScope(t, n).polled++;
        if (o.status() == OpStatus.FLUSHED && !o.acknowledged) {
            throw qpError(t, "poll(" + n + ")", List.of(o.failure()), o.crashedNode);
        }
        List<DetOp> retired = DetMachine.retiredWith(o);
        for (DetOp u : retired) {
            if (u.status() == OpStatus.FLUSHED && !u.acknowledged) {
                throw qpError(t, "poll(" + n + ")", List.of(u.failure()), u.crashedNode);
            }
        }
        t.endpoint.metrics.add(Counter.POLLS, 1);
        int ev = rec == null ? -1 : rec.marker(EventLabel.P, t.index, t.node, po, n);
        if (o.status() == OpStatus.COMPLETED) {
            if (rec != null) {
                // the trace's pm names the consumed op only (one per poll); the unsignalled ops it
                // waited for are complete too, and the static pm of the trace's litmus has them
                rec.pollMatch(ev, o.w[o.words() - 1].traceOp);
            }
            if (!o.covered) {
                o.covered = true;
                roundTrip(t, !o.loopback(), o.loopback());
            }
        }
    }
}
