package remo.cli.playground;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import remo.core.Interruption;

/**
 * Runs the playground's requests one at a time each, isolated from one another as the
 * {@code remo} server isolates its runs (docs/daemon.md): each request's work runs on its thread
 * bound to a cancellation token of its own ({@link Interruption.Token}), so that stopping it (its
 * time limit, its memory budget, a cancel from the page) stops that request only, and it keeps
 * what it found, marked partial. At most {@link PlaygroundLimits#maxRuns()} requests work at once;
 * the others wait in line up to {@link PlaygroundLimits#queueSeconds()}.
 *
 * <p>A watchdog thread looks at every running request every 20 ms: past its time limit (plus a
 * grace second, for work with no limit check of its own), or past its memory budget (the bytes its
 * thread allocated since it started, {@code com.sun.management.ThreadMXBean}), its token is
 * requested to stop, with the reason the result then shows.
 */
final class RequestRuns implements AutoCloseable {
    /** How often the watchdog looks, milliseconds. */
    private static final long WATCH_MS = 20;

    private final PlaygroundLimits limits;
    private final Semaphore slots;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final Thread watchdog;
    private final com.sun.management.ThreadMXBean threads;
    private volatile boolean closed;
    /** The bytes the calling thread's last request allocated ({@link #lastAllocated}). */
    private final ThreadLocal<long[]> lastAllocated = ThreadLocal.withInitial(() -> new long[1]);

    /** A request at work. */
    private record Running(String id, Thread thread, Interruption.Token token, double timeLimitSec, long deadlineNanos,
                           long startBytes, long budgetBytes) {
    }

    /** Work that a request does on its thread once admitted. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws Exception;
    }

    /** The request waited in line longer than {@link PlaygroundLimits#queueSeconds()}. */
    static final class Busy extends Exception {
        Busy(String message) {
            super(message);
        }
    }

    RequestRuns(PlaygroundLimits limits) {
        this.limits = limits;
        this.slots = new Semaphore(limits.maxRuns(), true);
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        this.threads = bean instanceof com.sun.management.ThreadMXBean t && t.isThreadAllocatedMemorySupported() ? t : null;
        if (threads != null && !threads.isThreadAllocatedMemoryEnabled()) {
            threads.setThreadAllocatedMemoryEnabled(true);
        }
        this.watchdog = new Thread(this::watch, "remo-serve-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /** Whether this JVM measures what a thread allocates (HotSpot does): without it no memory budget is enforced. */
    boolean measuresMemory() {
        return threads != null;
    }

    /**
     * Runs {@code work} on the calling thread once a slot is free, bound to a new token.
     *
     * @param id           the request's id (for {@link #cancel}), unique among the requests at work
     * @param timeLimitSec the request's time limit, seconds
     * @param work         the work
     * @return what the work returns
     * @throws Busy      if no slot was free within the wait allowed
     * @throws Exception what the work throws
     */
    <T> T run(String id, double timeLimitSec, Work<T> work) throws Exception {
        if (!slots.tryAcquire((long) (limits.queueSeconds() * 1000), TimeUnit.MILLISECONDS)) {
            throw new Busy("the playground is busy: " + limits.maxRuns() + " requests at work and this one waited "
                    + remo.checker.CheckOptions.seconds(limits.queueSeconds()) + " s in line; try again");
        }
        Interruption.Token token = new Interruption.Token();
        Thread self = Thread.currentThread();
        long start = System.nanoTime();
        long grace = 1_000_000_000L;
        Running r = new Running(id, self, token, timeLimitSec, start + (long) (timeLimitSec * 1e9) + grace, allocated(self),
                limits.memoryBudgetMiB() << 20);
        if (id != null && running.putIfAbsent(id, r) != null) {
            slots.release();
            throw new IllegalArgumentException("a request with run id '" + id + "' is already at work");
        }
        String key = id != null ? id : "anon-" + System.identityHashCode(r) + "-" + start;
        if (id == null) {
            running.put(key, r);
        }
        Interruption.bind(token);
        try {
            return work.run();
        } finally {
            lastAllocated.get()[0] = allocated(self) - r.startBytes();
            Interruption.bind(null);
            running.remove(key);
            slots.release();
        }
    }

    /**
     * Asks the request with this id to stop (the page's Cancel button): it ends with what it has,
     * marked partial.
     *
     * @return whether such a request was at work
     */
    boolean cancel(String id) {
        Running r = id == null ? null : running.get(id);
        if (r == null) {
            return false;
        }
        r.token().request("cancelled by the user");
        return true;
    }

    /** The bytes the calling thread's last request allocated (0 when not measured), for the answer's headers. */
    long lastAllocated() {
        return lastAllocated.get()[0];
    }

    /** Requests at work now. */
    int atWork() {
        return running.size();
    }

    private long allocated(Thread t) {
        return threads == null ? 0 : threads.getThreadAllocatedBytes(t.getId());
    }

    private void watch() {
        while (!closed) {
            long now = System.nanoTime();
            for (Running r : running.values()) {
                if (r.token().requested()) {
                    continue;
                }
                if (now > r.deadlineNanos()) {
                    r.token().request("the time limit of " + remo.checker.CheckOptions.seconds(r.timeLimitSec()) + " s of this request");
                } else if (threads != null && allocated(r.thread()) - r.startBytes() > r.budgetBytes()) {
                    r.token().request("the memory budget of " + limits.memoryBudgetMiB() + " MiB allocated per request");
                }
            }
            try {
                Thread.sleep(WATCH_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        watchdog.interrupt();
    }
}
