package remo.testing;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import remo.litmus.gen.GeneratorConfig;
import remo.models.ModelLibrary;

/**
 * The JUnit 5 extension behind {@link LitmusProperty}: provides one invocation per try (lazily, so
 * that no try starts after a failure), each drawing its program from the property's generator and
 * carrying its own parameter resolver and failure interceptor ({@link LitmusTry}). The statistics
 * live in the property method's store and are printed when JUnit closes it.
 */
public final class LitmusPropertyExtension implements TestTemplateInvocationContextProvider {
    static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LitmusPropertyExtension.class);

    /** Created by JUnit through {@code @ExtendWith} on {@link LitmusProperty}. */
    public LitmusPropertyExtension() {
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> AnnotationSupport.isAnnotated(m, LitmusProperty.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        LitmusProperty spec = AnnotationSupport.findAnnotation(method, LitmusProperty.class).orElseThrow();
        Checker checker = new Checker(spec.model(), List.of(spec.flags()), spec.maxExecutions());
        ProgramGenerator generator = generator(context.getRequiredTestClass(), spec);
        long seed = RunSettings.seed(context, spec.seed());
        long tries = RunSettings.tries(context, spec.tries());
        if (generator.size().isPresent()) {
            tries = Math.min(tries, generator.size().getAsLong());
        }
        String name = RunSettings.propertyName(context);
        PropertyStatistics stats = new PropertyStatistics(name, seed, "programs", System.out);
        context.getStore(NAMESPACE).put("statistics", stats);
        LitmusTry.Setting setting = new LitmusTry.Setting(name, seed, tries, spec, checker, stats,
                RunSettings.failureDirectory(context), RunSettings.rerunCommand(context, "-D" + RunSettings.SEED + "=" + seed));
        return LongStream.range(0, tries).takeWhile(i -> !stats.hasFailed())
                .mapToObj(i -> new LitmusTry(setting, i, generator));
    }

    /**
     * The property's generator: the named static method or field of the test class (or a superclass),
     * else random programs for the model.
     *
     * @throws IllegalArgumentException if the name is not found, is not static, or is not a {@link ProgramGenerator}
     */
    static ProgramGenerator generator(Class<?> testClass, LitmusProperty spec) {
        String name = spec.generator();
        if (name.isEmpty()) {
            return ModelLibrary.BUNDLED.contains(spec.model()) ? Programs.random(spec.model())
                    : Programs.random(GeneratorConfig.defaults());
        }
        for (Class<?> c = testClass; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == 0) {
                    return generatorValue(m.getModifiers(), m.getReturnType(), name, testClass, () -> {
                        m.setAccessible(true);
                        return m.invoke(null);
                    });
                }
            }
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return generatorValue(f.getModifiers(), f.getType(), name, testClass, () -> {
                        f.setAccessible(true);
                        return f.get(null);
                    });
                }
            }
        }
        throw new IllegalArgumentException("generator \"" + name + "\": " + testClass.getName()
                + " has no static method without parameters or static field of that name");
    }

    /** Reads a generator member. */
    private interface MemberRead {
        Object read() throws Exception;
    }

    private static ProgramGenerator generatorValue(int modifiers, Class<?> type, String name, Class<?> testClass,
                                                   MemberRead read) {
        if (!Modifier.isStatic(modifiers) || !ProgramGenerator.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("generator \"" + name + "\" of " + testClass.getName()
                    + " must be static and of type ProgramGenerator");
        }
        try {
            Object g = read.read();
            if (g == null) {
                throw new IllegalArgumentException("generator \"" + name + "\" of " + testClass.getName() + " is null");
            }
            return (ProgramGenerator) g;
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalArgumentException("generator \"" + name + "\" of " + testClass.getName() + " failed: " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("generator \"" + name + "\" of " + testClass.getName()
                    + " cannot be read: " + e, e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalArgumentException("generator \"" + name + "\" of " + testClass.getName() + " failed: " + e, e);
        }
    }
}
