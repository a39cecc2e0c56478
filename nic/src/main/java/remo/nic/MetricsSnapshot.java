package remo.nic;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import remo.core.rdma.OpKind;

/**
 * An immutable view of the metrics of nic.md §9 in three scopes: the cluster, each node, each
 * endpoint (by thread name), plus each queue pair ({@code thread->target}).
 */
public final class MetricsSnapshot {

    /**
     * The counters of one scope, by metric name ({@code opsPosted.PUT}, {@code payloadBytes},
     * {@code roundTrips}, {@code qpDepth.max}, …). A counter a scope does not have reads as 0.
     */
    public static final class Scope {
        private final Map<String, Long> counters;

        public Scope(Map<String, Long> counters) {
            this.counters = Collections.unmodifiableMap(new TreeMap<>(counters));
        }

        /** Every counter of the scope, by name. */
        public Map<String, Long> counters() {
            return counters;
        }

        /**
         * The counters without the wall-clock ones ({@code wallNanos}, {@code opsPerSecond},
         * {@code blockedNanos}): equal for two deterministic runs with the same seed (nic.md §10 T1).
         */
        public Map<String, Long> deterministicCounters() {
            Map<String, Long> m = new TreeMap<>(counters);
            m.remove("wallNanos");
            m.remove("opsPerSecond");
            m.remove("blockedNanos");
            return Collections.unmodifiableMap(m);
        }

        /** The counter {@code name}, 0 if absent. */
        public long get(String name) {
            return counters.getOrDefault(name, 0L);
        }

        /** Ops posted of one kind. */
        public long opsPosted(OpKind kind) {
            return get("opsPosted." + kind.name());
        }

        /** Ops posted, all kinds. */
        public long opsPosted() {
            long n = 0;
            for (OpKind k : OpKind.values()) {
                n += opsPosted(k);
            }
            return n;
        }

        /** Loopback ops, all kinds. */
        public long loopbackOps() {
            long n = 0;
            for (OpKind k : OpKind.values()) {
                n += get("loopbackOps." + k.name());
            }
            return n;
        }

        /** Network payload bytes (locks.md §1.6). */
        public long payloadBytes() {
            return get("payloadBytes");
        }

        /** Network round trips (locks.md §1.6). */
        public long roundTrips() {
            return get("roundTrips");
        }

        /** Largest number of incomplete WRs seen on one QP of the scope. */
        public long maxQpDepth() {
            return get("qpDepth.max");
        }

        @Override
        public String toString() {
            return counters.toString();
        }
    }

    private final Scope cluster;
    private final Map<Integer, Scope> nodes;
    private final Map<String, Scope> endpoints;
    private final Map<String, Scope> queuePairs;

    public MetricsSnapshot(Scope cluster, Map<Integer, Scope> nodes, Map<String, Scope> endpoints, Map<String, Scope> queuePairs) {
        this.cluster = cluster;
        this.nodes = Collections.unmodifiableMap(new TreeMap<>(nodes));
        this.endpoints = Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
        this.queuePairs = Collections.unmodifiableMap(new LinkedHashMap<>(queuePairs));
    }

    /** Cluster totals, scheduler activity, wall-clock time and throughput. */
    public Scope cluster() {
        return cluster;
    }

    /** Totals of the endpoints on node {@code n}, plus its {@code rmwUnitContention}. @throws NoSuchElementException for an unknown node */
    public Scope node(int n) {
        Scope s = nodes.get(n);
        if (s == null) {
            throw new NoSuchElementException("no node " + n + " in this snapshot");
        }
        return s;
    }

    /** The counters of the endpoint of thread {@code threadName}. @throws NoSuchElementException if there is none */
    public Scope endpoint(String threadName) {
        Scope s = endpoints.get(threadName);
        if (s == null) {
            throw new NoSuchElementException("no endpoint of thread '" + threadName + "' in this snapshot");
        }
        return s;
    }

    /** Every endpoint's scope, in spawn order. */
    public Map<String, Scope> endpoints() {
        return endpoints;
    }

    /** Every QP's counters ({@code qpDepth.current}, {@code qpDepth.max}, {@code qpDepth.histogram.<2^k>}, completions), keyed {@code thread->target}. */
    public Map<String, Scope> queuePairs() {
        return queuePairs;
    }

    /** A short multi-line text report (ops by kind, bytes, round trips, max QP depth, throughput). */
    public String format() {
        StringBuilder sb = new StringBuilder();
        Scope c = cluster;
        sb.append(String.format(Locale.ROOT, "ops posted: %d (put %d, get %d, rcas %d, rfaa %d; loopback %d)%n", c.opsPosted(),
                c.opsPosted(OpKind.PUT), c.opsPosted(OpKind.GET), c.opsPosted(OpKind.RCAS), c.opsPosted(OpKind.RFAA),
                c.loopbackOps()));
        sb.append(String.format(Locale.ROOT, "ops completed: %d, flushed: %d%n", c.get("opsCompleted"), c.get("opsFlushed")));
        sb.append(String.format(Locale.ROOT, "payload bytes: %d (loopback %d)%n", c.payloadBytes(), c.get("loopbackBytes")));
        sb.append(String.format(Locale.ROOT, "round trips: %d (loopback %d); waits %d, gfs %d, polls %d%n", c.roundTrips(),
                c.get("loopbackRoundTrips"), c.get("waits"), c.get("gfs"), c.get("polls")));
        sb.append(String.format(Locale.ROOT, "max QP depth: %d, max store-buffer depth: %d, post stalls: %d, rejected: %d%n",
                c.maxQpDepth(), c.get("sbDepth.max"), c.get("postStalls"), c.get("rejected")));
        if (c.get("schedulerSteps") > 0) {
            sb.append(String.format(Locale.ROOT, "scheduler steps: %d (CPU %d, DRAIN %d, NIC %d, FAULT %d)%n",
                    c.get("schedulerSteps"), c.get("actions.CPU"), c.get("actions.DRAIN"), c.get("actions.NIC"),
                    c.get("actions.FAULT")));
        }
        sb.append(String.format(Locale.ROOT, "wall clock: %.3f ms, %d ops/s%n", c.get("wallNanos") / 1e6, c.get("opsPerSecond")));
        return sb.toString();
    }

    @Override
    public String toString() {
        return "MetricsSnapshot" + cluster;
    }
}
