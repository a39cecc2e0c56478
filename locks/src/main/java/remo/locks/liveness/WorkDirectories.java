package remo.locks.liveness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The temporary directories of TLC runs ({@code remo-tlc-PID-…}, {@code remo-trace-PID-…} in
 * {@code java.io.tmpdir}): named after the remo process that made them, so that the next run
 * removes those of processes that are gone (a remo killed by SIGKILL deletes nothing, issue 28).
 */
final class WorkDirectories {

    private WorkDirectories() {
    }

    /**
     * Removes the directories {@code prefix}PID{@code -…} of dead processes in {@code parent}, then
     * makes a new one for this process.
     *
     * @param parent where ({@code java.io.tmpdir} for TLC's runs)
     * @param prefix e.g. {@code remo-tlc-}
     * @return the new, empty directory
     * @throws IOException if it cannot be made
     */
    static Path create(Path parent, String prefix) throws IOException {
        removeStale(parent, prefix);
        return Files.createTempDirectory(parent, prefix + ProcessHandle.current().pid() + "-");
    }

    /**
     * Removes the directories {@code prefix}PID{@code -…} in {@code parent} whose process is not
     * alive; a directory without a process number in its name (made before this rule) is left alone.
     *
     * @return how many were removed
     */
    static int removeStale(Path parent, String prefix) {
        int removed = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(parent, prefix + "*")) {
            for (Path dir : s) {
                String rest = dir.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                if (dash <= 0 || !Files.isDirectory(dir)) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                delete(dir);
                removed++;
            }
        } catch (IOException | RuntimeException e) {
            // a directory that cannot be listed keeps its leftovers; this run does not depend on them
        }
        return removed;
    }

    /** Deletes {@code dir} and everything below it, as far as it can. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary directory is harmless; the next run tries again
        }
    }
}
