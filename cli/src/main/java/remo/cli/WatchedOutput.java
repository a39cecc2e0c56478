package remo.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Standard output that remembers why writing failed (a full disk, a closed pipe): a
 * {@link PrintStream} only records that it failed, and {@link Main} must say why, once, on
 * standard error ({@code error[E-IO]: cannot write standard output: no space left on device}).
 * After the first failure further output is dropped, so the error is reported once.
 */
final class WatchedOutput extends FilterOutputStream {
    private static volatile String lastFailure;
    private IOException failure;

    WatchedOutput(OutputStream out) {
        super(out);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            fail(e);
            throw e;
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (failure != null) {
            throw failure;
        }
        try {
            out.flush();
        } catch (IOException e) {
            fail(e);
            throw e;
        }
    }

    private void fail(IOException e) {
        failure = e;
        lastFailure = words(e);
    }

    private static String words(IOException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.replaceFirst(" \\(.*\\)$", "").toLowerCase(java.util.Locale.ROOT);
    }

    /** Why this stream failed, in words, or null if it has not (a server's run asks its own stream). */
    synchronized String failureWords() {
        return failure == null ? null : words(failure);
    }

    /** Why {@code stream} failed, in words ("no space left on device"), or a generic reason. */
    static String failure(PrintStream stream) {
        String f = lastFailure;
        return f == null ? "write error" : f;
    }

    /** Forgets a failure (for tests that run several commands in one process). */
    static void reset() {
        lastFailure = null;
    }
}
