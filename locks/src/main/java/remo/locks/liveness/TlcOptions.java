package remo.locks.liveness;

import java.time.Duration;
import java.util.Objects;

/**
 * How to run TLC.
 *
 * @param workers     TLC worker threads; with {@code distributed}, the number of local worker JVMs
 *                    (0: the server waits for workers started elsewhere)
 * @param timeout     wall-clock limit for all TLC runs of one configuration; {@link Duration#ZERO}
 *                    for none
 * @param heapMb      maximum heap of each child JVM (MiB)
 * @param distributed run TLC's distributed mode (TLCServer and TLCWorkers; safety properties only)
 * @param rmiHost     distributed mode: the address the server announces to workers
 * @param port        distributed mode: the server's RMI port; 0 = any free port
 * @param listener    progress
 */
public record TlcOptions(int workers, Duration timeout, int heapMb, boolean distributed, String rmiHost, int port,
                         TlcListener listener) {

    /** Default heap of a child JVM (MiB): the models of locks.md §8.5 need far less. */
    public static final int DEFAULT_HEAP_MB = 2048;

    public TlcOptions {
        Objects.requireNonNull(timeout);
        Objects.requireNonNull(rmiHost);
        Objects.requireNonNull(listener);
        if (workers < (distributed ? 0 : 1)) {
            throw new IllegalArgumentException("workers must be at least " + (distributed ? 0 : 1) + ": " + workers);
        }
        if (heapMb < 16) {
            throw new IllegalArgumentException("heap must be at least 16 MiB: " + heapMb);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** One worker, no time limit, default heap, local mode, no progress. */
    public static TlcOptions defaults() {
        return new TlcOptions(1, Duration.ZERO, DEFAULT_HEAP_MB, false, "127.0.0.1", 0, TlcListener.NONE);
    }

    /** These options with {@code n} workers. */
    public TlcOptions withWorkers(int n) {
        return new TlcOptions(n, timeout, heapMb, distributed, rmiHost, port, listener);
    }

    /** These options with a time limit per configuration. */
    public TlcOptions withTimeout(Duration limit) {
        return new TlcOptions(workers, limit, heapMb, distributed, rmiHost, port, listener);
    }

    /** These options with another child heap (MiB). */
    public TlcOptions withHeapMb(int mb) {
        return new TlcOptions(workers, timeout, mb, distributed, rmiHost, port, listener);
    }

    /** These options in distributed mode (server on {@code port}, announced as {@code host}). */
    public TlcOptions withDistributed(String host, int serverPort) {
        return new TlcOptions(workers, timeout, heapMb, true, host, serverPort, listener);
    }

    /** These options with a progress listener. */
    public TlcOptions withListener(TlcListener l) {
        return new TlcOptions(workers, timeout, heapMb, distributed, rmiHost, port, l);
    }
}
