package remo.nic.fabric;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import remo.core.rdma.OpKind;
import remo.nic.Metrics;
import remo.nic.MetricsSnapshot;

/**
 * The counters behind {@link Metrics}. Each endpoint's counters are written only by its own thread
 * (or by the deterministic scheduler while the thread is parked); each QP's completion counters
 * only by the engine that executes its steps. So the hot path needs no atomic operation; a
 * snapshot taken during a concurrent run is approximate, and exact once {@code run()} returned.
 */
public final class MetricsRegistry implements Metrics {

    /** The counters of one endpoint. */
    public static final class EndpointMetrics {
        public final String name;
        public final int node;
        public final long[] c = new long[Counter.values().length];
        public final List<QpMetrics> qps = new CopyOnWriteArrayList<>();

        /** The counters of endpoint {@code name} on {@code node}. */
        public EndpointMetrics(String name, int node) {
            this.name = name;
            this.node = node;
        }

        /** Adds {@code delta} to {@code counter}. */
        public void add(Counter counter, long delta) {
            c[counter.ordinal()] += delta;
        }

        /** Raises {@code counter} to {@code value} if it is smaller. */
        public void max(Counter counter, long value) {
            if (value > c[counter.ordinal()]) {
                c[counter.ordinal()] = value;
            }
        }
    }

    /** The counters of one QP. */
    public static final class QpMetrics {
        public final String key;
        /** Written by the posting thread. */
        public long posted;
        public long depthMax;
        public final long[] histogram = new long[32];
        // padding: the consumer's counters below must not share a cache line with the producer's
        public long p00, p01, p02, p03, p04, p05, p06, p07;
        /** Written by the QP's consumer (once per batch in concurrent mode). */
        public long completed;
        public long flushed;
        public long p10, p11, p12, p13, p14, p15, p16, p17;

        /** The counters of the QP named {@code key} ({@code thread->target}). */
        public QpMetrics(String key) {
            this.key = key;
        }

        /** Records a post that makes {@code depth} WRs incomplete on the QP. */
        public void onPost(long depth) {
            if (depth > depthMax) {
                depthMax = depth;
            }
            histogram[Math.min(31, 63 - Long.numberOfLeadingZeros(Math.max(1, depth)))]++;
        }
    }

    private final int nodes;
    private final List<EndpointMetrics> endpoints = new CopyOnWriteArrayList<>();
    private final AtomicLongArray unitContention;
    private final AtomicLong rejectedOutsideThreads = new AtomicLong();
    private final long[] actions = new long[4];
    private long schedulerSteps;
    private volatile long wallNanos;

    /** The metrics of a cluster of {@code nodes} nodes. */
    public MetricsRegistry(int nodes) {
        this.nodes = nodes;
        this.unitContention = new AtomicLongArray(nodes + 1);
    }

    /** The metrics of a new endpoint. */
    public EndpointMetrics endpoint(String name, int node) {
        EndpointMetrics m = new EndpointMetrics(name, node);
        endpoints.add(m);
        return m;
    }

    /** A remote RMW found its rao class's unit busy at {@code node} (rmwUnitContention). */
    public void unitContention(int node) {
        unitContention.incrementAndGet(node);
    }

    /** An API call from outside the simulated threads was rejected. */
    public void rejectedOutsideThreads() {
        rejectedOutsideThreads.incrementAndGet();
    }

    /** The deterministic scheduler executed an action of the given kind. */
    public void schedulerStep(int actionKind) {
        schedulerSteps++;
        actions[actionKind]++;
    }

    /** The run's wall-clock time, in ns. */
    public void wallNanos(long nanos) {
        wallNanos = nanos;
    }

    @Override
    public MetricsSnapshot snapshot() {
        Map<String, Long> cluster = new LinkedHashMap<>();
        Map<Integer, Map<String, Long>> perNode = new LinkedHashMap<>();
        for (int n = 1; n <= nodes; n++) {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("rmwUnitContention", unitContention.get(n));
            perNode.put(n, m);
        }
        Map<String, MetricsSnapshot.Scope> eps = new LinkedHashMap<>();
        Map<String, MetricsSnapshot.Scope> qps = new LinkedHashMap<>();
        for (EndpointMetrics e : endpoints) {
            Map<String, Long> m = new LinkedHashMap<>();
            for (Counter c : Counter.values()) {
                m.put(c.metricName, e.c[c.ordinal()]);
            }
            long completed = 0;
            long flushed = 0;
            long depthMax = 0;
            for (QpMetrics q : e.qps) {
                Map<String, Long> qm = new LinkedHashMap<>();
                qm.put("posted", q.posted);
                qm.put("opsCompleted", q.completed);
                qm.put("opsFlushed", q.flushed);
                qm.put("qpDepth.current", q.posted - q.completed - q.flushed);
                qm.put("qpDepth.max", q.depthMax);
                for (int i = 0; i < q.histogram.length; i++) {
                    if (q.histogram[i] > 0) {
                        qm.put("qpDepth.histogram." + (1L << i), q.histogram[i]);
                    }
                }
                qps.put(q.key, new MetricsSnapshot.Scope(qm));
                completed += q.completed;
                flushed += q.flushed;
                depthMax = Math.max(depthMax, q.depthMax);
            }
            m.put("opsCompleted", completed);
            m.put("opsFlushed", flushed);
            m.put("qpDepth.max", depthMax);
            eps.put(e.name, new MetricsSnapshot.Scope(m));
            merge(perNode.get(e.node), m);
            merge(cluster, m);
        }
        cluster.merge("rejected", rejectedOutsideThreads.get(), Long::sum);
        long contention = 0;
        for (int n = 1; n <= nodes; n++) {
            contention += unitContention.get(n);
        }
        cluster.put("rmwUnitContention", contention);
        cluster.put("schedulerSteps", schedulerSteps);
        String[] kinds = {"CPU", "DRAIN", "NIC", "FAULT"};
        for (int i = 0; i < 4; i++) {
            cluster.put("actions." + kinds[i], actions[i]);
        }
        long wall = wallNanos;
        cluster.put("wallNanos", wall);
        long posted = 0;
        for (OpKind k : OpKind.values()) {
            posted += cluster.getOrDefault("opsPosted." + k.name(), 0L);
        }
        cluster.put("opsPerSecond", wall > 0 ? (long) (posted * 1e9 / wall) : 0);
        Map<Integer, MetricsSnapshot.Scope> nodeScopes = new LinkedHashMap<>();
        perNode.forEach((n, m) -> nodeScopes.put(n, new MetricsSnapshot.Scope(m)));
        return new MetricsSnapshot(new MetricsSnapshot.Scope(cluster), nodeScopes, eps, qps);
    }

    private static void merge(Map<String, Long> into, Map<String, Long> from) {
        for (Map.Entry<String, Long> e : from.entrySet()) {
            boolean max = e.getKey().endsWith(".max");
            into.merge(e.getKey(), e.getValue(), max ? Math::max : Long::sum);
        }
    }

    @Override
    public void reset() {
        for (EndpointMetrics e : endpoints) {
            java.util.Arrays.fill(e.c, 0);
            for (QpMetrics q : e.qps) {
                q.posted = 0;
                q.completed = 0;
                q.flushed = 0;
                q.depthMax = 0;
                java.util.Arrays.fill(q.histogram, 0);
            }
        }
        for (int n = 0; n <= nodes; n++) {
            unitContention.set(n, 0);
        }
        rejectedOutsideThreads.set(0);
        java.util.Arrays.fill(actions, 0);
        schedulerSteps = 0;
        wallNanos = 0;
    }
}
