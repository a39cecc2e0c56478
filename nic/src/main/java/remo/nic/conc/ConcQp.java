package remo.nic.conc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import remo.core.rdma.OpKind;
import remo.nic.WorkId;
import remo.nic.error.ClusterClosedException;
import remo.nic.fabric.Counter;
import remo.nic.fabric.MetricsRegistry;
import remo.nic.fabric.SimRegion;

/**
 * A queue pair in concurrent mode: a single-producer (the endpoint's thread) single-consumer (one
 * NIC worker at a time) ring of WRs. {@code tail} counts published WRs, {@code head} finished ones
 * (completed or flushed); both only grow and are published with release stores, so the hot path
 * takes no lock. WRs are executed strictly in order, each completely before the next (nic.md §5.2),
 * which implies every same-QP guard of operational.md §4 and every rfence.
 *
 * <p>A WR is {@value #SLOT} longs of a primitive ring ({@link #slots}): one cache line, no object
 * reference stored per post (with G1, a reference store into the long-lived ring costs a card-marking
 * barrier with a full fence), region references replaced by region ids. Slot layout: {@code [0]}
 * kind ordinal | (work id index + 1) &lt;&lt; 32; {@code [1]} remote region id &lt;&lt; 32 | offset;
 * {@code [2]} local region id &lt;&lt; 32 | offset; {@code [3]}, {@code [4]} operands; {@code [5]} op id;
 * {@code [6]} po index; {@code [7]} words &lt;&lt; 32 | first trace op (tracing only). An inline
 * put's values, read by the poster, are in {@link #inlineValues} at the WR's slot number.
 *
 * <p>Flushes happen from the first flushed WR on (a QP error and a crash are both sticky until
 * {@code resetQp} replaces the QP), so a WR's final status is its sequence number against
 * {@link ConsumerSide#firstFlushed}.
 */
final class ConcQp {
    /**
     * The producer's cache line(s): written by the posting thread on every post, read by a consumer
     * once per batch. Padded on both sides so that no field a consumer reads per WR shares its line.
     */
    static final class ProducerSide {
        long p00, p01, p02, p03, p04, p05, p06, p07;
        /** Published WRs (release store; read by consumers). */
        long tail;
        /** Producer-local copy of {@code tail}. */
        long published;
        long p10, p11, p12, p13, p14, p15, p16, p17;
    }

    /** The consumer's cache line(s): written by the current consumer, read by waiters. Padded like {@link ProducerSide}. */
    static final class ConsumerSide {
        long p00, p01, p02, p03, p04, p05, p06, p07;
        /** Finished WRs (completed or flushed; release store). */
        long head;
        /** 1 while a consumer holds the QP. */
        long consumer;
        /** qpError(afterOps) rule for this QP, 0 if none (consumer-only). */
        long errorAtOp;
        /** Sequence number of the first flushed WR, {@code Long.MAX_VALUE} if none (written before the head covers it). */
        long firstFlushed = Long.MAX_VALUE;
        long p10, p11, p12, p13, p14, p15, p16, p17;
    }

