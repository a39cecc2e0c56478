package remo.nic.conc;

import java.util.ArrayList;
import java.util.List;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpStatus;
import remo.core.rdma.PollMatching;
import remo.core.rdma.QueuePair;
import remo.nic.FailedOp;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.QpErrorException;
import remo.nic.error.RemoteNodeFailedException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.fabric.Counter;
import remo.nic.fabric.PollCount;

/**
 * The poll scopes of one concurrent-mode endpoint and its {@code poll} (nic.md §2.4, §4.2; POLL
 * mode only). Which op a poll consumes and which unsignalled ops it also waits for is
 * {@link PollMatching}'s rule, shared with the deterministic engine: only signalled ops are numbered
 * in a scope ({@link PollMatching#numbered}), and a poll that consumes op {@code o} waits for the
 * unsignalled ops of {@code o}'s queue pair posted before it ({@link PollMatching#retiredWith}).
 * Used by the endpoint's thread only.
 */
final class ConcPolls {
    private final ConcEndpoint ep;
    /** The PER_THREAD poll scope: the endpoint's signalled ops. */
    private final PollCount<ConcOp> threadScope = new PollCount<>(new ArrayList<>());
    /** The PER_QP poll scope of each target node: the signalled ops of its current QP. */
    private final List<PollCount<ConcOp>> qpScopes = new ArrayList<>();

    ConcPolls(ConcEndpoint ep, int nodes) {
        this.ep = ep;
        for (int i = 0; i <= nodes; i++) {
            qpScopes.add(new PollCount<>(new ArrayList<>()));
        }
    }

    /** Records a newly posted op (before its QP can run it). */
    void posted(ConcOp op) {
        op.qp.posted.add(op);
        if (PollMatching.numbered(!op.unsignaled)) {
            threadScope.ops.add(op);
            qpScopes.get(op.target()).ops.add(op);
        }
    }

    /** QP(this, {@code n}) was replaced (resetQp): its PER_QP scope starts afresh. */
    void reset(int n) {
        qpScopes.set(n, new PollCount<>(new ArrayList<>()));
    }

    /**
     * {@code poll n}: consumes the next signalled op of its scope, waiting for it and for the
     * unsignalled ops it retires.
     *
     * @param po the poll's program-order index
     * @throws SimulationDeadlockException if the scope has no signalled op left (the poll could never
     *                                     return; the deterministic engine reports a deadlock)
     * @throws QpErrorException            if the consumed op, or an unsignalled op it retires, was flushed and is
     *                                     unacknowledged
     */
    void poll(int n, long po) {
        PollCount<ConcOp> scope = PollMatching.select(ep.core.config.pollScope(), ep.qps[n] == null ? null : qpScopes.get(n),
                threadScope);
        ConcOp op = scope == null ? null : scope.next();
        if (op == null) {
            throw new SimulationDeadlockException(ep.who("poll(" + n + ")")
                    + ": no op left to poll in its scope (unsignalled ops have no completion); it would block forever", null);
        }
        scope.polled++;
        // a QP runs its WRs in order, so the head passing op passes the ops it retires as well;
        // they are awaited by the rule all the same, which costs nothing once the head is past them
        ConcQp q = op.qp;
        int at = (int) (op.qpSeq - 1);
        for (ConcOp u : retiredWith(op, q.retiredFrom)) {
            q.awaitHead(u.qpSeq);
        }
        q.retiredFrom = Math.max(q.retiredFrom, at + 1);
        q.awaitHead(op.qpSeq);
        if (ep.core.crashed(ep.node)) {
            throw new NodeCrashedException(ep.who("poll") + ": node " + ep.node + " crashed");
        }
        if (op.status() == OpStatus.FLUSHED) {
            // flushes are sticky from the first flushed WR of a QP on, so an earlier op can be
            // flushed only when op is: only then are the retired ops checked (all of them, as the
            // deterministic engine does)
            throwIfUnacknowledged(n, op);
            for (ConcOp u : retiredWith(op, 0)) {
                if (u.status() == OpStatus.FLUSHED) {
                    throwIfUnacknowledged(n, u);
                }
            }
        }
        ep.metrics.add(Counter.POLLS, 1);
        if (ep.recorder() != null) {
            int ev = ep.recorder().marker(EventLabel.P, ep.index, ep.node, po, n);
            if (op.status() == OpStatus.COMPLETED) {
                // the trace's pm names the consumed op only, as the deterministic engine's does
                ep.recorder().pollMatch(ev, op.traceOp + op.words - 1);
            }
        }
        if (op.status() == OpStatus.COMPLETED) {
            ep.roundTrip(op.target() != ep.node, op.target() == ep.node);
        }
    }

    /** The ops of {@code matched}'s QP from index {@code from} on that a poll consuming it retires. */
    private static List<ConcOp> retiredWith(ConcOp matched, int from) {
        List<ConcOp> out = new ArrayList<>();
        List<ConcOp> posted = matched.qp.posted;
        QueuePair at = QueuePair.of(matched.endpoint.index, matched.target());
        int end = (int) (matched.qpSeq - 1);
        for (int i = from; i < end; i++) {
            ConcOp u = posted.get(i);
            if (PollMatching.retiredWith(at, (int) matched.id(), QueuePair.of(u.endpoint.index, u.target()), (int) u.id(),
                    !u.unsignaled)) {
                out.add(u);
            }
        }
        return out;
    }

    private void throwIfUnacknowledged(int n, ConcOp op) {
        ConcOp record = ep.flushed.record(op.id());
        if (record != null && !record.acknowledged) {
            String msg = ep.who("poll(" + n + ")") + ": covers a flushed op";
            List<FailedOp> f = List.of(op.failure());
            throw record.crashedNode != 0 ? new RemoteNodeFailedException(record.crashedNode, msg, f) : new QpErrorException(msg, f);
        }
    }
}
