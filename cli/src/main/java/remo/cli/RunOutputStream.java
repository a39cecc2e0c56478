package remo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A served run's standard output or error on its connection ({@link RemoServer}): bytes are
 * gathered and sent every {@link #FLUSH_MS} (by {@link RunOutputFlusher}, or when a flush finds them
 * that old, or the buffer full), so that a batch's thousands of short lines are not thousands of
 * socket writes. A failure to send is the stream's from then on, as a failed write to a file
 * descriptor is.
 */
final class RunOutputStream extends OutputStream {
    /** How often buffered output is sent (milliseconds). */
    static final long FLUSH_MS = 20;

    private final OutputStream socket;
    private final byte[] buffer = new byte[1 << 16];
    private int length;
    private long oldest;
    private IOException failure;

    /** A stream sending to {@code socket}, the output stream of a run's output connection. */
    RunOutputStream(OutputStream socket) {
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

    /** Sends the rest and ends the stream: the output half of {@code s}, its connection, is shut down. */
    synchronized void finish(Socket s) {
        tick();
        try {
            s.shutdownOutput();
        } catch (IOException e) {
            // the client is gone
        }
    }
}
