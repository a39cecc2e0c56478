package remo.locks.bench;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import remo.loco.Backoff;
import remo.locks.CasSpinLock;
import remo.locks.LockObject;
import remo.locks.RemoteLock;
import remo.locks.StrongTicketLock;
import remo.locks.WeakTicketLock;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * The lock benchmark printed by {@code remo bench-locks}: the simulated NIC in concurrent mode,
 * tracing off, per lock class. A measured figure, not a timed test.
 *
 * <ul>
 *   <li><b>uncontended</b>: one thread on node 2 of a 2-node cluster (lock home 1, clients {1, 2})
 *       does acquire+release pairs with an empty critical section;</li>
 *   <li><b>contended</b>: 8 threads on 4 nodes (two per node; home 1, every node a client) each
 *       acquire repeatedly and increment a counter on node 4 with a waited get and put in the
 *       critical section; the counter is checked.</li>
 * </ul>
 */
public final class LockBenchmark {

    /** The lock configurations measured. */
    public enum Subject {
        WEAK_TICKET("WeakTicketLock"), STRONG_TICKET("StrongTicketLock"), CAS_PUT("CasSpinLock(PUT)"),
        CAS_RFAA("CasSpinLock(RFAA)");

        /** How the benchmark names it. */
        public final String label;

        Subject(String label) {
            this.label = label;
        }

        LockObject construct(SimCluster c, int node, NodeSet clients, int slots) {
            return switch (this) {
                case WEAK_TICKET -> new WeakTicketLock(c.node(node), "bench", 1, clients, slots);
                case STRONG_TICKET -> new StrongTicketLock(c.node(node), "bench", 1, clients, slots);
                case CAS_PUT -> new CasSpinLock(c.node(node), "bench", 1, clients, CasSpinLock.ReleaseMode.PUT,
                        Backoff.exponential(4, 1024));
                case CAS_RFAA -> new CasSpinLock(c.node(node), "bench", 1, clients, CasSpinLock.ReleaseMode.RFAA,
                        Backoff.exponential(4, 1024));
            };
        }
    }

    /**
     * One measurement.
     *
     * @param subject      the lock
     * @param workload     {@code uncontended} or {@code contended}
     * @param acquisitions acquire+release pairs done
     * @param nanos        wall-clock duration of {@code run()}
     * @param nicOps       NIC operations posted
     */
    public record Measurement(Subject subject, String workload, long acquisitions, long nanos, long nicOps) {
        /** Acquire+release pairs per second. */
        public double perSecond() {
            return acquisitions * 1e9 / Math.max(1, nanos);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s: %d pairs in %.3f s = %.0f pairs/s (%d NIC ops)", subject.label, workload,
                    acquisitions, nanos / 1e9, perSecond(), nicOps);
        }
    }

    private LockBenchmark() {
    }

    /**
     * Uncontended acquire+release pairs.
     *
     * @param pairs number of pairs, at least 1
     */
    public static Measurement uncontended(Subject s, long pairs) {
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().recordTrace(false).build()) {
            NodeSet clients = NodeSet.of(1, 2);
            s.construct(c, 1, clients, 1);
            RemoteLock lock = s.construct(c, 2, clients, 1);
            c.spawn(2, "bench", ep -> {
                for (long i = 0; i < pairs; i++) {
                    lock.acquire(ep);
                    lock.release(ep);
                }
            });
            return measurement(s, "uncontended", pairs, c.run());
        }
    }

    /**
     * Contended throughput: 8 threads on 4 nodes, {@code perThread} acquisitions each, a waited
     * remote increment in every critical section.
     *
     * @param perThread acquisitions per thread, at least 1
     * @throws IllegalStateException if the counter lost an update (a lock bug)
     */
    public static Measurement contended(Subject s, long perThread) {
        int nodes = 4;
        int threads = 8;
        try (SimCluster c = SimCluster.builder().nodes(nodes).concurrent().recordTrace(false).build()) {
            NodeSet clients = NodeSet.range(1, nodes);
            List<RemoteLock> locks = new ArrayList<>();
            for (int n = 1; n <= nodes; n++) {
                locks.add(s.construct(c, n, clients, threads / nodes));
            }
            Region ctr = c.node(nodes).register("ctr", 1, EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
            for (int t = 0; t < threads; t++) {
                int node = t % nodes + 1;
                Region scratch = c.node(node).register("s" + t, 2, EnumSet.of(Access.LOCAL_WRITE));
                RemoteLock lock = locks.get(node - 1);
                c.spawn(node, "t" + t, ep -> {
                    WorkId w = ep.newWorkId("c");
                    for (long i = 0; i < perThread; i++) {
                        lock.acquire(ep);
                        increment(ep, w, scratch, ctr);
                        lock.release(ep);
                    }
                });
            }
            Measurement m = measurement(s, "contended", threads * perThread, c.run());
            long value = c.peek(nodes, "ctr", 0);
            if (value != threads * perThread) {
                throw new IllegalStateException(s.label + ": counter " + value + " after " + threads * perThread + " acquisitions");
            }
            return m;
        }
    }

    private static void increment(Endpoint ep, WorkId w, Region scratch, Region ctr) {
        ep.get(w, scratch, 0, ctr, 0, 1);
        ep.waitFor(w);
        ep.store(scratch, 1, ep.load(scratch, 0) + 1);
        ep.put(w, ctr, 0, scratch, 1, 1);
        ep.waitFor(w);
    }

    private static Measurement measurement(Subject s, String workload, long pairs, RunResult r) {
        return new Measurement(s, workload, pairs, r.metrics().cluster().get("wallNanos"), r.metrics().cluster().opsPosted());
    }
}
