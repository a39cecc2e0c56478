package remo.nic.det;

import java.util.ArrayList;
import java.util.List;
import remo.nic.fabric.MetricsRegistry;
import remo.nic.fabric.PollCount;

/** A queue pair in deterministic mode: {@code Q_(t,n)} of operational.md §1, plus its ERROR state. */
final class DetQp {
    final DetThread thread;
    final int target;
    final MetricsRegistry.QpMetrics metrics;
    /** Word operations and fence markers that left the store buffer, in order. */
    final List<QpEntry> entries = new ArrayList<>();
    /** Index of the first entry that may still matter for a guard. */
    int head;
    /** Whether the QP has ever been full (then a post to it may have waited for a completion). */
    boolean everFull;
    /** Fence markers queued so far (a word operation's {@link WordOp#fencesBefore} is the count when it was queued). */
    int fences;
    boolean error;
    int crashedNode;
    /** Every WR posted to this QP (BUFFERED included), in posting order: the poll scope. */
    final List<DetOp> ops = new ArrayList<>();
    /** Its signalled WRs, in posting order (unsignalled ones are never polled, language.md §4.2). */
    final List<DetOp> signaled = new ArrayList<>();
    /** The PER_QP poll scope: the signalled ops of this QP. */
    final PollCount<DetOp> pollScope = new PollCount<>(signaled);
    /** WRs not yet COMPLETED or FLUSHED (BUFFERED included), for qpCapacity. */
    int incomplete;
    /** Mean NIC hold of this QP's steps, -1 until drawn (SWARM). */
    double nicMean = -1;

    DetQp(DetThread thread, int target, MetricsRegistry.QpMetrics metrics) {
        this.thread = thread;
        this.target = target;
        this.metrics = metrics;
    }

    @Override
    public String toString() {
        return "QP(" + thread.name + "->" + target + (error ? ", ERROR" : "") + ")";
    }
}
