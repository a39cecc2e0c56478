package remo.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import remo.core.Interruption;

/**
 * The {@code remo} server (docs/daemon.md): a JVM that stays up and runs the {@code check}
 * command lines the launcher's thin client sends it, so that a check pays neither the JVM's start
 * nor its warm-up. One per user and checkout; the launcher starts it, and it stops by itself when
 * idle, when its jar changes (a rebuild), or when another server holds its lock.
 *
 * <p>Protocol (loopback TCP, every connection starts with fields ended by a NUL byte, the
 * second of which is the user's secret token): the client opens a request connection and sends
 * {@code REMO1}, the token, its working directory, {@code 1}/{@code 0} for a terminal on standard
 * error, {@code COLUMNS} ({@code 1} and the value, or {@code 0} when not exported), its locale
 * ({@code LC_ALL|LC_CTYPE|LANG}), the number of arguments and the arguments. The server answers
 * one line: {@code GO ID} (the run is served), {@code DIRECT} (the client runs its own JVM: a
 * command other than {@code check}, another locale, too many runs at once) or {@code STALE} (the
 * jar changed: the server stops; the client starts a new one). After {@code GO} the client opens
 * two more connections, {@code OUT1}/{@code ERR1}, the token and the id, which receive the run's
 * standard output and error as raw bytes until the server closes them; then the request
 * connection receives {@code EXIT N}. Any byte or the end of input on the request connection
 * before that cancels the run (Ctrl-C, or the client gone): it stops at its next limit check and
 * prints its partial result, as a signal does to a JVM of its own.
 *
 * <p>Runs are isolated: each has its own streams, directory ({@link Invocation}) and cancellation
 * token ({@link Interruption.Token}), and shares only immutable data with the others.
 */
public final class RemoServer {
    /** Stack of a run's thread (bytes), as {@link Main}'s. */
    private static final long STACK_BYTES = 512L << 20;

    /** How long a connection may take to say what it is (milliseconds). */
    private static final int HELLO_MS = 10_000;

    /** The largest request accepted (bytes): some 20 000 file names. */
    private static final int MAX_REQUEST = 4 << 20;

    /** How often buffered output is sent (milliseconds). */
    static final long FLUSH_MS = 20;

    private final Path dir;
    private final Path jar;
    private final long idleMillis;
    private final byte[] token;
    private final String jarStamp;
    private final String locale;
    private final int maxRuns;
    /** Random bytes for tokens and run ids ({@link #randomBytes}). */
    private final RandomBytes random = new RandomBytes();
    private final Map<String, Session> pending = new ConcurrentHashMap<>();
    private final Set<Sink> sinks = ConcurrentHashMap.newKeySet();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicInteger runNumber = new AtomicInteger();
    private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
    private volatile boolean stopping;

    /**
     * The {@code check} parsers of finished runs, each used by one run at a time: picocli's
     * reflection over the options costs about as much as checking a small test, and picocli sets
     * every option and parameter back to its initial value when it parses again (new lists, nulls,
     * defaults), so a run sees none of the previous run's values; the command's one other field,
     * its {@link Invocation}, is set by every run.
     */
    private final java.util.concurrent.ConcurrentLinkedDeque<picocli.CommandLine> parsers =
            new java.util.concurrent.ConcurrentLinkedDeque<>();

    /** Makes the first parser while the server starts; a run that finds no parser waits for it. */
    private volatile Thread firstParser;

    private volatile ServerSocket server;

