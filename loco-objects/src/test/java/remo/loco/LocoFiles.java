package remo.loco;

import java.nio.file.Path;

/** Where the tests find the checkout's files: the root comes from the system property {@code remo.root} (set by surefire). */
public final class LocoFiles {
    private LocoFiles() {
    }

    /** The checkout root. */
    public static Path root() {
        String r = System.getProperty("remo.root");
        if (r == null) {
            throw new IllegalStateException("system property remo.root is not set (run the tests through Maven)");
        }
        return Path.of(r);
    }

    /** {@code examples/loco} of the checkout. */
    public static Path harnesses() {
        return root().resolve("examples/loco");
    }
}
