package remo.locks.liveness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One child JVM running a TLC main class ({@code tlc2.TLC}, or the distributed server or worker)
 * with its own temporary directory, under a deadline. TLC never runs in remo's JVM: it keeps global
 * state and ends its JVM itself.
 *
 * <p>Standard output (TLC's {@code -tool} messages) goes line by line to a consumer; standard
 * error is scanned for {@link TlcChild}'s progress lines and its last lines are kept for the
 * message when TLC stops without a result. A JVM shutdown hook ends the child if remo ends first.
 */
final class TlcProcess implements AutoCloseable {
    private static final int KEPT_ERROR_LINES = 12;

    private final Process process;
    private final Thread outReader;
    private final Thread errReader;
    private final Deque<String> errTail = new ArrayDeque<>();
    private final Thread hook;
    private final long startNanos = System.nanoTime();

    private TlcProcess(Process process, Consumer<String> out, TlcListener listener) {
        this.process = process;
        this.outReader = reader(process.getInputStream(), out, "tlc-out");
        this.errReader = reader(process.getErrorStream(), line -> err(line, listener), "tlc-err");
        this.hook = new Thread(process::destroyForcibly, "tlc-stop");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException e) {
            process.destroyForcibly(); // remo is shutting down: do not leave TLC behind
        }
        outReader.start();
        errReader.start();
        listener.processStarted(process.toHandle());
    }

    /**
     * Starts a child JVM.
     *
     * @param tlc        where TLC is
     * @param workDir    working directory; it also becomes the child's {@code java.io.tmpdir}
     * @param heapMb     the child's maximum heap (MiB)
     * @param properties extra system properties, {@code name=value}
     * @param mainClass  the TLC main class
     * @param args       its arguments
     * @param out        receives every line of standard output
     * @param listener   receives progress
     * @throws LivenessException (E-TLC) if the JVM cannot be started
     */
    static TlcProcess start(TlcJar tlc, Path workDir, int heapMb, List<String> properties, String mainClass,
                            List<String> args, Consumer<String> out, TlcListener listener) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaExecutable());
        cmd.add("-XX:+UseParallelGC"); // TLC asks for the throughput collector
        cmd.add("-Xmx" + heapMb + "m");
        cmd.add("-Dfile.encoding=UTF-8");
        Path tmp = workDir.resolve("tmp");
        try {
            Files.createDirectories(tmp);
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, workDir.toString(), 0, 0,
                    "cannot create TLC's temporary directory: " + e.getMessage());
        }
        cmd.add("-Djava.io.tmpdir=" + tmp);
        for (String p : properties) {
            cmd.add("-D" + p);
        }
        cmd.add("-cp");
        cmd.add(String.join(java.io.File.pathSeparator, tlc.classPath()));
        if (tlc.hasChildEntry()) {
            cmd.add(TlcChild.class.getName());
        }
        cmd.add(mainClass);
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        try {
            Process p = pb.start();
            if (!tlc.hasChildEntry()) {
                p.getOutputStream().close();
            }
            // else the pipe stays open, unwritten, for the life of this JVM: its end tells TlcChild that remo is gone
            return new TlcProcess(p, out, listener);
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, "java", 0, 0, "cannot start a JVM for TLC: " + e.getMessage());
        }
    }

    /** Whether this JVM is shutting down (Ctrl-C, SIGTERM): its shutdown hooks then stop every TLC child. */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** The java launcher of the running JVM. */
    static String javaExecutable() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return Files.isExecutable(java) ? java.toString() : "java";
    }

    private Thread reader(InputStream in, Consumer<String> lines, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                // the child ended; what it wrote so far has been read
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    private void err(String line, TlcListener listener) {
        if (line.startsWith(TlcChild.PROGRESS)) {
            String[] f = line.substring(TlcChild.PROGRESS.length()).trim().split(" ");
            try {
                listener.progress(Long.parseLong(f[0]), f.length > 1 ? Long.parseLong(f[1]) : 0);
            } catch (NumberFormatException e) {
                // not ours after all: keep it as an error line
                keep(line);
            }
            return;
        }
        keep(line);
    }

    private void keep(String line) {
        synchronized (errTail) {
            if (!line.isBlank()) {
                errTail.addLast(line.strip());
                if (errTail.size() > KEPT_ERROR_LINES) {
                    errTail.removeFirst();
                }
            }
        }
    }

    /**
     * Waits for the child to end, at most until {@code remaining} has passed.
     *
     * @return whether it ended (false: the deadline came first; the child is then stopped)
     */
    boolean await(Duration remaining) throws InterruptedException {
        boolean ended = remaining == null ? waitForever() : process.waitFor(Math.max(1, remaining.toMillis()), TimeUnit.MILLISECONDS);
        if (!ended) {
            stop();
        }
        outReader.join(10_000);
        errReader.join(10_000);
        return ended;
    }

    private boolean waitForever() throws InterruptedException {
        process.waitFor();
        return true;
    }

    /** Ends the child (and anything it started) now. */
    void stop() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the child is still running. */
    boolean isAlive() {
        return process.isAlive();
    }

    /** The child's exit status (only after it ended). */
    int exitValue() {
        return process.exitValue();
    }

    /** Wall-clock time since the start (ms). */
    long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** The last lines the child wrote on standard error. */
    List<String> errorTail() {
        synchronized (errTail) {
            return List.copyOf(errTail);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            stop();
        }
        try {
            process.getOutputStream().close(); // the pipe kept open for TlcChild's watch
        } catch (IOException e) {
            // the child is gone: nothing to tell it
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook runs anyway
        }
    }
}
