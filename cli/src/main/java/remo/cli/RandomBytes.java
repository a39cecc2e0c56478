package remo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * Unpredictable bytes for the server's token and run ids ({@link RemoServer}): the kernel's
 * ({@code /dev/urandom}) where there is one, else {@link SecureRandom}'s. {@code SecureRandom} loads
 * the JDK's security providers, some 50 ms of a server's start before its first answer; reading the
 * device the providers read costs nothing.
 */
final class RandomBytes {
    private SecureRandom fallback;

    /** {@code n} fresh random bytes. */
    synchronized byte[] next(int n) {
        byte[] b = new byte[n];
        Path device = Path.of("/dev/urandom");
        if (fallback == null && Files.isReadable(device)) {
            try (InputStream in = Files.newInputStream(device)) {
                if (in.readNBytes(b, 0, n) == n) {
                    return b;
                }
            } catch (IOException e) {
                // the JDK's generator below
            }
        }
        if (fallback == null) {
            fallback = new SecureRandom();
        }
        fallback.nextBytes(b);
        return b;
    }
}
