package remo.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the command line in-process with captured standard output and error. */
final class CliRun {
    final int exit;
    final String out;
    final String err;

    private CliRun(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    static synchronized CliRun run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code;
            try {
                code = Main.run(args);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            System.out.flush();
            System.err.flush();
            return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /**
     * The command line of remo in a JVM of its own, on the tests' class path, for tests that signal
     * or kill the process.
     *
     * @param jvmOptions options of that JVM (before the class path), e.g. {@code -Djava.io.tmpdir=DIR}
     * @param args       remo's arguments
     */
    static java.util.List<String> processCommand(java.util.List<String> jvmOptions, String... args) {
        java.util.List<String> cmd = new java.util.ArrayList<>();
        cmd.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("remo.cli.Main");
        cmd.addAll(java.util.List.of(args));
        return cmd;
    }
}
