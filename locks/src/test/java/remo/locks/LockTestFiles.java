package remo.locks;

import java.nio.file.Path;
import remo.checker.TestFiles;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;

/**
 * Test data of the locks module: the checkout root and the bundled models are the checker tests'
 * {@link TestFiles} (from remo-checker's test-jar); programs parsed from text are the locks' own.
 */
public final class LockTestFiles {
    private LockTestFiles() {
    }

    /** The checkout root (system property {@code remo.root}, set by surefire). */
    public static Path root() {
        return TestFiles.root();
    }

    /** A bundled model, loaded once. */
    public static CatModel model(String name) {
        return TestFiles.model(name);
    }

    /** Parses and validates a program's text. */
    public static Program parse(String name, String text) {
        try {
            return LitmusParser.parseAndValidate(name, text);
        } catch (Exception e) {
            throw new IllegalStateException("cannot parse " + name + ": " + e + "\n" + text, e);
        }
    }

    /** The program's flag values (defaults, then its flag line). */
    public static FlagValues flags(Program p) {
        return FlagValues.defaults().withAll(p.flags());
    }
}
