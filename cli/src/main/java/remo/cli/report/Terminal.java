package remo.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard error is a terminal, for the progress display. */
public final class Terminal {

    private Terminal() {
    }

    /**
     * Whether standard error is a terminal: on Linux, file descriptor 2 resolves to a terminal
     * device ({@code /dev/pts/N}, {@code /dev/ttyN}); elsewhere, whether the JVM has a console.
     */
    public static boolean stderrIsTerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        if (Files.exists(fd2)) {
            try {
                String target = fd2.toRealPath().toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | SecurityException e) {
                return System.console() != null;
            }
        }
        return System.console() != null;
    }
}
