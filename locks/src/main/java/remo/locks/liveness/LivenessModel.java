package remo.locks.liveness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The TLA+ model {@code RdmaLocks.tla} of locks.md §8.2–§8.4 and the .cfg file of every row of
 * locks.md §8.5, bundled as resources under {@code remo/locks/tla/}.
 */
public final class LivenessModel {
    /** The module name. */
    public static final String MODULE = "RdmaLocks";
    private static final String DIR = "/remo/locks/tla/";

    private final String spec;

    private LivenessModel(String spec) {
        this.spec = spec;
    }

    /** The bundled model. */
    public static LivenessModel bundled() {
        return new LivenessModel(resource(MODULE + ".tla"));
    }

    /**
     * A model with other spec text (for example a deliberately broken variant in a test).
     *
     * @param spec the text of a module named {@link #MODULE}
     */
    public static LivenessModel of(String spec) {
        return new LivenessModel(spec);
    }

    /** The module's text. */
    public String spec() {
        return spec;
    }

    /** The constants the module declares. */
    public Set<String> constants() {
        return TlcConfig.declaredConstants(spec);
    }

    /** The bundled .cfg file of a row of locks.md §8.5, read and checked against this model. */
    public TlcConfig config(LivenessTable.Row row) {
        return TlcConfig.parse(row.cfgFile(), resource(row.cfgFile()), constants());
    }

    /**
     * A configuration file's text checked against this model.
     *
     * @throws LivenessException (E-CFG) as {@link TlcConfig#parse}
     */
    public TlcConfig config(String fileName, String text) {
        return TlcConfig.parse(fileName, text, constants());
    }

    private static String resource(String name) {
        try (InputStream in = LivenessModel.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + DIR + name + " is missing from remo-locks");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
