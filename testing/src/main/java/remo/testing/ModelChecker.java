package remo.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import remo.conformance.TraceConformance;
import remo.conformance.TraceLitmus;
import remo.core.graph.ExecutionGraph;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.nic.NicConfig;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SimCluster;
import remo.nic.explore.Counterexample;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.ExplorationTarget;
import remo.nic.explore.ExecutionCheck;
import remo.nic.explore.Explorer;
import remo.nic.explore.Violation;

/**
 * The model checker for your own Java code on the simulated NIC (nic.md §5.3): a fluent front end
 * of {@link Explorer} for tests. Give the set-up — a method that registers regions, builds your
 * objects and spawns threads on the cluster it is given (it must not call {@code run()}) — and,
 * optionally, what must hold after each run. Every schedule that matters within the bounds is run;
 * a thread that throws, a thread that can never finish, a recorded graph the model does not allow,
 * or a failed after-run assertion is a violation.
 *
 * <pre>{@code
 * ModelChecker.nodes(2).model("rdma-wait-rmw").verify((cluster, after) -> {
 *     Region x = cluster.node(2).register("x", 1, EnumSet.allOf(Access.class));
 *     ...spawn threads...
 *     after.check(r -> assertEquals(1, cluster.peek(2, "x", 0)));
 * });
 * }</pre>
 *
 * Under the simulator's own model ({@code rdma-wait-rmw}, or {@code rdma-tso-rmw} for code that
 * polls) a graph the model rejects is a {@link Violation.Kind#CONFORMANCE} violation (a simulator
 * defect); under a stronger model ({@code rdma-sc-rmw}) it is an execution that model forbids and is
 * skipped, so that the assertions see exactly the model's executions.
 */
public final class ModelChecker {
    private static final Map<String, CatModel> MODELS = new ConcurrentHashMap<>();

    private final int nodes;
    private NicConfig config = NicConfig.defaults();
    private String model = "rdma-wait-rmw";
    private ExplorationOptions options = ExplorationOptions.defaults();
    private boolean sharedJavaState = true;
    private Path failures = Path.of("target", "remo-failures");

    private ModelChecker(int nodes) {
        if (nodes < 1 || nodes > 64) {
            throw new IllegalArgumentException("a cluster has 1..64 nodes, got " + nodes);
        }
        this.nodes = nodes;
    }

    /** A model checker for programs on {@code nodes} nodes (1..64). */
    public static ModelChecker nodes(int nodes) {
        return new ModelChecker(nodes);
    }

    /** The NIC configuration (default {@link NicConfig#defaults()}). */
    public ModelChecker config(NicConfig c) {
        this.config = Objects.requireNonNull(c, "config");
        return this;
    }

    /** The model the executions must satisfy: {@code rdma-wait-rmw} (default), {@code rdma-tso-rmw} or {@code rdma-sc-rmw}. */
    public ModelChecker model(String name) {
        this.model = Objects.requireNonNull(name, "model");
        return this;
    }

    /** Stop after {@code d} (the result is then partial, and says so). */
    public ModelChecker timeLimit(Duration d) {
        this.options = options.withTimeLimit(d);
        return this;
    }

    /** Stop after {@code n} runs. */
    public ModelChecker maxExecutions(long n) {
        this.options = options.withMaxExecutions(n);
        return this;
    }

    /** Cut a run longer than {@code n} scheduler steps (default 100 000). */
    public ModelChecker maxStepsPerRun(long n) {
        this.options = options.withMaxStepsPerRun(n);
        return this;
    }

    /**
     * Whether the threads of one node share mutable Java objects besides the simulated memory
     * (default {@code true}, the safe answer): {@code false} makes the search much smaller when
     * they do not ({@link ExplorationTarget#sharedJavaState()}).
     */
    public ModelChecker sharedJavaState(boolean shared) {
        this.sharedJavaState = shared;
        return this;
    }

    /** Where a counterexample's schedule and graph are written (default {@code target/remo-failures}). */
    public ModelChecker failures(Path dir) {
        this.failures = Objects.requireNonNull(dir, "dir");
        return this;
    }

    /** Assertions that run after each explored execution, registered by the set-up. */
    public static final class After {
        private final List<java.util.function.Consumer<RunResult>> checks = new ArrayList<>();

        /** Runs {@code check} on the result of each execution (it throws to report a violation). */
        public void check(java.util.function.Consumer<RunResult> check) {
            checks.add(Objects.requireNonNull(check, "check"));
        }

