package remo.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import remo.core.Interruption;

/**
 * The {@code remo} server (docs/daemon.md): a JVM that stays up and runs the {@code check}
 * command lines the launcher's thin client sends it, so that a check pays neither the JVM's start
 * nor its warm-up. One per user and checkout; the launcher starts it, and it stops by itself when
 * idle, when its jar changes (a rebuild), or when another server holds its lock.
 *
 * <p>This class is the server's life: the lock of its state directory, the address file the
 * launcher reads, the accepting loop, the warm-up, and when to leave. Each connection speaks the
 * launcher's protocol ({@link RequestProtocol}, with the user's token of {@link TokenFile}); a
 * served command line runs in {@link ServedRuns}, its output sent by {@link RunOutputStream}s.
 *
 * <p>Runs are isolated: each has its own streams, directory ({@link Invocation}) and cancellation
 * token ({@link Interruption.Token}), and shares only immutable data with the others.
 */
public final class RemoServer {
    private final Path dir;
    private final Path jar;
    private final long idleMillis;
    private final String jarStamp;
    /** The checkout's sources, watched when the launcher named the checkout; null otherwise. */
    private final SourceWatch sources;
    private final int maxRuns;
    private final RunOutputFlusher outputs = new RunOutputFlusher();
    private final ServedRuns runs;
    private final RequestProtocol protocol;
    /** The runs under way (admitted and not yet over). */
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
    private volatile boolean stopping;

    private volatile ServerSocket server;

    /**
     * A server, not yet started ({@link #serve}).
     *
     * @param dir        the state directory of the checkout: its lock and address file
     * @param tokenFile  the user's token file, made if absent
     * @param jar        the jar the server runs from: when it changes, the server leaves
     * @param idleMillis how long the server waits for a request before it leaves
     * @param checkout   the checkout whose sources the server watches ({@link SourceWatch}), or
     *                   null: a client that did not compare them with the jar is then told to
     * @throws IOException if the token file cannot be read or made
     */
    RemoServer(Path dir, Path tokenFile, Path jar, long idleMillis, Path checkout) throws IOException {
        this.dir = dir;
        this.jar = jar;
        this.idleMillis = idleMillis;
        RandomBytes random = new RandomBytes();
        byte[] token = TokenFile.readOrMake(tokenFile, random);
        this.jarStamp = stamp(jar);
        this.sources = checkout == null ? null : SourceWatch.start(checkout, jar);
        String locale = localeOf(System.getenv());
        this.maxRuns = Math.max(2, 2 * Runtime.getRuntime().availableProcessors());
        this.runs = new ServedRuns(maxRuns, outputs);
        this.protocol = new RequestProtocol(this, token, locale, random, runs);
    }

    /**
     * Runs the server until it is idle for {@code IDLE_SECONDS}, its jar changes, or another
     * server holds the lock of {@code STATE_DIR}.
     *
     * @param args {@code STATE_DIR TOKEN_FILE JAR IDLE_SECONDS [CHECKOUT]}: with {@code CHECKOUT}
     *             the server watches its sources ({@link SourceWatch})
     * @throws IOException if the state directory or the socket cannot be set up
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 4 && args.length != 5) {
            System.err.println("usage: RemoServer STATE_DIR TOKEN_FILE JAR IDLE_SECONDS [CHECKOUT]");
            return;
        }
        long idle;
        try {
            idle = Math.max(1, Long.parseLong(args[3])) * 1000;
        } catch (NumberFormatException e) {
            idle = 1_800_000;
        }
        new RemoServer(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), idle,
                args.length == 5 ? Path.of(args[4]) : null).serve();
    }

    private static String stamp(Path jar) {
        try {
            return Files.getLastModifiedTime(jar).toMillis() + ":" + Files.size(jar);
        } catch (IOException e) {
            return "missing";
        }
    }

    /** The locale a client or this server runs in, as the launcher sends it. */
    static String localeOf(Map<String, String> env) {
        return env.getOrDefault("LC_ALL", "") + "|" + env.getOrDefault("LC_CTYPE", "") + "|" + env.getOrDefault("LANG", "");
    }

