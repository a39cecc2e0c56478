package remo.testing;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.opentest4j.TestAbortedException;
import remo.conformance.TraceLitmus;
import remo.nic.NicConfig;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;
import remo.nic.TraceCut;

/**
 * One seed of a {@link SimulationProperty}: a fresh deterministic {@link SimCluster} as the
 * method's parameter, closed after the try; the interception that counts the outcome, fails a try
 * whose threads threw or that never ran, and reports a failure with its schedule.
 */
final class SimulationTry implements TestTemplateInvocationContext, ParameterResolver, InvocationInterceptor,
        AfterEachCallback {
    /** Actions of the schedule shown in the message; the file has all of them. */
    static final int SHOWN_ACTIONS = 60;
    /** Lines of the run's litmus program shown in the message; the file has all of them. */
    static final int SHOWN_LINES = 40;

    /**
     * What every seed of one property run shares.
     *
     * @param property            {@code TestClass.method}
     * @param seeds               the number of seeds of this run
     * @param nodes               nodes of each cluster
     * @param config              the NIC configuration
     * @param policy              the scheduler policy
     * @param stepLimit           the step limit of one run
     * @param failOnThreadFailure whether a thread's exception fails the try
     * @param statistics          the run's figures
     * @param failures            where failure files go
     * @param testSelector        {@code TestClass#method} for the re-run command
     */
    record Setting(String property, long seeds, int nodes, NicConfig config, SchedulerPolicy policy, long stepLimit,
                   boolean failOnThreadFailure, PropertyStatistics statistics, Path failures, String testSelector) {
    }

    private final Setting setting;
    private final long index;
    private final long seed;
    private SimCluster cluster;

    SimulationTry(Setting setting, long index, long seed) {
        this.setting = setting;
        this.index = index;
        this.seed = seed;
        setting.statistics().started(null, 0);
    }

    private SimCluster.Builder builder() {
        return SimCluster.builder().nodes(setting.nodes()).config(setting.config()).deterministic(seed, setting.policy())
                .stepLimit(setting.stepLimit()).allowThreadFailures(!setting.failOnThreadFailure());
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return "seed " + seed;
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(this);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == SimCluster.class || type == PropertyTry.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == PropertyTry.class) {
            return new PropertyTry(setting.property(), seed, index, setting.seeds());
        }
        if (cluster == null) {
            cluster = builder().build();
        }
        return cluster;
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                            ExtensionContext context) throws Throwable {
        try {
            invocation.proceed();
            Optional<RunResult> result = cluster == null ? Optional.empty() : cluster.result();
            result.ifPresent(r -> setting.statistics().saw(r.schedule()));
            if (cluster != null && result.isEmpty()) {
                throw new AssertionError("the property never ran its cluster: call cluster.run() after the setup");
            }
            Map<String, Throwable> threads = result.map(RunResult::threadFailures).orElse(Map.of());
            if (setting.failOnThreadFailure() && !threads.isEmpty()) {
                Map.Entry<String, Throwable> first = threads.entrySet().iterator().next();
                AssertionError e = new AssertionError("simulated thread " + first.getKey() + " threw " + first.getValue()
                        + (threads.size() > 1 ? " (and " + (threads.size() - 1) + " other threads threw)" : "")
                        + "; set failOnThreadFailure = false if the property expects it", first.getValue());
                throw e;
            }
            setting.statistics().passed();
        } catch (TestAbortedException e) {
            setting.statistics().aborted(false);
            throw e;
        } catch (Throwable t) {
            if (cluster != null) {
                cluster.result().ifPresent(r -> setting.statistics().saw(r.schedule()));
            }
            setting.statistics().failed("seed " + seed);
            throw report(t);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** The failure report: seed, schedule, the run as litmus, the re-run command; files under the failure directory. */
    private SimulationFailedError report(Throwable failure) {
        Optional<RunResult> result = cluster == null ? Optional.empty() : cluster.result();
        Schedule schedule = result.map(RunResult::schedule).orElse(null);
        String base = setting.property() + "-seed" + seed;
        Path scheduleFile = null;
        String litmus = null;
        Path litmusFile = null;
        String litmusNote = null;
        if (schedule != null) {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < schedule.size(); i++) {
                lines.append(schedule.describe(i)).append('\n');
            }
            scheduleFile = write(base + ".schedule", lines.toString());
        }
        if (result.isPresent() && result.get().trace().isPresent()) {
            try {
                litmus = TraceLitmus.translate(result.get().trace().get()).text();
                litmusFile = write(base + ".litmus", litmus);
            } catch (RuntimeException e) {
                litmusNote = "The run's trace does not translate to a litmus program: " + e.getMessage();
            }
        }
        String rerun = "mvn test -Dtest='" + setting.testSelector() + "' -D" + RunSettings.SEED + "=" + seed + " -D"
                + RunSettings.TRIES + "=1";
        StringBuilder m = new StringBuilder();
        m.append("Simulation property ").append(setting.property()).append(" falsified at seed ").append(seed)
                .append(" (policy ")
                .append(setting.policy().name()).append(", ").append(setting.nodes()).append(" nodes, flags ")
                .append(setting.config().flagValues()).append(", completion ").append(setting.config().completionMode())
                .append(").\n");
        m.append("Failure:\n  ").append(failure.getClass().getName())
                .append(failure.getMessage() == null ? "" : ": " + failure.getMessage().replace("\n", "\n  ")).append('\n');
        if (schedule == null) {
            m.append("No schedule: the cluster did not run.\n");
        } else if (schedule.size() == 0 && result.get().metrics().cluster().get("schedulerSteps") > 0) {
            m.append("No schedule: a run of more than ").append(Schedule.KEPT_ACTIONS)
                    .append(" steps keeps none (nic.md §5.1); the seed reproduces the run.\n");
        } else {
            m.append("Schedule (").append(schedule.size()).append(" actions").append(scheduleFile == null ? "" : "; all in "
                    + scheduleFile).append("):\n  ");
            for (int i = 0; i < Math.min(schedule.size(), SHOWN_ACTIONS); i++) {
                m.append(i == 0 ? "" : ", ").append(schedule.describe(i));
            }
            if (schedule.size() > SHOWN_ACTIONS) {
                m.append(", … (").append(schedule.size() - SHOWN_ACTIONS).append(" more)");
            }
            m.append('\n');
        }
        if (litmus != null) {
            m.append("The run as a litmus program (TraceLitmus").append(litmusFile == null ? "" : "; " + litmusFile)
                    .append("):\n");
            String[] lines = litmus.split("\n");
            for (int i = 0; i < Math.min(lines.length, SHOWN_LINES); i++) {
                m.append("  ").append(lines[i]).append('\n');
            }
            if (lines.length > SHOWN_LINES) {
                m.append("  … (").append(lines.length - SHOWN_LINES).append(" more lines)\n");
            }
        } else if (litmusNote != null) {
            m.append(litmusNote).append('\n');
        }
        Optional<TraceCut> cut = result.flatMap(RunResult::traceCut);
        if (cut.isPresent()) {
            // a bound stopped the run: no graph, so no litmus program; its last steps are the trace shown
            boolean shown = String.valueOf(failure.getMessage()).contains(cut.get().headline());
            m.append("The run's ").append(shown ? cut.get().headline() + " (the steps are under Failure)"
                    : cut.get().format("  ")).append("; no litmus program of a cut run\n");
        }
        m.append("Re-run this seed (the same run, byte for byte):\n  ").append(rerun).append('\n');
        return new SimulationFailedError(m.toString(), failure, setting.property(), seed, setting.nodes(),
                setting.config(), setting.policy(), setting.stepLimit(), schedule, scheduleFile, litmus, litmusFile, rerun);
    }

    private Path write(String fileName, String text) {
        try {
            Files.createDirectories(setting.failures());
            Path f = setting.failures().resolve(fileName.replaceAll("[^A-Za-z0-9_.+-]", "_"));
            remo.core.OutputFile.writeAtomically(f, text);
            return f;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
