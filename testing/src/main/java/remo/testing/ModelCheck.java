package remo.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test that model-checks Java code on the simulated NIC ({@link ModelChecker},
 * nic.md §5.3). The annotated method is the set-up: it takes a {@link remo.nic.SimCluster} (and, optionally,
 * a {@link ModelChecker.After} to register assertions on each run's result), registers regions,
 * builds objects and spawns threads, and must not call {@code run()}. It is called once per explored
 * execution, on a fresh cluster. The test fails with a {@link ModelCheckFailedError} at the first
 * violation (shrunk, written under {@code target/remo-failures/}), and also when a bound stopped
 * the search before it ran every schedule (so "passed" always means "no violation within the
 * bounds"), unless {@link #allowPartial()}.
 *
 * <pre>{@code
 * @ModelCheck(nodes = 2)
 * void putThenFlag(SimCluster cluster, ModelChecker.After after) { ... }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(ModelCheckExtension.class)
public @interface ModelCheck {

    /** Nodes of the cluster, 1..64. */
    int nodes() default 2;

    /** The model: {@code rdma-wait-rmw} (default), {@code rdma-tso-rmw} or {@code rdma-sc-rmw}. */
    String model() default "rdma-wait-rmw";

    /** Model flags of models.md §8 for the NIC, {@code FLAG=VALUE} ({@code NicConfig.with}). */
    String[] flags() default {};

    /** Time limit of the search, in seconds. */
    long timeLimitSeconds() default 60;

    /** At most this many runs. */
    long maxExecutions() default 1_000_000;

    /** Whether the threads of one node share mutable Java objects ({@link ModelChecker#sharedJavaState}). */
    boolean sharedJavaState() default true;

    /** Whether a search stopped by a bound passes (it is reported as partial either way). */
    boolean allowPartial() default false;
}
