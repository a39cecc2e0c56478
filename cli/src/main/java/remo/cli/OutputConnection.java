package remo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A served run's connection for its standard output or error (docs/daemon.md, "The protocol").
 * Standard output's is opened by the client right after {@code GO}; standard error's only when the
 * server asks for it with an {@code ERR} line on the request connection, at the run's first bytes
 * of standard error: most runs write none, and each connection costs the client a {@code cat}
 * process (a fork and an exec, 5-8 ms on the machines of docs/performance.md).
 */
final class OutputConnection {
    /** How long the client may take to open a connection it was asked for (milliseconds). */
    static final long OPEN_MS = 10_000;

    private final OutputStream control;
    private final CountDownLatch attached = new CountDownLatch(1);
    private volatile Socket socket;
    private boolean asked;

    /**
     * A connection that the client opens without being asked ({@code control} null), or when asked
     * on {@code control}, the request connection's output.
     */
    OutputConnection(OutputStream control) {
        this.control = control;
        this.asked = control == null;
    }

    /**
     * The client's connection arrived: it is this one's unless one did already.
     *
     * @return whether {@code s} is taken (else the caller closes it)
     */
    synchronized boolean attach(Socket s) {
        if (socket != null) {
            return false;
        }
        socket = s;
        attached.countDown();
        return true;
    }

    /** The connection, or null while the client has not opened it. */
    Socket socket() {
        return socket;
    }

    /**
     * Where the bytes go: the connection's stream once the client has opened it. A connection not
     * asked for yet is asked for ({@code ERR} on the request connection, once).
     *
     * @param wait whether to wait for the client to open it (up to {@link #OPEN_MS})
     * @return the connection's output stream, or null when not opened yet and {@code wait} is false
     * @throws IOException if the request connection fails, or the client does not open the
     *                     connection in time (it is gone)
     */
    OutputStream stream(boolean wait) throws IOException {
        Socket s = socket;
        if (s != null) {
            return s.getOutputStream();
        }
        ask();
        if (!wait) {
            return null;
        }
        try {
            if (!attached.await(OPEN_MS, TimeUnit.MILLISECONDS)) {
                throw new IOException("the client did not open the output connection it was asked for");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for an output connection", e);
        }
        return socket.getOutputStream();
    }

    private void ask() throws IOException {
        synchronized (this) {
            if (asked) {
                return;
            }
            asked = true;
        }
        writeLine(control, "ERR");
    }

    /** One line on the request connection; every line the server sends there goes through here. */
    static void writeLine(OutputStream control, String line) throws IOException {
        synchronized (control) {
            control.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            control.flush();
        }
    }
}
