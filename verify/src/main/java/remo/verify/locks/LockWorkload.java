package remo.verify.locks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import remo.locks.LockVariant;
import remo.locks.RemoteLock;
import remo.locks.TicketOrdered;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.ExplorationTarget;

/**
 * The workload under which a lock is checked (locks.md §10.2, §10.3, §10.5): {@code threads} threads
 * placed round-robin on the client nodes {@code 1..nodes} (the home is node 1), each acquiring the
 * lock {@code acquisitions} times and incrementing the counter {@code ctr} on node {@code nodes}
 * inside with a waited get and a waited put ({@code INC_W}, which also meets the weak lock's O3).
 * Each acquisition records scheduler-step stamps around the lock calls. The lock is built by a
 * {@link LockFactory} (the real class, or a planted bug) and judged as the {@link LockVariant} it
 * claims to be.
 *
 * @param lock         what the lock claims to be: its guarantees and memory layout
 * @param factory      how the lock is built on every participant
 * @param threads      number of threads
 * @param nodes        number of client nodes (and nodes of the cluster)
 * @param acquisitions acquisitions per thread
 * @param slotsPerNode endpoints per node of the ticket locks: at least the threads a node has
 * @param unwaitedPut  whether the critical section also puts to a word {@code log} and never waits
 *                     for it (on node 1 for a ticket lock, on the last node for the CAS lock: not the
 *                     queue pair of the release's write): the weak lock used without O3 (locks.md §9
 *                     NAIVE-WLOCK-AS-STRONG), whose ORD-S then fails
 * @param config       the NIC configuration
 */
