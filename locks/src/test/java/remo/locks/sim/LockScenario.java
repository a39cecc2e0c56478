package remo.locks.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import remo.locks.RemoteLock;
import remo.locks.StrongTicketLock;
import remo.locks.WeakTicketLock;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * The workload of the simulator-level lock tests (locks.md §10.2, §10.3, §10.5): {@code threads}
 * threads placed round-robin on nodes {@code 1..nodes} (home node 1, every node a client), each
 * acquiring {@code acquisitions} times and incrementing the counter {@code ctr} on node
 * {@code nodes} with a waited get and a waited put ({@code INC_W}, which also meets the weak lock's
 * O3). Each acquisition records scheduler-step stamps around the lock calls.
 *
 * @param lock         the lock class
 * @param threads      number of threads
 * @param nodes        number of nodes
 * @param acquisitions acquisitions per thread
 * @param unwaitedPut  whether the critical section also puts to a word {@code log} on node 1 and never
 *                     waits for it: the weak lock used without O3 (locks.md §9 NAIVE-WLOCK-AS-STRONG),
 *                     whose ORD-S then fails
 */
public record LockScenario(LockClass lock, int threads, int nodes, int acquisitions, boolean unwaitedPut) {
    /** The scenario whose critical section waits all its ops (meets O3). */
    public LockScenario(LockClass lock, int threads, int nodes, int acquisitions) {
        this(lock, threads, nodes, acquisitions, false);
    }

    @Override
    public String toString() {
        return lock + " " + threads + " threads, " + nodes + " nodes, " + acquisitions + " acquisitions"
                + (unwaitedPut ? ", unwaited put" : "");
    }

    /** The lock's name in every scenario. */
    public static final String NAME = "lk";

    /**
     * One acquisition as the Java side saw it; steps are scheduler steps (deterministic mode) or
     * nanoseconds (concurrent mode).
     *
     * @param thread    thread index
     * @param k         the thread's k-th acquisition, from 0
     * @param ticket    the ticket (ticket locks), -1 otherwise
     * @param invAcq    before {@code acquire} was called
     * @param retAcq    after it returned
     * @param invRel    before {@code release} was called
     * @param retRel    after it returned
     */
    public record Acquisition(int thread, int k, long ticket, long invAcq, long retAcq, long invRel, long retRel) {
    }

    /**
     * A run's result and its acquisitions.
     *
     * @param result       the run
     * @param acquisitions every acquisition
     * @param counter      the counter's final value
     */
    public record Outcome(RunResult result, List<Acquisition> acquisitions, long counter) {
    }

    /** The node of thread {@code t}. */
    public int nodeOf(int t) {
        return t % nodes + 1;
    }

    /** Slots per node for the ticket locks: the most threads any node has. */
    public int slotsPerNode() {
        return (threads + nodes - 1) / nodes;
    }

    /** A deterministic run with the SWARM policy (recorded trace). */
    public Outcome runDeterministic(long seed) {
        return runDeterministic(seed, SchedulerPolicy.swarm());
    }

    /** A deterministic run with {@code policy} (recorded trace). */
    public Outcome runDeterministic(long seed, SchedulerPolicy policy) {
        return run(SimCluster.builder().nodes(nodes).deterministic(seed, policy), true);
    }

    /** A concurrent run (tracing off). */
    public Outcome runConcurrent() {
        return run(SimCluster.builder().nodes(nodes).concurrent().recordTrace(false), false);
    }

    private Outcome run(SimCluster.Builder b, boolean deterministic) {
        List<Acquisition> acqs = Collections.synchronizedList(new ArrayList<>());
        try (SimCluster c = b.build()) {
            Map<Integer, RemoteLock> locks = lock.construct(c, NAME, 1, NodeSet.range(1, nodes), slotsPerNode());
            Region ctr = c.node(nodes).register("ctr", 1, EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
            Region log = unwaitedPut ? c.node(1).register("log", 1, EnumSet.of(Access.REMOTE_WRITE)) : null;
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
                        long b2 = now(ep, deterministic);
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
                        acqs.add(new Acquisition(thread, k, ticket, a, b2, r, now(ep, deterministic)));
                    }
                });
            }
            RunResult r = c.run();
            return new Outcome(r, List.copyOf(acqs), r.completed() ? c.peek(nodes, "ctr", 0) : -1);
        }
    }

    private static long ticket(RemoteLock l, Endpoint ep) {
        if (l instanceof WeakTicketLock w) {
            return w.heldTicket(ep);
        }
        if (l instanceof StrongTicketLock s) {
            return s.heldTicket(ep);
        }
        return -1;
    }

    /** Scheduler steps so far (deterministic; reading metrics never affects scheduling), else nanoseconds. */
    private static long now(Endpoint ep, boolean deterministic) {
        return deterministic ? ep.cluster().metrics().snapshot().cluster().get("schedulerSteps") : System.nanoTime();
    }
}
