package remo.locks;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * Test data of the locks module: the checkout root (system property {@code remo.root}, set by
 * surefire), bundled models loaded once, programs parsed from text.
 */
public final class LockTestFiles {
    private static final ModelLibrary LIBRARY = new ModelLibrary();
    private static final Map<String, CatModel> MODELS = new ConcurrentHashMap<>();

    private LockTestFiles() {
    }

    /** The checkout root. */
    public static Path root() {
        String r = System.getProperty("remo.root");
        if (r == null) {
            throw new IllegalStateException("system property remo.root is not set (run the tests through Maven)");
        }
        return Path.of(r);
    }

    /** A bundled model, loaded once. */
    public static CatModel model(String name) {
        return MODELS.computeIfAbsent(name, n -> {
            try {
                return LIBRARY.load(n);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
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
