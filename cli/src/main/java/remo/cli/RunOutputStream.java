package remo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A served run's standard output or error on its connection ({@link RemoServer}): bytes are
 * gathered and sent every {@link #FLUSH_MS} (by {@link RunOutputFlusher}, or when a flush finds them
 * that old, or the buffer full), so that a batch's thousands of short lines are not thousands of
 * socket writes. A failure to send is the stream's from then on, as a failed write to a file
 * descriptor is. The client opens the connection only when asked for it ({@link OutputConnection}):
 * at a full buffer (which waits for it), or when bytes have waited {@link #FLUSH_MS}; a run that
 * ends sooner sends its bytes inline on the request connection, and the client needs no copying
 * process for them.
 */
final class RunOutputStream extends OutputStream {
    /** How often buffered output is sent (milliseconds). */
    static final long FLUSH_MS = 20;

    private final OutputConnection connection;
    /** The run's other stream: its gathered bytes go first when this one is written (their order). */
    private volatile RunOutputStream sibling;
    private final byte[] buffer = new byte[1 << 16];
    private int length;
    private long oldest;
    private IOException failure;

    /** A stream sending to {@code connection}, a run's output connection. */
    RunOutputStream(OutputConnection connection) {
        this.connection = connection;
    }

    /**
     * Makes {@code out} and {@code err}, a run's standard output and error, each send the other's
     * gathered bytes before taking bytes of its own: output that goes inline on the request
     * connection then keeps the order in which the run wrote it (an error line before the results
     * that follow it), as a JVM of its own writing to one terminal does.
     */
    static void pair(RunOutputStream out, RunOutputStream err) {
        out.sibling = err;
        err.sibling = out;
    }

    /** Sends what is gathered now, inline if the connection was never asked for (for {@link #pair}). */
    private void sendGathered() {
        if (length == 0) {
            return; // a racy look: the writer of these bytes is another thread, not ordered with this one
        }
        synchronized (this) {
            if (length == 0 || failure != null) {
                return;
            }
            try {
                if (!sendInline()) {
                    send();
                }
            } catch (IOException e) {
                failure = e;
            }
        }
    }

    /**
     * Sends the gathered bytes inline on the request connection if they may go there: the
     * connection was never asked for, and no NUL byte (the client's bash cannot hold one in a
     * variable). Called with the lock held.
     *
     * @return whether they were sent
     * @throws IOException if the request connection fails (the client is gone)
     */
    private boolean sendInline() throws IOException {
        if (length == 0 || !connection.mayInline() || !noNul()) {
            return false;
        }
        connection.sendInline(buffer, length);
        length = 0;
        return true;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        RunOutputStream other = sibling;
        if (other != null) {
            other.sendGathered();
        }
        // a full buffer waits for a connection not opened yet outside the lock, so that the
        // flusher, which serves every run, never waits behind it
        if (len > buffer.length - length) {
            awaitConnection();
        }
        synchronized (this) {
            if (failure != null) {
                throw failure;
            }
            if (len > buffer.length - length) {
                send();
                if (length > 0) {
                    // another thread's write filled the buffer after this one looked: wait here
                    try {
                        connection.awaitStream();
                    } catch (IOException e) {
                        failure = e;
                        throw e;
                    }
                    send();
                }
                if (len > buffer.length) {
                    try {
                        connection.awaitStream().write(b, off, len);
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
    }

    /** Whether the gathered bytes have no NUL byte. */
    private boolean noNul() {
        for (int i = 0; i < length; i++) {
            if (buffer[i] == 0) {
                return false;
            }
        }
        return true;
    }

    /** Waits, without the lock, for the connection if it is not open (asking for it if not asked yet). */
    private void awaitConnection() throws IOException {
        if (connection.socket() == null) {
            try {
                connection.awaitStream();
            } catch (IOException e) {
                synchronized (this) {
                    failure = failure == null ? e : failure;
                }
                throw e;
            }
        }
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

    /** The flusher's call: sends what is gathered, if the connection is open (else asks for it). */
    synchronized void tick() {
        if (failure == null && length > 0) {
            try {
                send();
            } catch (IOException e) {
                // kept as the stream's failure; the run's next write reports it
            }
        }
    }

    /**
     * Sends what is gathered if the connection is open; else keeps the bytes, and asks for the
     * connection once they have waited {@link #FLUSH_MS} (a run that ends sooner sends them inline,
     * {@link #finish}).
     */
    private void send() throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (length == 0) {
            return;
        }
        try {
            OutputStream socket = connection.openStream();
            if (socket == null) {
                if (System.nanoTime() - oldest > FLUSH_MS * 1_000_000) {
                    connection.ask();
                }
                return;
            }
            socket.write(buffer, 0, length);
            socket.flush();
            length = 0;
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    /**
     * Sends the rest and ends the stream: the output half of its connection is shut down. A stream
     * whose connection was never asked for needs none: up to a buffer of bytes without a NUL go
     * inline on the request connection ({@link OutputConnection#sendInline}); otherwise the
     * connection is asked for and waited for.
     */
    void finish() {
        boolean pending;
        synchronized (this) {
            pending = length > 0 && failure == null;
            try {
                if (pending && sendInline()) {
                    return;
                }
            } catch (IOException e) {
                failure = e;
                return; // the client is gone
            }
        }
        try {
            if (pending) {
                awaitConnection();
            }
            synchronized (this) {
                send();
            }
        } catch (IOException e) {
            // the client is gone, or never opened the connection: nothing more can reach it
        }
        Socket s = connection.socket();
        if (s != null) {
            try {
                s.shutdownOutput();
            } catch (IOException e) {
                // the client is gone
            }
        }
    }
}
