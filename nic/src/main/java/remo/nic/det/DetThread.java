package remo.nic.det;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import remo.nic.Call;
import remo.nic.Region;
import remo.nic.ThreadBody;
import remo.nic.ThreadScript;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.PollCount;

/**
 * A simulated thread in deterministic mode: its machine state (store buffer, QPs, op table,
 * poll counters) and its driver, either a Java thread running a {@link ThreadBody} under baton
 * passing or a {@link ThreadScript} stepped by the scheduler.
 */
final class DetThread {
    final int index;
    final String name;
    final int node;
    final ThreadBody body;
    final ThreadScript script;
    final DetEndpoint endpoint;
    /** This thread's CPU action (one object for every call). */
    final CpuStep cpu = new CpuStep(this);

    // driver state
    Thread javaThread;
    final Semaphore resume = new Semaphore(0);
    /** The call waiting to be executed as CPU(t), or null. */
    Call pending;
    long pendingPo;
    long calls;
    long resultValue;
    /** The op a post created (its handle is what the endpoint returns). */
    DetOp resultOp;
    /** The region a lookup found. */
    Region resultRegion;
    RuntimeException resultError;
    boolean abortSignal;
    boolean finished;
    Throwable failure;
    /** The spin loop detector of a body thread when the run reduces spins, else null. */
    SpinLog spin;
    /** Scheduler step at which the pending blocking call was first found disabled, or -1. */
    long blockedSince = -1;
    /** Scheduler hold of the pending call, -1 until drawn; and the means of this thread's holds. */
    int cpuHold = -1;
    double cpuMean;
    double drainMean;

    // machine state
    final ArrayDeque<SbEntry> sb = new ArrayDeque<>();
    long sbSeq;
    final DetQp[] qps;
    final List<DetQp> qpList = new ArrayList<>();
    /** Every op posted, in posting order (the PER_THREAD poll scope and the gf scope). */
    final List<DetOp> ops = new ArrayList<>();
    int gfFrom;
    /** Its signalled ops, in posting order. */
    final List<DetOp> signaled = new ArrayList<>();
    /** The PER_THREAD poll scope: every signalled op of the thread. */
    final PollCount<DetOp> pollScope = new PollCount<>(signaled);
    long nextOpId = 1;
    int nextWordSeq;
    /** Per work id index: its ops in posting order, and the first not yet covered by a returned wait. */
    final List<List<DetOp>> opsByWorkId = new ArrayList<>();
    final List<Integer> waitFrom = new ArrayList<>();

    DetThread(DetEngine engine, ClusterCore core, int index, String name, int node, ThreadBody body, ThreadScript script) {
        this.index = index;
        this.name = name;
        this.node = node;
        this.body = body;
        this.script = script;
        this.qps = new DetQp[core.size + 1];
        this.endpoint = new DetEndpoint(engine, core, this);
    }

    DetQp qp(int target) {
        return qps[target];
    }

    @Override
    public String toString() {
        return name + "@" + node;
    }
}
