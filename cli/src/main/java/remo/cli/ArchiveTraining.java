package remo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The training run of the launcher's class-data-sharing archive ({@code remo} script,
 * {@code -XX:ArchiveClassesAtExit}): runs the command lines whose classes a short {@code check}
 * loads, in one JVM, so that the archive holds them all. One run can train only one JVM, and a
 * single command line covers only one output path: this one covers text and JSON output, an RDMA
 * and an X86 test, a directory of tests and the parallel runner.
 */
final class ArchiveTraining {

    /** The system property that asks {@link Main} for the training run: the scratch directory. */
    static final String PROPERTY = "remo.archiveTraining";

    private ArchiveTraining() {
    }

    /**
     * The command lines of the training run.
     *
     * @param root    the project checkout (its {@code examples/suite} is read)
     * @param scratch a writable directory for the generated X86 test
     */
    static List<String[]> commandLines(Path root, Path scratch) {
        String suite = root.resolve("examples/suite").toString();
        String rdma = root.resolve("examples/suite/L07.litmus").toString();
        String x86 = scratch.resolve("STORES-3.litmus").toString();
        return List.of(
                new String[] {"gen", "--stores", "3", "--out", scratch.toString()},
                new String[] {"check", rdma, x86},
                new String[] {"check", "--jobs", "1", rdma},
                new String[] {"check", "-q", "--json", rdma, x86},
                new String[] {"check", "-q", suite});
    }

    /**
     * Runs the training command lines, their standard output discarded ({@link Main} calls this
     * when the system property {@value #PROPERTY} names the scratch directory).
     *
     * @param root    the project checkout
     * @param scratch a writable scratch directory (created if missing)
     * @return 0 if every command line exited 0, else 2 (the launcher then keeps no archive)
     * @throws IOException if the scratch directory cannot be created
     * @throws InterruptedException if interrupted while a command line runs
     */
    static int run(Path root, Path scratch) throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream(), true));
        int worst = 0;
        try {
            for (String[] line : commandLines(root, scratch)) {
                worst = Math.max(worst, Main.run(line));
            }
        } finally {
            System.setOut(out);
        }
        return worst == 0 ? 0 : 2;
    }
}
