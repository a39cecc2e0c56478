package remo.nic;

/** The code of a simulated thread (nic.md §3). All its memory accesses go through {@code ep}. */
@FunctionalInterface
public interface ThreadBody {
    /**
     * Runs the thread.
     *
     * @param ep the thread's endpoint, confined to this thread; closed when the body returns or throws
     * @throws Exception anything; recorded in {@link RunResult#threadFailures()}
     */
    void run(Endpoint ep) throws Exception;
}
