package remo.nic.conc;

import java.util.concurrent.locks.LockSupport;

/**
 * A NIC worker thread of concurrent mode (nic.md §5.2): serves the outgoing QPs of its node round
 * robin, in batches, through a {@link QpExecutor}. Idle, it spins briefly, yields, then parks for at
 * most 100 µs at a time: posts do not wake it (a futex wake per post would cost more than the op),
 * and a thread that waits for its QP runs the pending WRs itself, so the park bounds only the
 * latency of unwaited ops.
 */
final class NicWorker implements Runnable {
    private static final int BATCH = 64;

    private final QpExecutor executor;
    final int node;
    final Thread thread;
    private volatile ConcQp[] qps = new ConcQp[0];
    private volatile boolean sleeping;
    private volatile boolean running = true;

    NicWorker(QpExecutor executor, int node, int index) {
        this.executor = executor;
        this.node = node;
        this.thread = new Thread(this, "nic-" + node + "-" + index);
        thread.setDaemon(true);
    }

    synchronized void add(ConcQp q) {
        ConcQp[] a = java.util.Arrays.copyOf(qps, qps.length + 1);
        a[a.length - 1] = q;
        qps = a;
        wake();
    }

    synchronized void remove(ConcQp q) {
        qps = java.util.Arrays.stream(qps).filter(x -> x != q).toArray(ConcQp[]::new);
    }

    /** Unparks the worker if it sleeps (called after a post). */
    void wake() {
        if (sleeping) {
            LockSupport.unpark(thread);
        }
    }

    void stop() {
        running = false;
        LockSupport.unpark(thread);
    }

    @Override
    public void run() {
        int idle = 0;
        while (running) {
            int done = 0;
            for (ConcQp q : qps) {
                done += executor.process(q, BATCH);
            }
            if (done > 0) {
                idle = 0;
                continue;
            }
            idle++;
            if (idle < 20) {
                Thread.onSpinWait();
            } else if (idle < 40) {
                Thread.yield();
            } else {
                sleeping = true;
                if (!hasWork()) {
                    LockSupport.parkNanos(this, 100_000);
                }
                sleeping = false;
                idle = 20;
            }
        }
    }

    private boolean hasWork() {
        for (ConcQp q : qps) {
            if (q.head() < q.tail()) {
                return true;
            }
        }
        return false;
    }

}
