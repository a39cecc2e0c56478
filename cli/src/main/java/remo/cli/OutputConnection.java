package remo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A served run's connection for its standard output or error (docs/daemon.md, "The protocol").
 * The client opens it only when the server asks, with the line {@code OUT} or {@code ERR} on the
 * request connection: when the run has more to send than a buffer, or has kept bytes for a flush
 * interval ({@link RunOutputStream}). A run that ends before either sends what it wrote inline
 * instead, {@code OUT N} or {@code ERR N} and the N bytes on the request connection, which the
 * client's bash writes out itself. Most runs of one small test never need a connection; each one
 * costs the client a {@code cat} process (a fork and an exec, 5-8 ms on the machines of
 * docs/performance.md).
 */
final class OutputConnection {
    /** How long the client may take to open a connection it was asked for (milliseconds). */
    static final long OPEN_MS = 10_000;

    private final OutputStream control;
    private final String name;
    private final CountDownLatch attached = new CountDownLatch(1);
    private volatile Socket socket;
    private boolean asked;

    /**
     * @param control the request connection's output, where the server asks for the connection
     * @param name    {@code OUT} for standard output, {@code ERR} for standard error
     */
    OutputConnection(OutputStream control, String name) {
        this.control = control;
        this.name = name;
    }

    /**
     * The client's connection arrived: it is this one's unless one did already, or it was not
     * asked for.
     *
     * @return whether {@code s} is taken (else the caller closes it)
     */
    synchronized boolean attach(Socket s) {
        if (socket != null || !asked) {
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

    /** The connection's stream, or null while the client has not opened it. */
    OutputStream openStream() throws IOException {
        Socket s = socket;
        return s == null ? null : s.getOutputStream();
    }

    /**
     * The connection's stream, asking for it if not asked yet and waiting for the client to open
     * it (up to {@link #OPEN_MS}).
     *
     * @throws IOException if the request connection fails, or the client does not open the
     *                     connection in time (it is gone)
     */
    OutputStream awaitStream() throws IOException {
        ask();
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

    /**
     * Asks the client for the connection ({@code OUT} or {@code ERR} on the request connection), once.
     *
     * @throws IOException if the request connection fails
     */
    void ask() throws IOException {
        synchronized (this) {
            if (asked) {
                return;
            }
            asked = true;
        }
        writeLine(control, name);
    }

    /** Whether the connection was never asked for, so that the run's last bytes may go inline. */
    synchronized boolean mayInline() {
        return !asked;
    }

    /**
     * Sends {@code length} bytes of {@code bytes} inline on the request connection: {@code OUT N}
     * or {@code ERR N}, then the bytes. The client reads them with bash's {@code read -N} in the C
     * locale, so they must hold no NUL byte.
     *
     * @throws IOException if the request connection fails
     */
    void sendInline(byte[] bytes, int length) throws IOException {
        synchronized (control) {
            control.write((name + " " + length + "\n").getBytes(StandardCharsets.US_ASCII));
            control.write(bytes, 0, length);
            control.flush();
        }
    }

    /** One line on the request connection; every line the server sends there goes through here. */
    static void writeLine(OutputStream control, String line) throws IOException {
        synchronized (control) {
            control.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            control.flush();
        }
    }
}
