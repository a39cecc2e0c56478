package remo.nic.conc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import remo.nic.FailedOp;
import remo.nic.WorkId;
import remo.nic.error.QpErrorException;
import remo.nic.error.RemoteNodeFailedException;

/**
 * The flushed WRs of one concurrent-mode endpoint (nic.md §7.2): materialised by the QP's consumer
 * when it flushes them, reported by the waits that cover them until the program acknowledges them,
 * and listed at the end of the run if it never does (nic.md §7.4). Thread-safe: consumers add,
 * the endpoint's thread reads.
 */
final class ConcFlushedOps {
    private final ConcurrentLinkedQueue<ConcOp> flushed = new ConcurrentLinkedQueue<>();
    private final AtomicInteger count = new AtomicInteger();

    /** Records a flushed WR (its consumer's thread). */
    void add(ConcOp record) {
        flushed.add(record);
        count.incrementAndGet();
    }

    /**
     * Throws for the unacknowledged flushed ops a wait covers: ops of work id {@code d} (every op for
     * {@code null}) with an id up to {@code bound}.
     *
     * @param who the message prefix naming the call
     * @throws QpErrorException (a {@link RemoteNodeFailedException} if a crash flushed one of them)
     */
    void throwCovered(String who, WorkId d, long bound) {
        if (count.get() == 0) {
            return;
        }
        List<FailedOp> failed = new ArrayList<>();
        int crashed = 0;
        for (ConcOp o : flushed) {
            if (!o.acknowledged && o.id() <= bound && (d == null || o.workId() == d)) {
                failed.add(o.failure());
                crashed = o.crashedNode != 0 ? o.crashedNode : crashed;
            }
        }
        if (!failed.isEmpty()) {
            failed.sort(Comparator.comparingLong(FailedOp::opId));
            String msg = who + ": covers flushed ops";
            throw crashed != 0 ? new RemoteNodeFailedException(crashed, msg, failed) : new QpErrorException(msg, failed);
        }
    }

    /** The flushed record of op {@code id}, or {@code null}. */
    ConcOp record(long id) {
        for (ConcOp o : flushed) {
            if (o.id() == id) {
                return o;
            }
        }
        return null;
    }

    /** Marks the ops of {@code e} issued by thread {@code thread} as acknowledged. */
    void acknowledge(String thread, QpErrorException e) {
        for (FailedOp f : e.ops()) {
            if (!f.thread().equals(thread)) {
                continue;
            }
            for (ConcOp o : flushed) {
                if (o.id() == f.opId()) {
                    o.acknowledged = true;
                }
            }
        }
    }

    /** An unacknowledged flushed op of {@code q}, or {@code null} (resetQp needs none). */
    ConcOp unacknowledgedOf(ConcQp q) {
        for (ConcOp o : flushed) {
            if (o.qp == q && !o.acknowledged) {
                return o;
            }
        }
        return null;
    }

    /** Unacknowledged flushed ops, by op id (end of run). */
    List<FailedOp> unreported() {
        List<FailedOp> out = new ArrayList<>();
        for (ConcOp o : flushed) {
            if (!o.acknowledged) {
                out.add(o.failure());
            }
        }
        out.sort(Comparator.comparingLong(FailedOp::opId));
        return out;
    }
}
