package remo.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's side of the launcher's protocol (docs/daemon.md), one connection at a time, each on
 * a thread of its own.
 *
 * <p>Loopback TCP; every connection starts with fields ended by a NUL byte, the second of which is
 * the user's secret token ({@link TokenFile}): the client opens a request connection and sends
 * {@code REMO2}, the token, its working directory, {@code 1}/{@code 0} for a terminal on standard
 * error, {@code COLUMNS} ({@code 1} and the value, or {@code 0} when not exported), its locale
 * ({@code LC_ALL|LC_CTYPE|LANG}), the number of arguments and the arguments. The server answers
 * one line: {@code GO ID} (the run is served), {@code DIRECT} (the client runs its own JVM: a
 * command other than {@code check}, another locale, too many runs at once) or {@code STALE} (the
 * jar changed: the server stops; the client starts a new one). A client that did not compare the
 * checkout's sources with the jar (a warm call skips the launcher's {@code find}) sends
 * {@code REMO3} instead of {@code REMO2}, with the same fields: it is served only by a server that
 * watches the sources ({@link SourceWatch}) and saw no change; a change is {@code STALE}, and a
 * server that does not watch answers {@code CHECK} (the client compares, builds if it must, and
 * asks again with {@code REMO2}). After {@code GO} the run starts, and its standard output and
 * error reach the client as {@link OutputConnection} says: inline on the request connection
 * ({@code OUT N} or {@code ERR N} and N bytes) when the run ends soon, else on a connection of
 * their own, {@code OUT1}/{@code ERR1}, the token and the id, which the client opens when the
 * request connection receives the line {@code OUT} or {@code ERR}, and which carries raw bytes
 * until the server shuts it; then the request connection receives {@code EXIT N}. Any byte or the end of input on the request connection
 * before that cancels the run (Ctrl-C, or the client gone): it stops at its next limit check and
 * prints its partial result, as a signal does to a JVM of its own. ({@code REMO1}, whose client
 * opened both output connections at once, is no longer served: such a connection is closed.)
 */
final class RequestProtocol {
    /** How long a connection may take to say what it is (milliseconds). */
    private static final int HELLO_MS = 10_000;

    /** The largest request accepted (bytes): some 20 000 file names. */
    private static final int MAX_REQUEST = 4 << 20;

    private final RemoServer server;
    private final byte[] token;
    private final String locale;
    private final RandomBytes random;
    private final ServedRuns runs;
    /** The runs answered {@code GO} and waiting for their output connections, by id. */
    private final Map<String, Session> pending = new ConcurrentHashMap<>();

    /**
     * @param server the server, asked whether it is stale and whether a run may start
     * @param token  the user's token, which every connection must present
     * @param locale the server's locale ({@link RemoServer#localeOf}): a client in another runs its own JVM
     * @param random the source of run ids
     * @param runs   what runs a served command line
     */
    RequestProtocol(RemoServer server, byte[] token, String locale, RandomBytes random, ServedRuns runs) {
        this.server = server;
        this.token = token;
        this.locale = locale;
        this.random = random;
        this.runs = runs;
    }

    /** One connection: a request, or a run's output stream. */
    void handle(Socket s) {
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
                case "REMO2" -> request(s, in, budget, false);
                case "REMO3" -> request(s, in, budget, true);
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

    /** A run and its output connections, each opened by the client when asked for. */
    private static final class Session {
        final OutputConnection out;
        final OutputConnection err;

        Session(OutputStream control) {
            out = new OutputConnection(control, "OUT");
            err = new OutputConnection(control, "ERR");
        }
    }

    private void attach(Socket s, InputStream in, int[] budget, boolean stdout) throws IOException {
        String id = field(in, budget);
        Session session = id == null ? null : pending.get(id);
        if (session == null) {
            s.close();
            return;
        }
        if (!(stdout ? session.out : session.err).attach(s)) {
            s.close();
        }
    }

    /** A request; {@code sourcesUnchecked}: the client did not compare the sources with the jar ({@code REMO3}). */
    private void request(Socket s, InputStream in, int[] budget, boolean sourcesUnchecked) throws IOException {
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
        if (sourcesUnchecked && !server.watchesSources()) {
            reply(control, "CHECK");
            s.close();
            return;
        }
        if (server.stopIfStale(sourcesUnchecked)) {
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
        if (!server.runStarts()) {
            reply(control, "DIRECT");
            s.close();
            return;
        }
        try {
            String id = HexFormat.of().formatHex(random.next(16));
            Session session = new Session(control);
            pending.put(id, session);
            try {
                reply(control, "GO " + id);
                int status = runs.run(s, session.out, session.err, directory, "1".equals(tty),
                        columns.startsWith("1") ? columns.substring(1) : null, args.toArray(String[]::new));
                try {
                    reply(control, "EXIT " + status);
                } finally {
                    closeAll(s, session.out.socket(), session.err.socket());
                }
            } finally {
                // until the run is over: its output connections are opened when asked for
                pending.remove(id);
            }
        } finally {
            server.runEnds();
        }
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
        OutputConnection.writeLine(control, line);
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
}
