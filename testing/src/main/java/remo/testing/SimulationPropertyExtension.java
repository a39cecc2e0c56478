package remo.testing;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import remo.nic.NicConfig;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;

/**
 * The JUnit 5 extension behind {@link SimulationProperty}: one invocation per seed (lazily, so that
 * no seed runs after a failure), each with a fresh deterministic {@link SimCluster}
 * ({@link SimulationTry}). Statistics as for {@link LitmusPropertyExtension}.
 */
public final class SimulationPropertyExtension implements TestTemplateInvocationContextProvider {
    static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SimulationPropertyExtension.class);

    /** Created by JUnit through {@code @ExtendWith} on {@link SimulationProperty}. */
    public SimulationPropertyExtension() {
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> AnnotationSupport.isAnnotated(m, SimulationProperty.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        SimulationProperty spec = AnnotationSupport.findAnnotation(method, SimulationProperty.class).orElseThrow();
        long first = RunSettings.seed(context, spec.firstSeed());
        long seeds = RunSettings.tries(context, spec.seeds());
        String name = RunSettings.propertyName(context);
        SimulationTry.Setting setting = new SimulationTry.Setting(name, seeds, spec.nodes(), config(spec),
                SchedulerPolicy.named(spec.policy()), spec.stepLimit(), spec.failOnThreadFailure(),
                new PropertyStatistics(name, first, "schedules", System.out), RunSettings.failureDirectory(context),
                context.getRequiredTestClass().getSimpleName() + "#" + method.getName());
        // the cluster builder rejects a bad node count here, before any try
        SimCluster.builder().nodes(spec.nodes());
        context.getStore(NAMESPACE).put("statistics", setting.statistics());
        return LongStream.range(0, seeds).takeWhile(i -> !setting.statistics().hasFailed())
                .mapToObj(i -> new SimulationTry(setting, i, first + i));
    }

    /**
     * The NIC configuration of the annotation.
     *
     * @throws IllegalArgumentException for a malformed flag setting or completion mode
     */
    static NicConfig config(SimulationProperty spec) {
        NicConfig c = NicConfig.defaults();
        for (String s : spec.flags()) {
            int eq = s.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("flag setting '" + s + "': expected FLAG=VALUE (models.md §8)");
            }
            try {
                c = c.with(s.substring(0, eq), s.substring(eq + 1));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("flag setting '" + s + "': " + e.getMessage(), e);
            }
        }
        try {
            return c.withCompletionMode(NicConfig.CompletionMode.valueOf(spec.completion().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("completion '" + spec.completion() + "': expected WAIT or POLL", e);
        }
    }
}