        /**
         * Runs the registered checks on {@code result} in order; the first that throws is a safety
         * violation added to {@code out} ("after the run: " and the exception), and the rest are skipped.
         */
        void judge(RunResult result, List<Violation> out) {
            for (java.util.function.Consumer<RunResult> c : checks) {
                try {
                    c.accept(result);
                } catch (AssertionError | RuntimeException e) {
                    out.add(new Violation(Violation.Kind.SAFETY, "after the run: " + e.getClass().getName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage())));
                    return;
                }
            }
        }
    }

    /**
     * Explores the program {@code setup} builds and checks every execution.
     *
     * @param setup registers regions and spawns threads on the cluster (called once per execution,
     *              on a fresh cluster); registers after-run assertions on {@link After}
     * @return the exploration: counts, counterexamples (shrunk), what stopped it
     * @throws remo.nic.explore.NondeterministicProgramException if the set-up or a thread depends on
     *         something besides the schedule
     */
    public Exploration explore(BiConsumer<SimCluster, After> setup) {
        Objects.requireNonNull(setup, "setup");
        CatModel m = loadModel(model);
        After[] after = {new After()};
        ExplorationTarget target = target(setup, after);
        ExecutionCheck check = run -> {
            List<Violation> out = new ArrayList<>();
            Violation graph = judge(run.result(), m);
            if (graph != null) {
                if (graph.kind() == Violation.Kind.CONFORMANCE && !simulatorsModel(model)) {
                    return out; // an execution the stronger model forbids: not checked
                }
                out.add(graph);
                return out;
            }
            after[0].judge(run.result(), out);
            return out;
        };
        return Explorer.explore(target, options, check);
    }

    /**
     * As {@link #explore}, failing when there is a violation.
     *
     * @return the exploration, when it found no violation
     * @throws ModelCheckFailedError naming the violation, the shrunk schedule (written with the graph
     *                               under the failure directory) and how to replay it
     */
    public Exploration verify(BiConsumer<SimCluster, After> setup) {
        Exploration e = explore(setup);
        if (!e.passed()) {
            throw new ModelCheckFailedError(report(e));
        }
        return e;
    }

    private String report(Exploration e) {
        Counterexample cx = e.counterexamples().get(0);
        StringBuilder sb = new StringBuilder("model check failed under " + model + ": " + cx.violation() + "\n");
        sb.append(e.report()).append('\n');
        sb.append("schedule (shrunk: ").append(cx.schedule().size()).append(" actions, ").append(cx.contextSwitches())
                .append(" context switches, ").append(cx.nicDelays()).append(" NIC delays):\n  ").append(cx.schedule())
                .append('\n');
        try {
            Files.createDirectories(failures);
            Path schedule = failures.resolve("schedule.txt");
            remo.core.OutputFile.writeAtomically(schedule, cx.schedule() + "\n");
            sb.append("replay: ModelChecker.replay(Schedule.parse(Files.readString(Path.of(\"").append(schedule)
                    .append("\"))), setup)\n");
            Optional<String> graph = cx.graphDot("counterexample");
            if (graph.isPresent()) {
                Path dot = failures.resolve("execution.dot");
                remo.core.OutputFile.writeAtomically(dot, graph.get());
                sb.append("graph: ").append(dot).append(" (Graphviz DOT)\n");
            }
        } catch (IOException ex) {
            sb.append("(could not write the schedule and graph under ").append(failures).append(": ").append(ex.getMessage())
                    .append(")\n");
        }
        return sb.toString();
    }

    /**
     * Runs one schedule again (a counterexample's) with the same checks.
     *
     * @return the violations of that run
     * @throws IllegalArgumentException if the schedule does not fit the program
     */
    public List<Violation> replay(Schedule schedule, BiConsumer<SimCluster, After> setup) {
        CatModel m = loadModel(model);
        After[] after = {new After()};
        ExplorationTarget target = target(setup, after);
        return Explorer.replay(target, schedule, run -> {
            Violation graph = judge(run.result(), m);
            List<Violation> out = new ArrayList<>();
            if (graph != null && (graph.kind() != Violation.Kind.CONFORMANCE || simulatorsModel(model))) {
                out.add(graph);
            }
            after[0].judge(run.result(), out);
            return out;
        });
    }

    private static boolean simulatorsModel(String name) {
        return name.equals("rdma-wait-rmw") || name.equals("rdma-tso-rmw") || name.equals("tso");
    }

    /** A conformance violation if the run's graph is inconsistent under {@code m}, else null. */
    private static Violation judge(RunResult r, CatModel m) {
        if (r.trace().isEmpty()) {
            return null;
        }
        ExecutionGraph g = r.trace().get();
        TraceConformance.Verdict v;
        try {
            v = TraceLitmus.check(g, m, ModelChecker::loadModel);
        } catch (IllegalArgumentException e) {
            return null; // a run the translation excludes (faults): nothing to judge
        }
        return v.consistent() ? null : new Violation(Violation.Kind.CONFORMANCE, "the recorded graph is inconsistent under "
                + m.name() + ": " + v.failedCheck() + " " + v.cycle());
    }

    private static CatModel loadModel(String name) {
        return MODELS.computeIfAbsent(name, n -> {
            try {
                return new ModelLibrary().load(n);
            } catch (Exception e) {
                throw new IllegalArgumentException("unknown model '" + n + "': " + e.getMessage(), e);
            }
        });
    }

    /**
     * The program {@code setup} builds, as the explorer runs it: a fresh {@link After} for each
     * execution, left in {@code after[0]} for the execution's checks.
     */
    private ExplorationTarget target(BiConsumer<SimCluster, After> setup, After[] after) {
        return new ExplorationTarget(nodes, config, c -> {
            after[0] = new After();
            setup.accept(c, after[0]);
        }, true, sharedJavaState);
    }
}
