package remo.conformance.genc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * gcc and the verbs headers, for the tests that compile and run generated programs: whether they are
 * here (.ci/run installs {@code gcc} and {@code libibverbs-dev}), and a process runner that returns
 * the exit status with everything printed.
 */
final class CCompiler {
    /** Exit status and the merged standard output and error of a process. */
    record Result(int status, String out) {
    }

    private CCompiler() {
    }

    /** Why the tests cannot compile here, or null if gcc and {@code infiniband/verbs.h} are present. */
    static String missing() {
        try {
            Result r = run(Path.of(System.getProperty("java.io.tmpdir")), List.of("gcc", "--version"), 60);
            if (r.status() != 0) {
                return "gcc --version failed: " + r.out();
            }
        } catch (IOException e) {
            return "gcc is not installed (.ci/run installs it): " + e.getMessage();
        }
        if (!Files.exists(Path.of("/usr/include/infiniband/verbs.h"))) {
            return "the verbs headers are missing: /usr/include/infiniband/verbs.h (Debian package libibverbs-dev; .ci/run "
                    + "installs it)";
        }
        return null;
    }

    /**
     * Runs {@code command} in {@code dir}, waiting at most {@code seconds}.
     *
     * @throws IOException if it cannot start, or (as an IOException) if it runs longer than {@code seconds}
     */
    static Result run(Path dir, List<String> command, int seconds) throws IOException {
        Path log = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " ran longer than " + seconds + " s: "
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        return new Result(p.exitValue(), out);
    }
}