    private static final VarHandle TAIL;
    private static final VarHandle HEAD;
    private static final VarHandle CONSUMER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(ProducerSide.class, "tail", long.class);
            HEAD = l.findVarHandle(ConsumerSide.class, "head", long.class);
            CONSUMER = l.findVarHandle(ConsumerSide.class, "consumer", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ConcEndpoint owner;
    final int target;
    /** Longs per WR slot. */
    static final int SLOT = 8;
    /** Flag of slot word 0: an inline put, whose values are in {@link #inlineValues}. */
    static final long INLINE = 1L << 8;
    /** The WR ring: {@code (mask + 1) * SLOT} longs. */
    final long[] slots;
    final int mask;
    final int capacity;
    final MetricsRegistry.QpMetrics metrics;
    final NicWorker worker;
    final ProducerSide producer = new ProducerSide();
    final ConsumerSide consumerSide = new ConsumerSide();
    /**
     * The values of inline puts by slot number ({@code slot(seq) / SLOT}), written by the producer
     * before it publishes the WR; allocated at the first inline put.
     */
    long[][] inlineValues;
    /** Every op posted on this QP in order (the owner's thread; POLL mode or tracing): what polls retire. */
    final java.util.List<ConcOp> posted = new java.util.ArrayList<>();
    /** The index in {@link #posted} before which a poll has already waited for every op (the owner's thread). */
    int retiredFrom;
    volatile boolean error;
    volatile int crashedNode;
    /** delayNic rule for this QP (set before the run, then read-only). */
    double delayProbability;
    int delayMicros;

    ConcQp(ConcEndpoint owner, int target, int capacity, MetricsRegistry.QpMetrics metrics, NicWorker worker) {
        this.owner = owner;
        this.target = target;
        this.capacity = capacity;
        int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        this.slots = new long[Math.multiplyExact(size, SLOT)];
        this.mask = size - 1;
        this.metrics = metrics;
        this.worker = worker;
    }

    long tail() {
        return (long) TAIL.getAcquire(producer);
    }

    /** Publishes {@code v} WRs (producer only). */
    void tail(long v) {
        producer.published = v;
        TAIL.setRelease(producer, v);
    }

    /** WRs published so far (producer only: its own copy, no cache traffic). */
    long published() {
        return producer.published;
    }

    long head() {
        return (long) HEAD.getAcquire(consumerSide);
    }

    void head(long v) {
        HEAD.setRelease(consumerSide, v);
    }

    /** Whether the WR with sequence number {@code seq} was flushed (call after the head covers it). */
    boolean flushed(long seq) {
        return seq >= consumerSide.firstFlushed;
    }

    /**
     * Writes WR {@code seq} into its slot (layout in the class comment) and publishes it (producer
     * only); {@code inline} holds an inline put's values, else {@code null}.
     */
    void publish(long seq, OpKind kind, WorkId d, SimRegion remote, int remoteOff, SimRegion local, int localOff,
                 long a, long b, long opId, long po, int words, int traceOp, long[] inline) {
        int at = slot(seq);
        if (inline != null) {
            if (inlineValues == null) {
                inlineValues = new long[mask + 1][];
            }
            inlineValues[at / SLOT] = inline;
        }
        slots[at] = kind.ordinal() | (inline != null ? INLINE : 0) | (long) (d == null ? 0 : d.index() + 1) << 32;
        slots[at + 1] = remote.id() << 32 | remoteOff;
        slots[at + 2] = local.id() << 32 | localOff;
        slots[at + 3] = a;
        slots[at + 4] = b;
        slots[at + 5] = opId;
        slots[at + 6] = po;
        slots[at + 7] = (long) words << 32 | (traceOp & 0xFFFF_FFFFL);
        tail(seq);
    }

    /** The first long of the slot of WR {@code seq} (1-based). */
    int slot(long seq) {
        return (int) ((seq - 1) & mask) * SLOT;
    }

    /** Becomes the QP's only consumer, if no one else is. */
    boolean tryConsume() {
        // test before test-and-set: a helper spinning on a busy QP must not bounce the cache line
        return (long) CONSUMER.getAcquire(consumerSide) == 0 && CONSUMER.compareAndSet(consumerSide, 0L, 1L);
    }

    /** Stops consuming. */
    void endConsume() {
        CONSUMER.setRelease(consumerSide, 0L);
    }

    // ------------------------------------------------------------------ waiting for the head (the owner's thread)

    /** A post found the QP full: waits for room (counted as a stall and as blocked time of the owner). */
    void stall(long seq) {
        owner.metrics.add(Counter.POST_STALLS, 1);
        long t0 = System.nanoTime();
        idleUntil(seq - capacity);
        owner.metrics.add(Counter.BLOCKED_NANOS, System.nanoTime() - t0);
    }

    /** Waits until {@code head() >= seq} (a wait, gf or poll of the owner), counting the blocked time. */
    void awaitHead(long seq) {
        if (head() >= seq) {
            return;
        }
        long t0 = System.nanoTime();
        idleUntil(seq);
        owner.metrics.add(Counter.BLOCKED_NANOS, System.nanoTime() - t0);
    }

    /**
     * Waits until {@code head() >= seq}: runs the QP's pending WRs itself when no worker is on them,
     * else spins, yields, then parks (the worker unparks the owner's {@link ConcEndpoint#waiter}).
     */
    private void idleUntil(long seq) {
        int spins = 0;
        while (head() < seq) {
            if (owner.core.closed()) {
                throw new ClusterClosedException(owner.who("wait") + ": the cluster is closed");
            }
            if (owner.engine().executor.process(this, 64) > 0) {
                spins = 0;
                continue;
            }
            if (++spins < 100) {
                Thread.onSpinWait();
            } else if (spins < 200) {
                Thread.yield();
            } else {
                owner.waiter = Thread.currentThread();
                if (head() < seq) {
                    LockSupport.parkNanos(owner, 200_000);
                }
                owner.waiter = null;
            }
        }
    }

    @Override
    public String toString() {
        return "QP(" + owner.name + "->" + target + (error ? ", ERROR" : "") + ")";
    }
}
