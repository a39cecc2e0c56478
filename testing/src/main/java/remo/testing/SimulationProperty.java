package remo.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A property of Java code on the simulated NIC, checked on many seeded schedules: a JUnit 5 test
 * template whose every try gets a fresh deterministic {@link remo.nic.SimCluster} (nic.md §5.1)
 * with its own scheduler seed and is named {@code seed S}. The method registers regions, spawns
 * threads, calls {@code run()} and asserts what must hold (an invariant on the final memory, the
 * recorded trace's conformance, a history); it may also take a {@link PropertyTry}.
 *
 * <p>A try fails when the method throws (other than {@link org.opentest4j.TestAbortedException},
 * which discards it), when a simulated thread threw and {@link #failOnThreadFailure()} is on, or when
 * the method never ran the cluster. The failure is a {@link SimulationFailedError} whose message gives
 * the seed, the schedule (the scheduler's actions, all of them also written to
 * {@code target/remo-failures/}), the run as a litmus program when its trace translates
 * ({@code TraceLitmus}), and the Maven command that re-runs exactly this seed, which reproduces the run
 * byte for byte; no further tries run. Schedules are not shrunk. Statistics are printed at the end as
 * for {@link LitmusProperty} (distinct schedules instead of programs).
 *
 * <p>Overrides: {@code remo.seed=S} replaces {@link #firstSeed()}, {@code remo.tries=N} replaces
 * {@link #seeds()}, {@code remo.failures=DIR} the failure directory.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(SimulationPropertyExtension.class)
public @interface SimulationProperty {

    /** Number of seeds: try {@code i} runs with scheduler seed {@code firstSeed + i}. */
    int seeds() default 100;

    /** The first scheduler seed. */
    long firstSeed() default 0;

    /** Nodes of the cluster, 1..64. */
    int nodes() default 2;

    /**
     * The scheduler policy ({@code remo.nic.SchedulerPolicy.named}): {@code SWARM} (holds varied per
     * seed; shows message passing across queue pairs), {@code ADVERSARIAL} (nic.md §5.1) or
     * {@code UNIFORM}.
     */
    String policy() default "SWARM";

    /** Model flags of models.md §8 for the NIC, {@code FLAG=VALUE} ({@code NicConfig.with}). */
    String[] flags() default {};

    /** The completion mode of the NIC ({@code NicConfig.CompletionMode}): {@code WAIT} or {@code POLL}. */
    String completion() default "WAIT";

    /** The step limit of one run (scheduler actions). */
    long stepLimit() default 1_000_000;

    /** Whether an exception thrown inside a simulated thread fails the try. */
    boolean failOnThreadFailure() default true;
}