public record LockWorkload(LockVariant lock, LockFactory factory, int threads, int nodes, int acquisitions, int slotsPerNode,
                           boolean unwaitedPut, NicConfig config) {

    /** The lock's name in every workload. */
    public static final String NAME = "lk";

    /** Builds a lock on every participant of a cluster (the real classes: {@link LockVariant#construct}). */
    @FunctionalInterface
    public interface LockFactory {
        /**
         * @return node id to the local instance, for every client and the home
         */
        Map<Integer, RemoteLock> construct(SimCluster c, String name, int home, NodeSet clients, int slotsPerNode);
    }

    public LockWorkload {
        Objects.requireNonNull(lock, "lock");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(config, "config");
        if (threads < 1 || nodes < 1 || acquisitions < 1) {
            throw new IllegalArgumentException("threads, nodes and acquisitions must be at least 1, got " + threads + ", "
                    + nodes + ", " + acquisitions);
        }
        if (slotsPerNode < (threads + nodes - 1) / nodes) {
            throw new IllegalArgumentException(slotsPerNode + " slots per node are too few for " + threads + " threads on "
                    + nodes + " nodes (a node has up to " + (threads + nodes - 1) / nodes + ")");
        }
    }

    /** The real lock, the fewest slots the placement needs, every critical-section op waited, default flags. */
    public LockWorkload(LockVariant lock, int threads, int nodes, int acquisitions) {
        this(lock, lock::construct, threads, nodes, acquisitions, (threads + nodes - 1) / nodes, false, NicConfig.defaults());
    }

    /** As {@link #LockWorkload(LockVariant, int, int, int)}, with or without the unwaited put. */
    public LockWorkload(LockVariant lock, int threads, int nodes, int acquisitions, boolean unwaitedPut) {
        this(lock, lock::construct, threads, nodes, acquisitions, (threads + nodes - 1) / nodes, unwaitedPut,
                NicConfig.defaults());
    }

    /** This workload with another lock factory (a planted bug judged as {@link #lock()}). */
    public LockWorkload withFactory(LockFactory f) {
        return new LockWorkload(lock, f, threads, nodes, acquisitions, slotsPerNode, unwaitedPut, config);
    }

    /** This workload with {@code slots} slots per node. */
    public LockWorkload withSlotsPerNode(int slots) {
        return new LockWorkload(lock, factory, threads, nodes, acquisitions, slots, unwaitedPut, config);
    }

    @Override
    public String toString() {
        return lock + " " + threads + " thread" + (threads == 1 ? "" : "s") + " on " + nodes + " node" + (nodes == 1 ? "" : "s")
                + ", " + acquisitions + " acquisition" + (acquisitions == 1 ? "" : "s") + " each"
                + (lock.ticket() && slotsPerNode > 1 ? ", " + slotsPerNode + " slots per node" : "")
                + (unwaitedPut ? ", unwaited put" : "");
    }

    /**
     * One acquisition as the Java side saw it; steps are scheduler steps (deterministic mode) or
     * nanoseconds (concurrent mode).
     *
     * @param thread thread index
     * @param k      the thread's k-th acquisition, from 0
     * @param ticket the ticket (ticket locks), -1 otherwise
     * @param invAcq before {@code acquire} was called
     * @param retAcq after it returned
     * @param invRel before {@code release} was called
     * @param retRel after it returned
     */
    public record Acquisition(int thread, int k, long ticket, long invAcq, long retAcq, long invRel, long retRel) {
    }

    /**
     * A run's result and its acquisitions.
     *
     * @param result       the run
     * @param acquisitions every acquisition that completed
     * @param counter      the counter's final value, or -1 if the run did not complete
     */
    public record Outcome(RunResult result, List<Acquisition> acquisitions, long counter) {
    }

    /** The node of thread {@code t}. */
    public int nodeOf(int t) {
        return t % nodes + 1;
    }

    /** A deterministic run with the SWARM policy (recorded trace). */
    public Outcome runDeterministic(long seed) {
        return runDeterministic(seed, SchedulerPolicy.swarm());
    }

    /** A deterministic run with {@code policy} (recorded trace). */
    public Outcome runDeterministic(long seed, SchedulerPolicy policy) {
        List<Acquisition> acqs = Collections.synchronizedList(new ArrayList<>());
        // checkClientObligations off: the unwaited-put workload breaks the weak lock's O3 on purpose
        try (SimCluster c = SimCluster.builder().nodes(nodes).config(config).deterministic(seed, policy)
                .checkClientObligations(false).build()) {
            setup(c, acqs, true);
            RunResult r = c.runAllowingFailures(); // LockChecks reports a failed thread
            return new Outcome(r, List.copyOf(acqs), r.completed() ? c.peek(nodes, "ctr", 0) : -1);
        }
    }

    /** A concurrent run (tracing off). */
    public Outcome runConcurrent() {
        List<Acquisition> acqs = Collections.synchronizedList(new ArrayList<>());
        try (SimCluster c = SimCluster.builder().nodes(nodes).config(config).concurrent().recordTrace(false).build()) {
            setup(c, acqs, false);
            RunResult r = c.runAllowingFailures(); // LockChecks reports a failed thread
            return new Outcome(r, List.copyOf(acqs), r.completed() ? c.peek(nodes, "ctr", 0) : -1);
        }
    }

    /**
     * The workload as the model checker's target: every run starts with {@code acquisitions} cleared
     * and fills it, so that a check of the run reads its stamps there. Its threads share no Java
     * state the schedule could order (see the comment inside).
     */
    public ExplorationTarget target(List<Acquisition> acquisitions) {
        // the locks' Java state shared by a node's threads is the slot table, which each thread writes
        // in its first acquire, before its first call: in spawn order, before the first choice
        return new ExplorationTarget(nodes, config, c -> {
            acquisitions.clear();
            setup(c, acquisitions, true);
        }, true, false);
    }

    private void setup(SimCluster c, List<Acquisition> acqs, boolean deterministic) {
        Map<Integer, RemoteLock> locks = factory.construct(c, NAME, 1, NodeSet.range(1, nodes), slotsPerNode);
        Region ctr = c.node(nodes).register("ctr", 1, EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
        // the unwaited put must not share a queue pair with the release's write, which would order it
        // (models.md §5.3): the CAS lock releases to its home, node 1; a ticket lock's thread on node 1
        // releases to the other nodes
        Region log = unwaitedPut ? c.node(lock.ticket() ? 1 : nodes).register("log", 1, EnumSet.of(Access.REMOTE_WRITE)) : null;
        for (int t = 0; t < threads; t++) {
            int thread = t;
            int node = nodeOf(t);
            Region scratch = c.node(node).register("s." + t, 2, EnumSet.of(Access.LOCAL_WRITE));
            RemoteLock l = locks.get(node);
            c.spawn(node, "T" + t, ep -> {
                WorkId w = ep.newWorkId("c");
                WorkId unwaited = ep.newWorkId("l");
                for (int k = 0; k < acquisitions; k++) {
                    long a = now(ep, deterministic);
                    l.acquire(ep);
                    long b = now(ep, deterministic);
                    long ticket = ticket(l, ep);
                    ep.get(w, scratch, 0, ctr, 0, 1);
                    ep.waitFor(w);
                    ep.store(scratch, 1, ep.load(scratch, 0) + 1);
                    ep.put(w, ctr, 0, scratch, 1, 1);
                    ep.waitFor(w);
                    if (unwaitedPut) {
                        ep.put(unwaited, log, 0, scratch, 1, 1);
                    }
                    long r = now(ep, deterministic);
                    l.release(ep);
                    acqs.add(new Acquisition(thread, k, ticket, a, b, r, now(ep, deterministic)));
                }
            });
        }
    }

    private static long ticket(RemoteLock l, Endpoint ep) {
        return l instanceof TicketOrdered t ? t.heldTicket(ep) : -1;
    }

    /** Scheduler steps so far (deterministic; reading metrics never affects scheduling), else nanoseconds. */
    private static long now(Endpoint ep, boolean deterministic) {
        return deterministic ? ep.cluster().metrics().snapshot().cluster().get("schedulerSteps") : System.nanoTime();
    }
}
