package remo.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import remo.nic.NicConfig;
import remo.nic.SimCluster;
import remo.nic.explore.Exploration;

/**
 * Runs a {@link ModelCheck} method as the set-up of a {@link ModelChecker} exploration: JUnit's own
 * invocation is replaced by one call per explored execution, each with a fresh cluster.
 */
final class ModelCheckExtension implements InvocationInterceptor, ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        Class<?> t = p.getParameter().getType();
        return t == SimCluster.class || t == ModelChecker.After.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        return null; // each execution gets its own, in interceptTestMethod
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        invocation.skip();
        Method m = call.getExecutable();
        ModelCheck spec = m.getAnnotation(ModelCheck.class);
        NicConfig config = NicConfig.defaults();
        for (String f : spec.flags()) {
            int eq = f.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("@ModelCheck flags: '" + f + "' is not FLAG=VALUE");
            }
            config = config.with(f.substring(0, eq), f.substring(eq + 1));
        }
        ModelChecker checker = ModelChecker.nodes(spec.nodes()).model(spec.model()).config(config)
                .timeLimit(Duration.ofSeconds(spec.timeLimitSeconds())).maxExecutions(spec.maxExecutions())
                .sharedJavaState(spec.sharedJavaState())
                .failures(RunSettings.failureDirectory(context).resolve(RunSettings.propertyName(context)));
        Object target = call.getTarget().orElse(null);
        Class<?>[] types = m.getParameterTypes();
        m.setAccessible(true);
        Exploration e = checker.verify((cluster, after) -> {
            Object[] args = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                args[i] = types[i] == SimCluster.class ? cluster : after;
            }
            try {
                m.invoke(target, args);
            } catch (InvocationTargetException ex) {
                Throwable cause = ex.getCause();
                throw cause instanceof RuntimeException r ? r : new IllegalStateException("the set-up threw " + cause, cause);
            } catch (IllegalAccessException ex) {
                throw new IllegalStateException(ex);
            }
        });
        System.out.println("[remo] " + context.getDisplayName() + ": " + e.summary());
        if (!e.complete() && !spec.allowPartial()) {
            throw new ModelCheckFailedError("the model check stopped before it ran every schedule: " + e.summary()
                    + " (raise the bound, or allowPartial = true)" + e.cutDetails());
        }
    }
}
