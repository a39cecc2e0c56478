package remo.testing;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The overrides of one property run, read from JUnit configuration parameters (which fall back to
 * system properties, so {@code mvn test -Dremo.seed=7} works): {@code remo.seed}, {@code remo.tries},
 * {@code remo.failures}.
 */
final class RunSettings {
    static final String SEED = "remo.seed";
    static final String TRIES = "remo.tries";
    static final String FAILURES = "remo.failures";

    private RunSettings() {
    }

    /**
     * The seed: {@code remo.seed} if set ({@code random}: one drawn from the clock), else the annotation's.
     *
     * @throws IllegalArgumentException if {@code remo.seed} is not a number or {@code random}
     */
    static long seed(ExtensionContext context, long annotated) {
        Optional<String> value = context.getConfigurationParameter(SEED);
        if (value.isEmpty() || value.get().isBlank()) {
            return annotated;
        }
        String v = value.get().trim();
        if (v.equals("random")) {
            return Draw.attemptSeed(System.nanoTime(), 1);
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SEED + " must be a number or 'random', found '" + v + "'");
        }
    }

    /**
     * The number of tries: {@code remo.tries} if set, else the annotation's.
     *
     * @throws IllegalArgumentException if either is below 1 or {@code remo.tries} is not a number
     */
    static long tries(ExtensionContext context, long annotated) {
        Optional<String> value = context.getConfigurationParameter(TRIES);
        long n = annotated;
        if (value.isPresent() && !value.get().isBlank()) {
            try {
                n = Long.parseLong(value.get().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(TRIES + " must be a number, found '" + value.get() + "'");
            }
        }
        if (n < 1) {
            throw new IllegalArgumentException("a property needs at least 1 try, found " + n);
        }
        return n;
    }

    /** The directory failure files are written to (absolute): {@code remo.failures}, else {@code target/remo-failures}. */
    static Path failureDirectory(ExtensionContext context) {
        return Path.of(context.getConfigurationParameter(FAILURES).orElse("target/remo-failures")).toAbsolutePath()
                .normalize();
    }

    /** {@code TestClass.method}, the property's name in reports and file names. */
    static String propertyName(ExtensionContext context) {
        return context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
    }

    /** The Maven command line that re-runs the property with these overrides. */
    static String rerunCommand(ExtensionContext context, String overrides) {
        return "mvn test -Dtest='" + context.getRequiredTestClass().getSimpleName() + "#"
                + context.getRequiredTestMethod().getName() + "' " + overrides;
    }
}
