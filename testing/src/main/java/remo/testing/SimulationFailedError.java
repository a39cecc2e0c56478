package remo.testing;

import java.nio.file.Path;
import remo.nic.NicConfig;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;

/**
 * A falsified {@link SimulationProperty}: thrown by the failing try, with the report as its message
 * (seed, schedule, the run as a litmus program, the re-run command) and the try's own failure as its
 * cause. {@link #builder()} and {@link #schedule()} also allow {@code SimCluster.replay} of the run.
 */
public final class SimulationFailedError extends AssertionError {
    private static final long serialVersionUID = 1L;

    private final String property;
    private final long seed;
    private final int nodes;
    private final transient NicConfig config;
    private final transient SchedulerPolicy policy;
    private final long stepLimit;
    private final transient Schedule schedule;
    private final transient Path scheduleFile;
    private final String runLitmus;
    private final transient Path runLitmusFile;
    private final String rerunCommand;

    SimulationFailedError(String message, Throwable cause, String property, long seed, int nodes, NicConfig config,
                          SchedulerPolicy policy, long stepLimit, Schedule schedule, Path scheduleFile, String runLitmus,
                          Path runLitmusFile, String rerunCommand) {
        super(message, cause);
        this.property = property;
        this.seed = seed;
        this.nodes = nodes;
        this.config = config;
        this.policy = policy;
        this.stepLimit = stepLimit;
        this.schedule = schedule;
        this.scheduleFile = scheduleFile;
        this.runLitmus = runLitmus;
        this.runLitmusFile = runLitmusFile;
        this.rerunCommand = rerunCommand;
    }

    /** The property, {@code TestClass.method}. */
    public String property() {
        return property;
    }

    /** The scheduler seed of the failing run. */
    public long seed() {
        return seed;
    }

    /** The failing run's schedule, or null if the run never started (the method did not call {@code run()}). */
    public Schedule schedule() {
        return schedule;
    }

    /** The file with one scheduled action per line, or null if none was written. */
    public Path scheduleFile() {
        return scheduleFile;
    }

    /** The run's trace as a litmus program ({@code TraceLitmus.translate}), or null if it does not translate. */
    public String runLitmus() {
        return runLitmus;
    }

    /** The file of {@link #runLitmus()}, or null. */
    public Path runLitmusFile() {
        return runLitmusFile;
    }

    /** The Maven command line that re-runs exactly this seed. */
    public String rerunCommand() {
        return rerunCommand;
    }

    /**
     * A new builder with the failing run's configuration (nodes, NIC configuration, seed, policy,
     * step limit): {@code build()} for a fresh run of the same seed, or
     * {@code SimCluster.replay(builder(), schedule(), setup)} to re-execute the schedule.
     */
    public SimCluster.Builder builder() {
        return SimCluster.builder().nodes(nodes).config(config).deterministic(seed, policy).stepLimit(stepLimit);
    }
}
