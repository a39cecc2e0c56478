package remo.nic;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import remo.nic.conc.ConcEngine;
import remo.nic.det.ActionController;
import remo.nic.det.DetEngine;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.RegionBoundsException;
import remo.nic.error.RegionNotFoundException;
import remo.nic.error.ReplayDivergenceException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.StepLimitExceededException;
import remo.nic.error.UnreportedFailureException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Engine;
import remo.nic.fabric.ThreadSpec;

/**
 * An in-process simulated RDMA fabric of {@code N} nodes (nic.md §1–§3). Lifecycle: build → setup
 * (register regions, spawn threads) → {@link #run()} (threads run, then quiescence) → inspect
 * ({@link #peek}, metrics, the {@link RunResult}) → {@link #close()}.
 *
 * <p>Two modes (nic.md §5): <b>deterministic</b> — one seeded adversarial scheduler picks every CPU,
 * drain and NIC step; runs are reproducible ({@link #replay}) and deliberately reorder what the
 * model lets them reorder; <b>concurrent</b> — one platform thread per simulated thread and NIC
 * worker threads per node, for throughput.
 */
public final class SimCluster implements Cluster {
    private final ClusterCore core;
    private final Builder builder;
    private final List<ThreadSpec> specs = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private Engine engine;
    private boolean ran;
    private volatile RunResult result;

    private SimCluster(Builder b) {
        this.builder = b.copy();
        boolean tracing = b.recordTrace != null ? b.recordTrace : !b.concurrent;
        this.core = new ClusterCore(b.nodes, b.config, tracing, b.spinCompression);
        core.attach(this);
    }

    /** A builder with the defaults: 2 nodes, {@link NicConfig#defaults()}, deterministic mode with seed 0. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int size() {
        return core.size;
    }

    @Override
    public Node node(int id) {
        return core.node(id);
    }

    @Override
    public NicConfig config() {
        return core.config;
    }

    @Override
    public Metrics metrics() {
        return core.metrics;
    }

    /** Whether this cluster runs in deterministic mode. */
    public boolean deterministic() {
        return !builder.concurrent;
    }

    /**
     * Spawns a simulated thread running {@code body} on {@code node} (setup phase only). Its endpoint
     * is created by {@link #run()} and passed to the body.
     *
     * @param name unique thread name (traces, metrics, messages)
     * @throws IllegalStateException    after {@code run()}
     * @throws IllegalArgumentException for a duplicate name
     * @throws NoSuchNodeException      outside {@code 1..N}
     */
    public SimThread spawn(int node, String name, ThreadBody body) {
        return add(node, name, Objects.requireNonNull(body, "body"), null);
    }

    /**
     * Spawns a simulated thread whose calls come from {@code script} (see {@link ThreadScript}); same
     * rules as {@link #spawn}.
     */
    public SimThread spawnScript(int node, String name, ThreadScript script) {
        return add(node, name, null, Objects.requireNonNull(script, "script"));
    }

    private synchronized SimThread add(int node, String name, ThreadBody body, ThreadScript script) {
        core.checkOpen("spawn");
        if (ran) {
            throw new IllegalStateException("spawn(" + node + ", " + name + "): threads can only be spawned before run()");
        }
        core.checkNode("spawn", node);
        if (name == null || !names.add(name)) {
            throw new IllegalArgumentException("spawn: thread name '" + name + "' is " + (name == null ? "null" : "already used"));
        }
        ThreadSpec s = new ThreadSpec(specs.size(), name, node, body, script);
        specs.add(s);
        return new SimThread(s.index(), name, node);
    }

    /**
     * Runs every spawned thread, then quiesces (nic.md §2.1, §4.7). Once.
     *
     * @return the result: failures, trace, metrics, schedule, captured registers
     * @throws IllegalStateException        on a second call
     * @throws SimulationDeadlockException  deterministic mode: no action enabled while a thread is unfinished
     * @throws StepLimitExceededException   deterministic mode: more than {@code stepLimit} steps
     * @throws UnreportedFailureException   if flushed ops stayed unacknowledged and the fault plan does not expect it
     */
    public RunResult run() {
        synchronized (this) {
            core.checkOpen("run");
            if (ran) {
                throw new IllegalStateException("run(): a cluster runs once");
            }
            ran = true;
            engine = builder.concurrent ? new ConcEngine(core, builder.nicThreadsPerNode, builder.faults)
                    : new DetEngine(core, builder.seed, builder.policy, builder.faults, builder.stepLimit, builder.replay,
                    builder.controller, builder.reduceSpins);
        }
        try {
            result = engine.run(List.copyOf(specs));
        } catch (SimulationDeadlockException e) {
            result = e.partial();
            throw e;
        } catch (StepLimitExceededException e) {
            result = e.partial();
            throw e;
        }
        return result;
    }

    /**
     * The result of {@link #run()}, for code that did not call it itself (a test harness reporting
     * the schedule of a failed property): the returned result, or the partial result carried by a
     * {@link SimulationDeadlockException} or {@link StepLimitExceededException} that {@code run()}
     * threw.
     *
     * @return the result, or empty before {@code run()} returned or threw one of those exceptions
     */
    public Optional<RunResult> result() {
        return Optional.ofNullable(result);
    }

    /**
     * Final memory of word {@code off} of region {@code region} on {@code node} (not a memory event).
     *
     * @throws IllegalStateException   before quiescence
     * @throws NodeCrashedException    if the node crashed
     * @throws RegionNotFoundException if there is no such region
     * @throws RegionBoundsException   if {@code off} is out of bounds
     */
    public long peek(int node, String region, int off) {
        return core.peek(node, region, off);
    }

