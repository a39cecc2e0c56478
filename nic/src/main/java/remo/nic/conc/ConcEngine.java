package remo.nic.conc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import remo.core.RaoScope;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.OpStatus;
import remo.core.rdma.RaoClass;
import remo.nic.FailedOp;
import remo.nic.FaultPlan;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.WorkId;
import remo.nic.error.UnreportedFailureException;
import remo.nic.error.UnsupportedConfigurationException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Engine;
import remo.nic.fabric.MetricsRegistry;
import remo.nic.fabric.SimRegion;
import remo.nic.fabric.SimRunResult;
import remo.nic.fabric.ThreadSpec;

/**
 * Concurrent mode (nic.md §5.2): one platform thread per simulated thread, {@code nicThreadsPerNode}
 * NIC workers per node serving that node's outgoing QPs, per-rao-class locks for remote RMWs. It
 * is stronger than the machine of operational.md (SC stores, in-order complete execution of each
 * QP) and keeps what matters: per-QP order, completion, RMW serialisation, weak atomicity.
 */
public final class ConcEngine implements Engine {
    /** How long a script's {@code await} spins before giving up (the run is then reported stuck). */
    static final long AWAIT_TIMEOUT_NANOS = 10_000_000_000L;

    private final ClusterCore core;
    private final int workersPerNode;
    private final FaultPlan faults;
    private final List<List<NicWorker>> workers = new ArrayList<>();
    private final int[] nextWorker;
    private final List<ConcEndpoint> endpoints = new ArrayList<>();
    private final ReentrantLock[] units;
    final QpExecutor executor;

    /** The concurrent engine of a cluster, with {@code workersPerNode} NIC workers per node. */
    public ConcEngine(ClusterCore core, int workersPerNode, FaultPlan faults) {
        this.core = core;
        this.workersPerNode = workersPerNode;
        this.faults = faults;
        this.nextWorker = new int[core.size + 1];
        this.executor = new QpExecutor(this, core);
        // one lock per node (PER_NODE), or 1024 stripes of locations (PER_LOCATION)
        int n = core.config.raoScope() == RaoScope.PER_NODE ? core.size + 1 : 1024;
        this.units = new ReentrantLock[n];
        for (int i = 0; i < n; i++) {
            units[i] = new ReentrantLock();
        }
        for (FaultPlan.Rule r : faults.rules()) {
            if (r instanceof FaultPlan.QpErrorAtStep || r instanceof FaultPlan.Crash) {
                throw new UnsupportedConfigurationException("fault rule " + r
                        + " is deterministic-only; in concurrent mode use qpError(afterOps) or SimCluster.crash");
            }
        }
    }

    /** The rao class of a remote RMW on {@code (r, off)} (models.md §4.1). */
    RaoClass raoClass(SimRegion r, int off) {
        return RaoClass.of(core.config.raoScope(), r.home(), r.id(), off);
    }

    /** The unit lock of a rao class: one per node, or a stripe of locations. */
    ReentrantLock unit(RaoClass c) {
        if (c.isNode()) {
            return units[c.node()];
        }
        int h = (int) ((c.region() * 0x9E3779B97F4A7C15L + c.offset()) >>> 40);
        return units[h & (units.length - 1)];
    }

    /** A new QP of {@code ep} to {@code target}, served by a worker of {@code ep}'s node. */
    ConcQp newQp(ConcEndpoint ep, int target) {
        MetricsRegistry.QpMetrics m = new MetricsRegistry.QpMetrics(ep.name + "->" + target);
        ep.metrics.qps.add(m);
        List<NicWorker> ws = workers.get(ep.node);
        NicWorker w;
        synchronized (nextWorker) {
            w = ws.get(nextWorker[ep.node]++ % ws.size());
        }
        ConcQp q = new ConcQp(ep, target, core.config.qpCapacity(), m, w);
        for (FaultPlan.Rule r : faults.rules()) {
            if (r instanceof FaultPlan.QpError e && e.thread().equals(ep.name) && e.target() == target) {
                q.consumerSide.errorAtOp = e.afterOps();
            } else if (r instanceof FaultPlan.DelayNic d && d.selector().test(ep.name, target)) {
                q.delayProbability = d.probability();
                q.delayMicros = d.meanSteps();
            }
        }
        if (core.crashed(target) || core.crashed(ep.node)) {
            q.crashedNode = core.crashed(target) ? target : ep.node;
            q.error = true;
        }
        w.add(q);
        return q;
    }

    /**
     * Flushes WR {@code op} of {@code q} (its consumer's thread): marks the QP's flushed suffix,
     * records the flush in the trace and materialises the WR in its endpoint's flushed list.
     */
    void flush(ConcQp q, QpExecutor.Wr op, int crashedNode) {
        ConcQp.ConsumerSide cs = q.consumerSide;
        if (op.seq < cs.firstFlushed) {
            cs.firstFlushed = op.seq;
        }
        ConcEndpoint owner = q.owner;
        WorkId d = op.workIdIndex < 0 ? null : owner.workIdAt(op.workIdIndex);
        ConcOp record = new ConcOp(owner, q, op.id, op.kind, op.target(), d, op.words, op.local, op.localOff, op.seq);
        record.traceOp = op.traceOp;
        record.crashedNode = crashedNode;
        q.metrics.flushed++;
        if (core.recorder != null) {
            for (int k = 0; k < op.words; k++) {
                core.recorder.opStatus(op.traceOp + k, OpStatus.FLUSHED, true);
            }
        }
        owner.flushed.add(record);
    }

