package remo.nic;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A queue pair in concurrent mode: a single-producer (the endpoint's thread) single-consumer (one
 * NIC worker) ring of WRs. {@code tail} counts published WRs, {@code head} finished ones (completed
 * or flushed); both only grow and are published with release stores, so the hot path takes no lock
 * and allocates nothing but the WR. WRs are executed strictly in order, each completely before the
 * next (nic.md §5.2), which implies every same-QP guard of operational.md §4 and every rfence.
 */
final class ConcQp {
    private static final VarHandle TAIL;
    private static final VarHandle HEAD;
    private static final VarHandle CONSUMER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(ConcQp.class, "tail", long.class);
            HEAD = l.findVarHandle(ConcQp.class, "head", long.class);
            CONSUMER = l.findVarHandle(ConcQp.class, "consumer", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ConcEndpoint owner;
    final int target;
    final ConcOp[] ring;
    final int mask;
    final int capacity;
    final MetricsRegistry.QpMetrics metrics;
    final NicWorker worker;
    @SuppressWarnings("unused")
    private long tail;
    @SuppressWarnings("unused")
    private long head;
    @SuppressWarnings("unused")
    private int consumer;
    /** Producer-local copy of the published count. */
    long published;
    volatile boolean error;
    volatile int crashedNode;
    /** qpError(afterOps) rule for this QP, 0 if none (consumer-only). */
    long errorAtOp;
    /** delayNic rule for this QP (consumer-only). */
    double delayProbability;
    int delayMicros;
    /** Per-QP poll counter (PER_QP scope, producer-only). */
    long polled;

    ConcQp(ConcEndpoint owner, int target, int capacity, MetricsRegistry.QpMetrics metrics, NicWorker worker) {
        this.owner = owner;
        this.target = target;
        this.capacity = capacity;
        int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        this.ring = new ConcOp[size];
        this.mask = size - 1;
        this.metrics = metrics;
        this.worker = worker;
    }

    long tail() {
        return (long) TAIL.getAcquire(this);
    }

    void tail(long v) {
        TAIL.setRelease(this, v);
    }

    long head() {
        return (long) HEAD.getAcquire(this);
    }

    void head(long v) {
        HEAD.setRelease(this, v);
    }

    /** Becomes the QP's only consumer, if no one else is. */
    boolean tryConsume() {
        // test before test-and-set: a helper spinning on a busy QP must not bounce the cache line
        return (int) CONSUMER.getAcquire(this) == 0 && CONSUMER.compareAndSet(this, 0, 1);
    }

    /** Stops consuming. */
    void endConsume() {
        CONSUMER.setRelease(this, 0);
    }

    @Override
    public String toString() {
        return "QP(" + owner.name + "->" + target + (error ? ", ERROR" : "") + ")";
    }
}