    /**
     * Serves until idle, the jar changes, or {@link #stop}; returns at once if another server holds
     * the lock, else when the runs under way are over.
     *
     * @throws IOException if the state directory or the socket cannot be set up
     */
    void serve() throws IOException {
        Files.createDirectories(dir);
        try (FileChannel lockFile = FileChannel.open(dir.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                System.err.println("remo server: another server holds " + dir.resolve("lock") + "; leaving");
                return;
            }
            // the first run's parser and, on the other processor, the engine's first steps
            // (warmUp), while the address goes out and the first request comes in
            if (!Boolean.getBoolean("remo.server.noWarmUp")) {
                Thread warming = new Thread(RemoServer::warmUp, "remo-warm-up");
                warming.setDaemon(true);
                warming.start();
            }
            runs.startFirstParser();
            server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
            server.setSoTimeout(1000);
            String address = server.getLocalPort() + " " + ProcessHandle.current().pid() + "\n";
            Path tmp = dir.resolve("server." + ProcessHandle.current().pid());
            Files.writeString(tmp, address);
            Files.move(tmp, dir.resolve("server"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            System.err.println("remo server: pid " + ProcessHandle.current().pid() + " on 127.0.0.1:" + server.getLocalPort());
            // SIGTERM (kill, a shutdown): the address goes with the server
            Thread forget = new Thread(() -> {
                if (!stopping) {
                    System.err.println("remo server: stopped by a signal; leaving");
                }
                removeAddress(address);
            }, "remo-server-exit");
            Runtime.getRuntime().addShutdownHook(forget);
            Thread flusher = new Thread(outputs::loop, "remo-flusher");
            flusher.setDaemon(true);
            flusher.start();
            acceptUntilDone();
            stopping = true;
            server.close();
            removeAddress(address);
        }
        // the lock is free: a new server may start while the runs under way finish (their
        // clients wait for them); the JVM ends with the last
        while (active.get() > 0) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Accepts connections until idle, the jar changes, or a request found it changed. */
    private void acceptUntilDone() throws IOException {
        while (!stopping) {
            Socket s;
            try {
                s = server.accept();
            } catch (java.net.SocketException e) {
                if (stopping) {
                    return; // closed by a request that found the jar changed
                }
                throw e;
            } catch (SocketTimeoutException e) {
                if (active.get() == 0 && System.nanoTime() - lastActivity.get() > idleMillis * 1_000_000) {
                    System.err.println("remo server: idle; leaving");
                    return;
                }
                if (!jarStamp.equals(stamp(jar))) {
                    System.err.println("remo server: " + jar + " changed; leaving");
                    return;
                }
                continue;
            }
            Thread t = new Thread(() -> protocol.handle(s), "remo-connection");
            t.setDaemon(true);
            t.start();
        }
    }

    /** Stops accepting connections ({@link ServerTraining}'s end); {@link #serve} returns when the runs under way are over. */
    void stop() throws IOException {
        stopping = true;
        ServerSocket s = server;
        if (s != null) {
            s.close();
        }
    }

    /**
     * Whether a request finds this server stale: stopping, its jar changed (a rebuild), or, for a
     * client that did not compare the sources with the jar, a source changed ({@link SourceWatch}).
     * A stale server accepts no more connections (the client builds if it must and starts a new
     * server), and the lock is freed as soon as the accepting loop sees it.
     *
     * @param sourcesUnchecked whether the client relies on this server's watch of the sources
     * @throws IOException if the listening socket cannot be closed
     */
    boolean stopIfStale(boolean sourcesUnchecked) throws IOException {
        boolean sourceChanged = sourcesUnchecked && sources != null && sources.changed();
        if (stopping || sourceChanged || !jarStamp.equals(stamp(jar))) {
            if (sourceChanged && !stopping) {
                System.err.println("remo server: a source changed (" + sources.firstChange() + "); leaving");
            }
            stopping = true;
            server.close();
            return true;
        }
        return false;
    }

    /** Whether this server watches its checkout's sources, so that a client need not compare them with the jar. */
    boolean watchesSources() {
        return sources != null && sources.watching();
    }

    /**
     * Whether one more run may start now: at most {@code 2 ×} the processors at once (a client
     * turned away runs its own JVM). A run that starts is under way, and the server not idle, until
     * {@link #runEnds}.
     */
    boolean runStarts() {
        if (active.incrementAndGet() > maxRuns) {
            active.decrementAndGet();
            return false;
        }
        return true;
    }

    /** A run that {@link #runStarts} admitted is over: the server's idle time counts from now. */
    void runEnds() {
        lastActivity.set(System.nanoTime());
        active.decrementAndGet();
    }

    /**
     * Checks an X86 and an RDMA test in memory, output discarded, while the first parser is made:
     * the classes of the parsers, models and checker are loaded and linked and the bundled models
     * parsed before the first request, which then runs in a quarter of its time. Nothing it does
     * is seen by a run (the bundled models it parses are the immutable ones every run loads).
     */
    static void warmUp() {
        try {
            remo.checker.TestRunner runner = new remo.checker.TestRunner(new remo.models.ModelLibrary(), null,
                    Map.of(), remo.checker.CheckOptions.defaults(), EngineName.AXIOMATIC.engine());
            for (String[] test : new String[][] {{"TRAIN-X86.litmus", ArchiveTraining.X86_TEST},
                    {"TRAIN-X86_64.litmus", ArchiveTraining.X86_64_TEST}, {"L07.litmus", WARM_RDMA_TEST}}) {
                remo.checker.TestOutcome o = runner.runAlone(remo.litmus.LitmusParser.parseAndValidate(test[0], test[1]), test[0]);
                if (o.result() != null) {
                    ResultPrinter.block(o.result(), false);
                }
            }
        } catch (RuntimeException | remo.core.DiagnosticException e) {
            // a warm-up only: the runs report their own errors
        }
    }

    /** The suite's L07 (examples/suite), for {@link #warmUp}. */
    private static final String WARM_RDMA_TEST = """
            RDMA L07
            "Get then put of the fetched buffer (requester side)"
            { x@1 = 0; y@2 = 1; z@2 = 0; }
             P0@1       ;
             get x, y@2 ;
             put z@2, x ;
            exists (z = 0 /\\ x = 1)
            """;

    /** Removes the address file if it is still this server's. */
    private void removeAddress(String address) {
        Path f = dir.resolve("server");
        try {
            if (Files.readString(f).equals(address)) {
                Files.delete(f);
            }
        } catch (IOException e) {
            // another server's, or gone already
        }
    }
}
