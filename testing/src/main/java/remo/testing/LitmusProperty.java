package remo.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A property of litmus programs, checked on generated programs: a JUnit 5 test template whose
 * every try is one invocation, named {@code seed S, try I: PROGRAM}. The method takes a
 * {@link remo.litmus.Program} and optionally a {@link remo.checker.CheckResult} (the program checked
 * under {@link #model()}, as {@code remo check}), a {@link Checker} handle and a {@link PropertyTry};
 * other parameters are resolved by JUnit as usual. A try passes when the method returns, is
 * discarded when it throws {@link org.opentest4j.TestAbortedException} (JUnit's {@code assume…}, or a
 * check that hit {@link #maxExecutions()}), and falsifies the property otherwise.
 *
 * <p>The first falsifying program is shrunk with remo's shrinker ({@code remo.litmus.gen.Shrinker}):
 * smaller candidates are tried by calling the method again (on the same test instance, without
 * {@code @BeforeEach}), keeping those that fail with the same exception class. The try then fails
 * with a {@link PropertyFailedError} whose message gives the seed, the number of shrink steps, the
 * shrunk program as a litmus file (also written to {@code target/remo-failures/}), a
 * {@code ./remo check} command line for it and the Maven command that re-runs the property with the
 * same seed; no further tries run. When the property ends, one line of statistics is printed: tries,
 * passed, discarded (by filters, by assumptions, by limits), distinct programs, time.
 *
 * <p>Overrides for a run (JUnit configuration parameters or system properties): {@code remo.seed=S}
 * replaces {@link #seed()} ({@code remo.seed=random} draws one and prints it), {@code remo.tries=N}
 * replaces {@link #tries()}, {@code remo.failures=DIR} replaces {@code target/remo-failures}. Tries
 * run one after the other (the extension does not support JUnit's parallel execution of one
 * template's invocations).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(LitmusPropertyExtension.class)
public @interface LitmusProperty {

    /** Number of tries (at most the size of a finite generator). */
    int tries() default 100;

    /** The seed: try {@code i} checks draw {@code i} of this seed. */
    long seed() default 0;

    /**
     * The model of an injected {@link remo.checker.CheckResult} and of {@link Checker}, and of the
     * default generator ({@code Programs.random(model)}): a bundled name ({@code sc}, {@code tso},
     * {@code rdma-tso}, {@code rdma-tso-rmw}, {@code rdma-wait-rmw}, {@code rdma-sc-rmw}) or a
     * {@code .cat} file.
     */
    String model() default "rdma-tso-rmw";

    /**
     * The name of a static method without parameters (or a static field) of the test class that
     * returns the {@link ProgramGenerator}; empty for {@link Programs#random(String)} of
     * {@link #model()} (the operational.md §8.3 defaults for a {@code .cat} file).
     */
    String generator() default "";

    /** Flag settings of models.md §8, {@code FLAG=VALUE}, as {@code remo check --set}. */
    String[] flags() default {};

    /**
     * The most candidates one check explores ({@code --max-executions}); a try whose check reaches it
     * is discarded. 0: no limit.
     */
    long maxExecutions() default 100_000;

    /** The most re-runs of the method while shrinking a failure (0: do not shrink). */
    int shrinkBudget() default 2_000;
}
