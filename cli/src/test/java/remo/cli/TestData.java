package remo.cli;

import java.nio.file.Path;

/**
 * Locates test data from the system property {@code remo.root} (set by the build to the checkout's
 * root): the suite at {@code examples/suite}, the x86 corpus at {@code testdata/x86}, the
 * golden files of this module.
 */
public final class TestData {
    private TestData() {
    }

    /** The checkout's root. */
    public static Path root() {
        String r = System.getProperty("remo.root");
        if (r == null) {
            throw new IllegalStateException("system property remo.root is not set (run the tests through Maven)");
        }
        return Path.of(r);
    }

    /** {@code examples/suite}. */
    public static Path suite() {
        return root().resolve("examples/suite");
    }

    /** {@code examples/errors}. */
    public static Path errors() {
        return root().resolve("examples/errors");
    }

    /** The shared x86 corpus, read in place. */
    public static Path corpus() {
        return root().resolve("testdata/x86").normalize();
    }

    /** A corpus test of herdtools7's x86_64 catalogue, e.g. {@code SB}. */
    public static Path corpusTest(String name) {
        return corpus().resolve("herdtools7-x86_64/" + name + ".litmus");
    }

    /** The golden files of the cli module. */
    public static Path golden() {
        return root().resolve("cli/src/test/resources/golden");
    }
}
