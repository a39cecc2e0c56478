package remo.loco;

import java.nio.file.Path;
import remo.checker.TestFiles;

/** Where the tests find the checkout's files (the root: the checker tests' {@link TestFiles#root()}). */
public final class LocoFiles {
    private LocoFiles() {
    }

    /** The checkout root. */
    public static Path root() {
        return TestFiles.root();
    }

    /** {@code examples/loco} of the checkout. */
    public static Path harnesses() {
        return root().resolve("examples/loco");
    }
}
