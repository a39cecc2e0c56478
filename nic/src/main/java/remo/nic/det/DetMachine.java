package remo.nic.det;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import remo.core.rdma.OpStatus;
import remo.core.rdma.PollMatching;
import remo.core.rdma.QueuePair;
import remo.nic.Call;
import remo.nic.FaultPlan;
import remo.nic.NicConfig;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Counter;
import remo.nic.fabric.MetricsRegistry;
import remo.nic.fabric.PollCount;
import remo.nic.fabric.SimRegion;
import remo.nic.trace.Recorder;

/**
 * The RDMA machine of operational.md §1–§3 as executed by the deterministic scheduler: the state
 * (memory, store buffers, QPs, op statuses), the actions enabled in it (which CPU calls among them)
 * and how store buffers drain. What a CPU call does is {@link DetCpuSteps}, the NIC steps of
 * operational.md §4 are {@link DetNicSteps}, the faults of nic.md §7 {@link DetFaults}; all act on
 * this state. Single-threaded: only the scheduler's thread (or a body thread holding the baton)
 * touches it.
 */
public final class DetMachine {
    final ClusterCore core;
    final NicConfig cfg;
    final Recorder rec;
    final List<DetThread> threads = new ArrayList<>();
    /** Word operations posted and neither done nor dead. */
    int outstanding;
    /** The NIC transitions (operational.md §4). */
    final DetNicSteps nic;
    /** The faults of nic.md §7. */
    final DetFaults faults;
    /** The CPU transitions (operational.md §2). */
    final DetCpuSteps cpu;

    DetMachine(ClusterCore core, FaultPlan faultPlan) {
        this.core = core;
        this.cfg = core.config;
        this.rec = core.recorder;
        this.faults = new DetFaults(this, faultPlan);
        this.nic = new DetNicSteps(this);
        this.cpu = new DetCpuSteps(this);
    }

    // ================================================================== enabled actions (nic.md §5.1 step 1)

