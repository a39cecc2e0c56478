package remo.testing;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.opentest4j.TestAbortedException;
import remo.checker.CheckResult;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.gen.ProgramNormalizer;

/**
 * One try of a {@link LitmusProperty}: the invocation's display name, its parameters (the drawn
 * {@link Program}, its {@link CheckResult}, the {@link Checker}, the {@link PropertyTry}) and the
 * interception that counts the outcome and, on a failure, shrinks it ({@link LitmusFailure}).
 */
final class LitmusTry implements TestTemplateInvocationContext, ParameterResolver, BeforeEachCallback,
        InvocationInterceptor {

    /**
     * What every try of one property run shares.
     *
     * @param property     {@code TestClass.method}
     * @param seed         the run's seed
     * @param tries        the run's number of tries
     * @param spec         the annotation
     * @param checker      the property's checker handle
     * @param statistics   the run's figures
     * @param failures     where failure files go
     * @param rerunCommand the Maven command that re-runs the property with this seed
     */
    record Setting(String property, long seed, long tries, LitmusProperty spec, Checker checker,
                   PropertyStatistics statistics, Path failures, String rerunCommand) {
    }

    private final Setting setting;
    private final long index;
    private final Draw draw;
    private final RuntimeException drawFailure;
    private CheckResult checkResult;

    LitmusTry(Setting setting, long index, ProgramGenerator generator) {
        this.setting = setting;
        this.index = index;
        Draw d = null;
        RuntimeException failure = null;
        try {
            d = generator.draw(setting.seed(), index);
        } catch (RuntimeException e) {
            failure = e;
        }
        this.draw = d;
        this.drawFailure = failure;
        setting.statistics().started(d == null || d.program() == null ? null : distinctKey(d.program()),
                d == null ? 0 : d.discarded());
    }

    /** The program up to its name, comment and source positions (the distinct-programs count). */
    static Program distinctKey(Program p) {
        Program n = ProgramNormalizer.normalize(p);
        return new Program("", n.dialect(), null, "", n.flags(), n.nodeConstants(), n.locations(), n.registerInits(),
                n.threads(), n.shownItems(), n.filter(), n.quantifier(), n.condition());
    }

    PropertyTry propertyTry() {
        return new PropertyTry(setting.property(), setting.seed(), index, setting.tries());
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        String program = draw == null ? "the generator failed" : draw.program() == null ? "discarded by the filter"
                : draw.program().name();
        return "seed " + setting.seed() + ", try " + index + ": " + program;
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(this);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (drawFailure != null) {
            setting.statistics().failed("try " + index + " (the generator failed)");
            throw drawFailure;
        }
        if (draw.program() == null) {
            setting.statistics().emptyDraw();
            throw new TestAbortedException("discarded: the filter rejected all " + draw.discarded() + " attempts of draw "
                    + index + " of seed " + setting.seed());
        }
        if (takes(context.getRequiredTestMethod(), CheckResult.class)) {
            try {
                checkResult = checkOrAbort(setting.checker(), draw.program());
            } catch (TestAbortedException e) {
                setting.statistics().aborted(true);
                throw e;
            } catch (LitmusException e) {
                setting.statistics().failed("try " + index + " (the model rejects the program)");
                throw new IllegalArgumentException(e.diagnostic().format() + "\nThe generator produced a program that "
                        + setting.checker().modelName() + " rejects; restrict the generator (GeneratorConfig.forModel, "
                        + "ProgramGenerator.filter(checker::supports)):\n" + remo.litmus.ProgramPrinter.print(draw.program()), e);
            }
        }
    }

    /** The check of an injected {@link CheckResult}; a partial one discards the try. */
    static CheckResult checkOrAbort(Checker checker, Program p) throws LitmusException {
        CheckResult r = checker.check(p);
        if (r.partial()) {
            throw new Checker.LimitReachedAbort("discarded " + p.name() + ": the check under " + checker.modelName()
                    + " is partial (" + r.partialReason() + ")");
        }
        return r;
    }

    static boolean takes(Method m, Class<?> type) {
        for (Class<?> c : m.getParameterTypes()) {
            if (c == type) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Program.class || type == CheckResult.class || type == Checker.class || type == PropertyTry.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return argument(parameter.getParameter().getType(), draw.program(), checkResult, setting.checker(), propertyTry());
    }

    /** The argument of a parameter of one of the injected types. */
    static Object argument(Class<?> type, Program program, CheckResult result, Checker checker, PropertyTry info) {
        if (type == Program.class) {
            return program;
        }
        if (type == CheckResult.class) {
            return result;
        }
        if (type == Checker.class) {
            return checker;
        }
        return info;
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                            ExtensionContext context) throws Throwable {
        try {
            invocation.proceed();
            setting.statistics().passed();
        } catch (TestAbortedException e) {
            setting.statistics().aborted(e instanceof Checker.LimitReachedAbort);
            throw e;
        } catch (Throwable t) {
            LitmusFailure failure = new LitmusFailure(setting, index, draw.program(), call, t);
            PropertyFailedError error = failure.shrinkAndReport();
            setting.statistics().failed("try " + index + " (shrunk in " + error.shrinkSteps() + " steps)");
            throw error;
        }
    }
}