    @Override
    public void crash(int node) {
        core.markCrashed(node);
        for (ConcEndpoint ep : endpoints) {
            for (ConcQp q : ep.qpList) {
                if (ep.node == node || q.target == node) {
                    q.crashedNode = node;
                    q.error = true;
                }
            }
            Thread w = ep.waiter;
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
        for (List<NicWorker> ws : workers) {
            for (NicWorker w : ws) {
                LockSupport.unpark(w.thread);
            }
        }
    }

    @Override
    public RunResult run(List<ThreadSpec> specs) {
        workers.add(List.of());
        for (int n = 1; n <= core.size; n++) {
            List<NicWorker> ws = new ArrayList<>();
            for (int i = 0; i < workersPerNode; i++) {
                ws.add(new NicWorker(executor, n, i));
            }
            workers.add(ws);
        }
        double drainP = 0;
        int drainMicros = 0;
        List<Thread> threads = new ArrayList<>();
        Map<String, Throwable> failures = new java.util.concurrent.ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        for (ThreadSpec s : specs) {
            for (FaultPlan.Rule r : faults.rules()) {
                if (r instanceof FaultPlan.DelayDrain d && d.selector().test(s.name())) {
                    drainP = d.probability();
                    drainMicros = d.meanSteps();
                }
            }
            ConcEndpoint ep = new ConcEndpoint(this, core, s.name(), s.node(), s.index(), drainP, drainMicros);
            endpoints.add(ep);
            if (core.recorder != null) {
                core.recorder.thread(s.index(), s.name(), s.node());
            }
            Thread t = new Thread(() -> {
                core.current.set(ep);
                awaitStart(start);
                try {
                    if (s.body() != null) {
                        s.body().run(ep);
                    } else {
                        ConcScripts.run(s.script(), ep);
                    }
                } catch (Throwable ex) {
                    failures.put(s.name(), ex);
                } finally {
                    ep.closeInternal();
                }
            }, "sim-" + s.name());
            t.setDaemon(true);
            ep.owner = t;
            threads.add(t);
        }
        core.phase(ClusterCore.Phase.RUNNING);
        for (List<NicWorker> ws : workers) {
            for (NicWorker w : ws) {
                w.thread.start();
            }
        }
        for (Thread t : threads) {
            t.start();
        }
        long t0 = System.nanoTime();
        start.countDown();
        for (Thread t : threads) {
            joinUninterruptibly(t);
        }
        quiesce();
        long wall = System.nanoTime() - t0;
        for (List<NicWorker> ws : workers) {
            for (NicWorker w : ws) {
                w.stop();
            }
        }
        for (List<NicWorker> ws : workers) {
            for (NicWorker w : ws) {
                joinUninterruptibly(w.thread);
            }
        }
        core.phase(ClusterCore.Phase.DONE);
        core.metrics.wallNanos(wall);
        RunResult result = result(specs, failures);
        if (!result.unreportedFailures().isEmpty() && !faults.expectUnreported()) {
            throw new UnreportedFailureException(result);
        }
        return result;
    }

    private static void awaitStart(CountDownLatch start) {
        while (true) {
            try {
                start.await();
                return;
            } catch (InterruptedException e) {
                // keep waiting: the run starts all threads together
            }
        }
    }

    /**
     * Whether no other thread and no NIC work can still change memory: every other endpoint's
     * thread has terminated or is itself waiting in an {@code await}, and every queue pair has
     * finished all the work requests published to it. Then a waiting {@code await} can never
     * succeed: the run is stuck (operational.md §5), not failed.
     */
    boolean nothingCanChange(ConcEndpoint waiting) {
        for (ConcEndpoint ep : endpoints) {
            if (ep != waiting) {
                Thread t = ep.owner;
                if (t != null && t.getState() != Thread.State.TERMINATED && !ep.awaiting) {
                    return false;
                }
            }
            for (ConcQp q : ep.qpList) {
                if (q.head() < q.tail()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Waits until every QP's published WRs are finished. */
    private void quiesce() {
        for (ConcEndpoint ep : endpoints) {
            for (ConcQp q : ep.qpList) {
                int spins = 0;
                while (q.head() < q.published()) {
                    if (++spins < 1000) {
                        Thread.onSpinWait();
                    } else {
                        LockSupport.parkNanos(100_000);
                    }
                }
            }
        }
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private RunResult result(List<ThreadSpec> specs, Map<String, Throwable> failures) {
        Map<String, Throwable> ordered = new LinkedHashMap<>();
        Map<String, Map<String, Long>> regs = new LinkedHashMap<>();
        List<FailedOp> unreported = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            ThreadSpec s = specs.get(i);
            if (failures.containsKey(s.name())) {
                ordered.put(s.name(), failures.get(s.name()));
            }
            ConcEndpoint ep = endpoints.get(i);
            regs.put(s.name(), ep.registers());
            if (!core.crashed(ep.node)) {
                unreported.addAll(ep.unreported());
            }
        }
        Optional<ExecutionGraph> trace = Optional.empty();
        if (core.recorder != null) {
            Map<String, String> meta = new LinkedHashMap<>();
            meta.put("mode", "concurrent");
            meta.put("flags", core.config.flagValues().toString());
            meta.put("completionMode", core.config.completionMode().name());
            meta.put("intraRequestOrder", core.config.intraRequestOrder().name());
            meta.put("crashed", core.crashedNodes().toString());
            meta.put("completed", "true");
            trace = Optional.of(core.recorder.build(meta));
        }
        return new SimRunResult(true, ordered, unreported, trace, core.metrics, 0, Schedule.empty(), regs,
                core.crashedNodes());
    }
}