    private RemoServer(Path dir, Path tokenFile, Path jar, long idleMillis) throws IOException {
        this.dir = dir;
        this.jar = jar;
        this.idleMillis = idleMillis;
        this.token = readOrMakeToken(tokenFile, random);
        this.jarStamp = stamp(jar);
        this.locale = localeOf(System.getenv());
        this.maxRuns = Math.max(2, 2 * Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs the server until it is idle for {@code IDLE_SECONDS}, its jar changes, or another
     * server holds the lock of {@code STATE_DIR}.
     *
     * @param args {@code STATE_DIR TOKEN_FILE JAR IDLE_SECONDS}
     * @throws IOException if the state directory or the socket cannot be set up
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: RemoServer STATE_DIR TOKEN_FILE JAR IDLE_SECONDS");
            return;
        }
        long idle;
        try {
            idle = Math.max(1, Long.parseLong(args[3])) * 1000;
        } catch (NumberFormatException e) {
            idle = 1_800_000;
        }
        new RemoServer(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), idle).serve();
    }

    /**
     * The launcher's training run ({@link ArchiveTraining}): serves {@code args} once, in this
     * JVM, through a server on {@code scratch} and a client speaking the launcher's protocol, so
     * that the class-data archive and the ahead-of-time cache hold the server's classes too.
     *
     * @return the run's exit status, or 3 if it was not served
     * @throws IOException if the scratch directory or the socket cannot be set up
     * @throws InterruptedException if interrupted while waiting for the server
     */
    static int train(Path scratch, Path cwd, String... args) throws IOException, InterruptedException {
        Path dir = scratch.resolve("server");
        Files.createDirectories(dir);
        Path tokenFile = scratch.resolve("token");
        RemoServer server = new RemoServer(dir, tokenFile, scratch.resolve("no-jar"), 60_000);
        Thread serving = new Thread(() -> {
            try {
                server.serve();
            } catch (IOException e) {
                // the client below finds no server
            }
        }, "remo-server-training");
        serving.setDaemon(true);
        serving.start();
        Path address = dir.resolve("server");
        for (int i = 0; i < 500 && !Files.exists(address); i++) {
            Thread.sleep(10);
        }
        if (!Files.exists(address)) {
            return 3;
        }
        int port = Integer.parseInt(Files.readString(address).trim().split(" ")[0]);
        String token = Files.readString(tokenFile).trim();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (Socket control = new Socket(loopback, port)) {
            List<String> fields = new ArrayList<>(List.of("REMO1", token, cwd.toString(), "0", "0",
                    localeOf(System.getenv()), Integer.toString(args.length)));
            fields.addAll(List.of(args));
            control.getOutputStream().write((String.join("\0", fields) + "\0").getBytes(StandardCharsets.UTF_8));
            String reply = line(control.getInputStream());
            if (!reply.startsWith("GO ")) {
                return 3;
            }
            try (Socket out = new Socket(loopback, port); Socket err = new Socket(loopback, port)) {
                out.getOutputStream().write(("OUT1\0" + token + "\0" + reply.substring(3) + "\0").getBytes(StandardCharsets.US_ASCII));
                err.getOutputStream().write(("ERR1\0" + token + "\0" + reply.substring(3) + "\0").getBytes(StandardCharsets.US_ASCII));
                out.getInputStream().transferTo(OutputStream.nullOutputStream());
                err.getInputStream().transferTo(OutputStream.nullOutputStream());
            }
            String exit = line(control.getInputStream());
            return exit.startsWith("EXIT ") ? Integer.parseInt(exit.substring(5)) : 3;
        } finally {
            server.stopping = true;
            if (server.server != null) {
                server.server.close();
            }
            serving.join(5000);
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            b.append((char) c);
        }
        return b.toString();
    }

    /**
     * Unpredictable bytes: the kernel's ({@code /dev/urandom}) where there is one, else
     * {@link SecureRandom}'s. {@code SecureRandom} loads the JDK's security providers, some 50 ms
     * of a server's start before its first answer; reading the device the providers read costs
     * nothing.
     */
    static final class RandomBytes {
        private SecureRandom fallback;

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

    /** The user's token: read from {@code file}, or made there (readable by the user only) if absent. */
    static byte[] readOrMakeToken(Path file, RandomBytes random) throws IOException {
        if (!Files.exists(file)) {
            byte[] b = random.next(32);
            Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid());
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, HexFormat.of().formatHex(b) + "\n");
            try {
                // a link, not a move: of two servers making the token at once, the first one's stays
                Files.createLink(file, tmp);
            } catch (FileAlreadyExistsException e) {
                // another server made it first
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        String t = Files.readString(file).trim();
        if (t.length() < 32) {
            throw new IOException("token file " + file + " holds no token");
        }
        return t.getBytes(StandardCharsets.US_ASCII);
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

    private void serve() throws IOException {
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
            firstParser = new Thread(() -> parsers.push(RemoCommand.commandLine(new String[] {"check"})), "remo-first-parser");
            firstParser.setDaemon(true);
            firstParser.start();
            server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
            server.setSoTimeout(1000);
            String address = server.getLocalPort() + " " + ProcessHandle.current().pid() + "\n";
            Path tmp = dir.resolve("server." + ProcessHandle.current().pid());
            Files.writeString(tmp, address);
            Files.move(tmp, dir.resolve("server"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            System.err.println("remo server: pid " + ProcessHandle.current().pid() + " on 127.0.0.1:" + server.getLocalPort());
            // SIGTERM (kill, a shutdown): the address goes with the server
            Thread forget = new Thread(() -> removeAddress(address), "remo-server-exit");
            Runtime.getRuntime().addShutdownHook(forget);
            Thread flusher = new Thread(this::flushLoop, "remo-flusher");
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
            Thread t = new Thread(() -> handle(s), "remo-connection");
            t.setDaemon(true);
            t.start();
        }
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

    private void flushLoop() {
        while (true) {
            try {
                synchronized (sinks) {
                    while (sinks.isEmpty()) {
                        sinks.wait(); // no run: no wake-ups
                    }
                }
                Thread.sleep(FLUSH_MS);
            } catch (InterruptedException e) {
                return;
            }
            for (Sink s : sinks) {
                s.tick();
            }
        }
    }

    /** One connection: a request, or a run's output stream. */
    private void handle(Socket s) {
        try {
            s.setSoTimeout(HELLO_MS);
            s.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(s.getInputStream());
            int[] budget = {MAX_REQUEST};
            String kind = field(in, budget);
            String presented = field(in, budget);
            if (kind == null || presented == null
                    || !MessageDigest.isEqual(presented.getBytes(StandardCharsets.US_ASCII), token)) {
                s.close();
                return;
            }
            switch (kind) {
                case "REMO1" -> request(s, in, budget);
                case "OUT1", "ERR1" -> attach(s, in, budget, kind.equals("OUT1"));
                default -> s.close();
            }
        } catch (IOException | RuntimeException e) {
            try {
                s.close();
            } catch (IOException ignored) {
                // nothing more to do
            }
        }
    }

    /** A field up to its NUL byte, or null at the end of input or beyond the request's budget. */
    private static String field(InputStream in, int[] budget) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            int c = in.read();
            if (c < 0 || --budget[0] < 0) {
                return null;
            }
            if (c == 0) {
                return b.toString(StandardCharsets.UTF_8);
            }
            b.write(c);
        }
    }

    /** A run waiting for its output connections. */
    private static final class Session {
        final CountDownLatch attached = new CountDownLatch(2);
        volatile Socket out;
        volatile Socket err;
    }

    private void attach(Socket s, InputStream in, int[] budget, boolean stdout) throws IOException {
        String id = field(in, budget);
        Session session = id == null ? null : pending.get(id);
        if (session == null) {
            s.close();
            return;
        }
        synchronized (session) {
            if ((stdout ? session.out : session.err) != null) {
                s.close();
                return;
            }
            if (stdout) {
                session.out = s;
            } else {
                session.err = s;
            }
        }
        session.attached.countDown();
    }

    private void request(Socket s, InputStream in, int[] budget) throws IOException {
        String cwd = field(in, budget);
        String tty = field(in, budget);
        String columns = field(in, budget);
        String clientLocale = field(in, budget);
        String argc = field(in, budget);
        if (argc == null || !argc.matches("\\d{1,6}")) {
            s.close();
            return;
        }
        List<String> args = new ArrayList<>();
        for (int i = Integer.parseInt(argc); i > 0; i--) {
            String a = field(in, budget);
            if (a == null) {
                s.close();
                return;
            }
            args.add(a);
        }
        OutputStream control = s.getOutputStream();
        if (stopping || !jarStamp.equals(stamp(jar))) {
            // a rebuild: no more connections (the client starts a new server at once), and the
            // lock is freed as soon as the accepting loop sees it
            stopping = true;
            server.close();
            reply(control, "STALE");
            s.close();
            return;
        }
        Path directory = directory(cwd);
        if (directory == null || args.isEmpty() || !args.get(0).equals("check") || !locale.equals(clientLocale)
                || columns == null || tty == null) {
            reply(control, "DIRECT");
            s.close();
            return;
        }
        if (active.incrementAndGet() > maxRuns) {
            active.decrementAndGet();
            reply(control, "DIRECT");
            s.close();
            return;
        }
        try {
            String id = HexFormat.of().formatHex(nextId());
            Session session = new Session();
            pending.put(id, session);
            reply(control, "GO " + id);
            boolean ready;
            try {
                ready = session.attached.await(HELLO_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ready = false;
            } finally {
                pending.remove(id);
            }
            if (!ready) {
                closeAll(s, session.out, session.err);
                return;
            }
            run(s, session, directory, "1".equals(tty), columns.startsWith("1") ? columns.substring(1) : null,
                    args.toArray(String[]::new));
        } finally {
            lastActivity.set(System.nanoTime());
            active.decrementAndGet();
        }
    }

    private byte[] nextId() {
        byte[] b = random.next(16);
        return b;
    }

    /** The client's directory, or null if it is not an absolute path of a directory. */
    private static Path directory(String cwd) {
        try {
            Path p = cwd == null ? null : Path.of(cwd);
            if (p == null || !p.isAbsolute() || !Files.isDirectory(p)) {
                return null;
            }
            // the JVM's own working directory is the physical one (getcwd), whatever the shell's PWD
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static void reply(OutputStream control, String line) throws IOException {
        control.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        control.flush();
    }

    private static void closeAll(Socket... sockets) {
        for (Socket s : sockets) {
            if (s != null) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }
    }

    /**
     * Runs one command line with the client's streams and directory, its own cancellation token,
     * on a thread of its own (the request connection's thread watches for a cancel meanwhile),
     * and sends its exit status.
     */
    private void run(Socket control, Session session, Path directory, boolean tty, String columns, String[] args)
            throws IOException {
        Sink outSink = new Sink(session.out.getOutputStream());
        Sink errSink = new Sink(session.err.getOutputStream());
        synchronized (sinks) {
            sinks.add(outSink);
            sinks.add(errSink);
            sinks.notifyAll();
        }
        WatchedOutput watched = new WatchedOutput(outSink);
        PrintStream out = new PrintStream(watched, true);
        String errEncoding = System.getProperty("stderr.encoding");
        PrintStream err;
        try {
            err = errEncoding == null ? new PrintStream(errSink, true)
                    : new PrintStream(errSink, true, java.nio.charset.Charset.forName(errEncoding));
        } catch (RuntimeException e) {
            err = new PrintStream(errSink, true);
        }
        Interruption.Token cancel = new Interruption.Token();
        Invocation invocation = new Invocation(out, err, directory, tty, columns);
        int[] status = {3};
        PrintStream runErr = err;
        Thread worker = new Thread(null, () -> {
            Interruption.bind(cancel);
            picocli.CommandLine parser = parsers.pollFirst();
            Thread first = firstParser;
            if (parser == null && first != null && first.isAlive()) {
                try {
                    first.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                parser = parsers.pollFirst();
            }
            if (parser == null) {
                parser = RemoCommand.commandLine(new String[] {"check"});
            }
            status[0] = Main.runCommand(args, invocation, parser, cancel::requested, () -> {
                String why = watched.failureWords();
                return why == null ? "write error" : why;
            });
            if (parsers.size() < maxRuns) {
                parsers.push(parser);
            }
        }, "remo-run-" + runNumber.incrementAndGet(), STACK_BYTES);
        worker.setDaemon(true);
        worker.start();
        // the request connection: a byte or its end (Ctrl-C, or the client gone) cancels the run
        control.setSoTimeout(0);
        Thread watcher = new Thread(() -> {
            try {
                control.getInputStream().read();
            } catch (IOException e) {
                // closed: the run is over, or the client is gone
            }
            if (worker.isAlive()) {
                cancel.request("SIGINT or SIGTERM");
            }
        }, "remo-cancel");
        watcher.setDaemon(true);
        watcher.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.flush();
        runErr.flush();
        sinks.remove(outSink);
        sinks.remove(errSink);
        outSink.finish(session.out);
        errSink.finish(session.err);
        try {
            reply(control.getOutputStream(), "EXIT " + status[0]);
        } finally {
            closeAll(control, session.out, session.err);
        }
    }

    /**
     * A run's standard output or error on its connection: bytes are gathered and sent every
     * {@link #FLUSH_MS} (or when a flush finds them that old, or the buffer full), so that a batch's
     * thousands of short lines are not thousands of socket writes. A failure to send is the
     * stream's from then on, as a failed write to a file descriptor is.
     */
    static final class Sink extends OutputStream {
        private final OutputStream socket;
        private final byte[] buffer = new byte[1 << 16];
        private int length;
        private long oldest;
        private IOException failure;

        Sink(OutputStream socket) {
            this.socket = socket;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (failure != null) {
                throw failure;
            }
            if (len > buffer.length - length) {
                send();
                if (len > buffer.length) {
                    try {
                        socket.write(b, off, len);
                    } catch (IOException e) {
                        failure = e;
                        throw e;
                    }
                    return;
                }
            }
            if (length == 0) {
                oldest = System.nanoTime();
            }
            System.arraycopy(b, off, buffer, length, len);
            length += len;
        }

        @Override
        public synchronized void flush() throws IOException {
            if (failure != null) {
                throw failure;
            }
            if (length > 0 && System.nanoTime() - oldest > FLUSH_MS * 1_000_000) {
                send();
            }
        }

        /** The flusher's call: sends what is gathered. */
        synchronized void tick() {
            if (failure == null && length > 0) {
                try {
                    send();
                } catch (IOException e) {
                    // kept as the stream's failure; the run's next write reports it
                }
            }
        }

        private void send() throws IOException {
            if (failure != null) {
                throw failure;
            }
            try {
                socket.write(buffer, 0, length);
                socket.flush();
                length = 0;
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        /** Sends the rest and ends the stream. */
        synchronized void finish(Socket s) {
            tick();
            try {
                s.shutdownOutput();
            } catch (IOException e) {
                // the client is gone
            }
        }
    }
}
