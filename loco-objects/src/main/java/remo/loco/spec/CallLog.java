package remo.loco.spec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The library calls of a run as abstract events (loco.md §2.3), each with the range of its body's
 * API calls; a specification matches them with the recorded graph. Thread-safe.
 */
public final class CallLog {
    private final AtomicLong ids = new AtomicLong();
    private final ConcurrentLinkedQueue<ObjectCall> calls = new ConcurrentLinkedQueue<>();

    /**
     * Runs {@code body} (one library call through {@code ep}) and logs it with what it returned.
     *
     * @return the body's result
     */
    public <T> T call(CountingEndpoint ep, String object, String method, List<Long> args, Supplier<T> body) {
        long from = ep.calls();
        T result = body.get();
        Object logged = result instanceof long[] a ? a.clone() : result;
        calls.add(new ObjectCall(ids.getAndIncrement(), object, method, ep.name(), ep.node(), from, ep.calls() - 1, args,
                logged));
        return result;
    }

    /** As {@link #call(CountingEndpoint, String, String, List, Supplier)} for a method without result. */
    public void run(CountingEndpoint ep, String object, String method, List<Long> args, Runnable body) {
        call(ep, object, method, args, () -> {
            body.run();
            return null;
        });
    }

    /** The calls of {@code object}, per thread in program order, threads in name order. */
    public List<ObjectCall> of(String object) {
        List<ObjectCall> out = new ArrayList<>();
        for (ObjectCall c : calls) {
            if (c.object().equals(object)) {
                out.add(c);
            }
        }
        out.sort(Comparator.comparing(ObjectCall::thread).thenComparingLong(ObjectCall::firstPo));
        return out;
    }
}
