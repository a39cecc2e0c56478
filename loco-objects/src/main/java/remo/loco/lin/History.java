package remo.loco.lin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.SimCluster;

/**
 * A thread-safe recorder of calls (loco.md §4.10): an object takes a stamp with {@link #invoke()}
 * before a call's first memory action and hands the completed operation to {@link #respond} after
 * its last (or to {@link #pending} when the call failed).
 *
 * <p>Stamps come from one global {@link AtomicLong}, incremented at every invocation and response.
 * In concurrent mode that is the clock of loco.md §4.10. In deterministic mode loco.md §4.10 asks for the
 * scheduler's global step counter, and each call also records it ({@link HistoryCall#invokeStep()}); but
 * Java code between two API calls runs inside one scheduler transition, so two calls of one thread
 * can end and begin within the same step, and ordering by the step alone would make them
 * concurrent. Only one simulated thread runs at a time, so the global counter orders stamps
 * exactly as the steps do and breaks ties within a step in execution order.
 *
 * @param <O> the operation type (arguments and outcome)
 */
public final class History<O> {
    private final AtomicLong clock = new AtomicLong();
    private final AtomicLong ids = new AtomicLong();
    private final ConcurrentLinkedQueue<HistoryCall<O>> calls = new ConcurrentLinkedQueue<>();
    private final SimCluster deterministic;

    private History(SimCluster deterministic) {
        this.deterministic = deterministic;
    }

    /** A history for calls on {@code cluster}; in deterministic mode it also records scheduler steps. */
    public static <O> History<O> of(Cluster cluster) {
        return new History<>(cluster instanceof SimCluster s && s.deterministic() ? s : null);
    }

    /** A history without scheduler steps (for calls of any Java object, outside a simulated cluster). */
    public static <O> History<O> unsimulated() {
        return new History<>(null);
    }

    /** The invocation of a call in progress. */
    public record Invocation(long stamp, long step) {
    }

    /** Takes the invocation stamp of a call; call before its first memory action. */
    public Invocation invoke() {
        long step = step();
        return new Invocation(clock.incrementAndGet(), step);
    }

    /** Records a call that returned normally, with its outcome in {@code op}; call after its last memory action. */
    public void respond(Endpoint ep, Invocation inv, O op) {
        long s = clock.incrementAndGet();
        calls.add(new HistoryCall<>(ids.getAndIncrement(), ep.name(), ep.node(), op, inv.stamp(), s, inv.step(), step()));
    }

    /** Records a call that did not return normally: it may or may not have taken effect. */
    public void pending(Endpoint ep, Invocation inv, O op) {
        calls.add(new HistoryCall<>(ids.getAndIncrement(), ep.name(), ep.node(), op, inv.stamp(), Long.MAX_VALUE, inv.step(), -1));
    }

    /** Adds an already stamped call (for histories built by hand or by another recorder). */
    public void add(String thread, int node, O op, long invoke, long response) {
        calls.add(new HistoryCall<>(ids.getAndIncrement(), thread, node, op, invoke, response, -1, -1));
    }

    /** The calls recorded so far, in invocation order. */
    public List<HistoryCall<O>> calls() {
        List<HistoryCall<O>> out = new ArrayList<>(calls);
        out.sort(Comparator.comparingLong(HistoryCall::invoke));
        return out;
    }

    private long step() {
        return deterministic == null ? -1 : deterministic.metrics().snapshot().cluster().get("schedulerSteps");
    }
}