    /**
     * Concurrent mode: crashes {@code node} now (nic.md §7.3).
     *
     * @throws IllegalStateException in deterministic mode (use {@link FaultPlan.Builder#crash}) or outside a run
     */
    public void crash(int node) {
        core.checkNode("crash", node);
        Engine e;
        synchronized (this) {
            e = engine;
        }
        if (e == null || core.phase() != ClusterCore.Phase.RUNNING) {
            throw new IllegalStateException("crash(" + node + "): only during run()");
        }
        e.crash(node);
    }

    /**
     * Re-executes a deterministic run action by action (nic.md §5.1).
     *
     * @param sameConfig a builder with the configuration of the original run (mode, nodes, config,
     *                   faults, tracing); its seed and policy are ignored
     * @param schedule   the original run's {@link RunResult#schedule()}
     * @param setup      registers the same regions and spawns the same threads on the new cluster
     * @return the replayed run's result
     * @throws ReplayDivergenceException at the first scheduled action that is not enabled
     */
    public static RunResult replay(Builder sameConfig, Schedule schedule, Consumer<SimCluster> setup) {
        Builder b = sameConfig.copy();
        b.replay = schedule;
        b.concurrent = false;
        try (SimCluster c = b.build()) {
            setup.accept(c);
            return c.run();
        }
    }

    @Override
    public void close() {
        core.close();
    }

    /** Configures and builds a {@link SimCluster}. */
    public static final class Builder {
        private int nodes = 2;
        private NicConfig config = NicConfig.defaults();
        private boolean concurrent;
        private long seed;
        private SchedulerPolicy policy = SchedulerPolicy.adversarial();
        private Boolean recordTrace;
        private boolean spinCompression = true;
        private FaultPlan faults = FaultPlan.none();
        private long stepLimit = 50_000_000L;
        private int nicThreadsPerNode = 1;
        private Schedule replay;
        private ActionController controller;
        private boolean reduceSpins = true;

        private Builder() {
        }

        private Builder copy() {
            Builder b = new Builder();
            b.nodes = nodes;
            b.config = config;
            b.concurrent = concurrent;
            b.seed = seed;
            b.policy = policy;
            b.recordTrace = recordTrace;
            b.spinCompression = spinCompression;
            b.faults = faults;
            b.stepLimit = stepLimit;
            b.nicThreadsPerNode = nicThreadsPerNode;
            b.replay = replay;
            b.controller = controller;
            b.reduceSpins = reduceSpins;
            return b;
        }

        /** Number of nodes, {@code 1..64}. @throws IllegalArgumentException otherwise */
        public Builder nodes(int n) {
            if (n < 1 || n > 64) {
                throw new IllegalArgumentException("a cluster has 1..64 nodes, got " + n);
            }
            this.nodes = n;
            return this;
        }

        /** The configuration (default {@link NicConfig#defaults()}). */
        public Builder config(NicConfig c) {
            this.config = Objects.requireNonNull(c);
            return this;
        }

        /** Deterministic mode with the ADVERSARIAL policy. */
        public Builder deterministic(long seed) {
            return deterministic(seed, SchedulerPolicy.adversarial());
        }

        /** Deterministic mode with a policy. */
        public Builder deterministic(long seed, SchedulerPolicy policy) {
            this.concurrent = false;
            this.seed = seed;
            this.policy = Objects.requireNonNull(policy);
            return this;
        }

        /** Concurrent mode. */
        public Builder concurrent() {
            this.concurrent = true;
            return this;
        }

        /** Tracing (default: on in deterministic mode, off in concurrent mode). */
        public Builder recordTrace(boolean on) {
            this.recordTrace = on;
            return this;
        }

        /** Spin compression of repeated identical reads in traces (default on, nic.md §6.3). */
        public Builder spinCompression(boolean on) {
            this.spinCompression = on;
            return this;
        }

        /** The fault plan (default none). */
        public Builder faults(FaultPlan plan) {
            this.faults = Objects.requireNonNull(plan);
            return this;
        }

        /** Deterministic mode: the step limit (default 50,000,000). */
        public Builder stepLimit(long steps) {
            if (steps < 1) {
                throw new IllegalArgumentException("stepLimit must be >= 1");
            }
            this.stepLimit = steps;
            return this;
        }

        /** Concurrent mode: NIC worker threads per node (default 1). */
        public Builder nicThreadsPerNode(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("nicThreadsPerNode must be >= 1");
            }
            this.nicThreadsPerNode = n;
            return this;
        }

        /**
         * Deterministic mode: a thread body that runs the same loop iteration twice, changing
         * nothing, waits until a word its loop read changes (default on). A spin that nothing will
         * end is then reported at once as a deadlock that names the thread, where it spins and the
         * words it waits on, instead of running to the step limit. A seeded run looks for loops only
         * in a thread that has made {@code 10 000} calls in a row that changed nothing (the model
         * checker from the first call). It assumes that a loop's behaviour depends only on the values
         * it reads (nic.md §5.1); turn it off for code that counts its spins to give up.
         */
        public Builder reduceSpins(boolean on) {
            this.reduceSpins = on;
            return this;
        }

        /**
         * Deterministic mode: every step is chosen by {@code c} instead of the seeded policy (the model
         * checker's hook, {@code remo.nic.explore}); {@code null} for the policy.
         */
        public Builder controlledBy(ActionController c) {
            this.controller = c;
            return this;
        }

        /** A new cluster with this configuration. */
        public SimCluster build() {
            return new SimCluster(this);
        }
    }
}
