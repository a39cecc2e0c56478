package remo.litmus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the litmus files stored as test resources under {@code remo/litmus/}. */
final class TestFiles {
    private TestFiles() {
    }

    /** The text of resource {@code remo/litmus/<path>}. */
    static String read(String path) {
        try (InputStream in = TestFiles.class.getResourceAsStream("/remo/litmus/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