    /** Whether the run is over: no word operation outstanding, every thread finished with an empty store buffer. */
    boolean quiescent() {
        if (outstanding > 0) {
            return false;
        }
        for (DetThread t : threads) {
            if (!t.finished || !t.sb.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds the actions enabled at scheduler step {@code step} to {@code out}: a timed fault that is
     * due (then alone), else every enabled CPU call, every store buffer's head and every NIC step
     * the queue pairs allow. A pending call blocked on the NIC counts a blocked step of its endpoint.
     */
    void collect(List<Action> out, long step) {
        TimedFault due = faults.due(step);
        if (due != null) {
            out.add(due);
            return;
        }
        for (DetThread t : threads) {
            if (t.pending != null) {
                if (cpuEnabled(t)) {
                    out.add(t.cpu);
                } else if (blocksOnNic(t.pending)) {
                    t.endpoint.metrics.add(Counter.BLOCKED_STEPS, 1);
                }
            }
        }
        for (DetThread t : threads) {
            if (!t.sb.isEmpty()) {
                out.add(t.sb.peekFirst());
            }
        }
        for (DetThread t : threads) {
            for (DetQp q : t.qpList) {
                nic.collect(q, out);
            }
        }
    }

    /** The pending actions not in {@code enabled} (see {@link DetEngine#disabled}). */
    List<Action> disabled(List<Action> enabled) {
        List<Action> out = new ArrayList<>();
        for (DetThread t : threads) {
            // a thread stopped at a failed attempt waits for nothing a step could give it
            if (t.pending != null && !t.finished && !enabled.contains(t.cpu) && !(t.spin != null && t.spin.stopped())) {
                out.add(t.cpu);
            }
        }
        for (DetThread t : threads) {
            for (DetQp q : t.qpList) {
                for (int i = q.head; i < q.entries.size(); i++) {
                    if (q.entries.get(i) instanceof WordOp w && !w.done() && !w.dead && !enabled.contains(w)) {
                        out.add(w);
                    }
                }
            }
        }
        return out;
    }

    // ================================================================== CPU guards (operational.md §2)

    /** Whether thread {@code t}'s pending call can execute now. */
    boolean cpuEnabled(DetThread t) {
        Call c = t.pending;
        if (c == null || t.finished || t.spin != null && t.spin.stopped()) {
            return false;
        }
        if (core.crashed(t.node)) {
            return true;
        }
        if (t.spin != null && t.spin.blocked(t)) {
            return false;
        }
        if (c instanceof Call.MFence || c instanceof Call.Cas || c instanceof Call.Faa || c instanceof Call.Swap) {
            return t.sb.isEmpty();
        }
        if (c instanceof Call.Put p) {
            return hasCapacity(t, p.dst().home());
        }
        if (c instanceof Call.Get g) {
            return hasCapacity(t, g.src().home());
        }
        if (c instanceof Call.RCas r) {
            return hasCapacity(t, r.target().home());
        }
        if (c instanceof Call.RFaa r) {
            return hasCapacity(t, r.target().home());
        }
        if (c instanceof Call.WaitFor w) {
            return allFinished(t.opsByWorkId.get(w.workId().index()), t.waitFrom.get(w.workId().index()));
        }
        if (c instanceof Call.Gf) {
            return allFinished(t.ops, t.gfFrom);
        }
        if (c instanceof Call.Poll p) {
            DetOp o = pollTarget(t, p.node());
            if (o == null || !o.finished()) {
                return false;
            }
            for (DetOp u : retiredWith(o)) {
                if (!u.finished()) {
                    return false;
                }
            }
            return true;
        }
        if (c instanceof Call.Await a) {
            SimRegion r = (SimRegion) a.region();
            SbEntry fwd = newestStore(t, r, a.offset());
            return (fwd != null ? fwd.value : r.mem.get(a.offset())) == a.expected();
        }
        if (c instanceof Call.Lookup l) {
            try {
                return core.registered("lookup", l.node(), l.name(), l.capability(), l.internal()) != null;
            } catch (RuntimeException e) {
                return true;
            }
        }
        return true;
    }

    /**
     * Whether a run with nothing enabled is to be discarded, not reported: some thread stopped at a
     * failed attempt that a retry might now pass (a word it read has changed), so another run, in
     * which the attempt comes later, covers this one ({@link SpinLog}).
     */
    boolean discardable() {
        for (DetThread t : threads) {
            if (!t.finished && t.spin != null && t.spin.stopped() && t.spin.stopOutdated(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why a run with nothing enabled can be neither discarded nor reported as a deadlock: a thread
     * stopped at a failed attempt that wrote a word another thread has used since; or {@code null}.
     */
    String misusedAttempt() {
        for (DetThread t : threads) {
            if (!t.finished && t.spin != null && t.spin.stopped()) {
                String why = t.spin.stopSeenByOthers();
                if (why != null) {
                    return t.name + "@" + t.node + ": " + why;
                }
            }
        }
        return null;
    }

    /** Whether a disabled pending call is blocked on completions or QP capacity (blockedSteps). */
    static boolean blocksOnNic(Call c) {
        return c instanceof Call.WaitFor || c instanceof Call.Gf || c instanceof Call.Poll || c instanceof Call.Put
                || c instanceof Call.Get || c instanceof Call.RCas || c instanceof Call.RFaa;
    }

    private boolean hasCapacity(DetThread t, int target) {
        DetQp q = t.qp(target);
        return q == null || q.incomplete < cfg.qpCapacity();
    }

    /**
     * The wait/gf guard of nic.md §4.2: every covered op is COMPLETED (or flushed), or one of them
     * is FLUSHED and unacknowledged (then the call throws at once).
     */
    private static boolean allFinished(List<DetOp> ops, int from) {
        boolean all = true;
        for (int i = from; i < ops.size(); i++) {
            DetOp o = ops.get(i);
            if (o.status() == OpStatus.FLUSHED && !o.acknowledged) {
                return true;
            }
            all &= o.finished();
        }
        return all;
    }

    /** The scope a {@code poll n} of {@code t} counts in (models.md §3.1), or {@code null} for a QP not created yet. */
    PollCount<DetOp> pollScope(DetThread t, int n) {
        DetQp q = t.qp(n);
        return PollMatching.select(cfg.pollScope(), q == null ? null : q.pollScope, t.pollScope);
    }

    /**
     * The unsignalled ops a poll that consumes {@code o} also waits for: those of {@code o}'s queue
     * pair posted before it ({@code PollMatching.retiredWith}, models.md §3.1).
     */
    static List<DetOp> retiredWith(DetOp o) {
        List<DetOp> out = new java.util.ArrayList<>();
        QueuePair at = QueuePair.of(o.thread.index, o.target());
        for (DetOp u : o.qp.ops) {
            if (PollMatching.retiredWith(at, (int) o.id(), QueuePair.of(u.thread.index, u.target()), (int) u.id(), !u.unsignaled)) {
                out.add(u);
            }
        }
        return out;
    }

    /** The op a {@code poll n} of {@code t} would return now, or {@code null} if its scope has none left. */
    DetOp pollTarget(DetThread t, int n) {
        PollCount<DetOp> scope = pollScope(t, n);
        return scope == null ? null : scope.next();
    }

    /** The newest store of {@code t}'s store buffer to word {@code off} of {@code r} (a load reads it), or {@code null}. */
    static SbEntry newestStore(DetThread t, SimRegion r, int off) {
        Iterator<SbEntry> it = t.sb.descendingIterator();
        while (it.hasNext()) {
            SbEntry e = it.next();
            if (e.kind == SbEntry.STORE && e.region == r && e.off == off) {
                return e;
            }
        }
        return null;
    }

    /** {@code t}'s QP to {@code target}, created (in ERROR if {@code target} crashed) at its first use. */
    DetQp qpOf(DetThread t, int target) {
        DetQp q = t.qps[target];
        if (q == null) {
            MetricsRegistry.QpMetrics m = new MetricsRegistry.QpMetrics(t.name + "->" + target);
            t.endpoint.metrics.qps.add(m);
            q = new DetQp(t, target, m);
            if (core.crashed(target)) {
                q.error = true;
                q.crashedNode = target;
            }
            t.qps[target] = q;
            t.qpList.add(q);
        }
        return q;
    }

    // ================================================================== drains (operational.md §3)

    /** The head of {@code t}'s store buffer leaves it. */
    void drain(DetThread t) {
        SbEntry e = t.sb.pollFirst();
        switch (e.kind) {
            case SbEntry.STORE:
                e.region.mem.set(e.off, e.value);
                if (rec != null) {
                    rec.commit(e.event);
                }
                break;
            case SbEntry.POST: {
                DetOp op = e.op;
                if (op.status() == OpStatus.FLUSHED) {
                    break;
                }
                DetQp q = op.qp;
                if (q.error) {
                    faults.flush(op, q.crashedNode);
                    break;
                }
                op.status = OpStatus.QUEUED;
                for (WordOp w : op.w) {
                    w.fencesBefore = q.fences;
                    q.entries.add(w);
                }
                if (rec != null) {
                    for (WordOp w : op.w) {
                        rec.opStatus(w.traceOp, OpStatus.QUEUED, false);
                    }
                }
                break;
            }
            default: {
                DetQp q = qpOf(t, e.target);
                if (!q.error) {
                    q.entries.add(QpEntry.FENCE);
                    q.fences++;
                }
            }
        }
    }
}
