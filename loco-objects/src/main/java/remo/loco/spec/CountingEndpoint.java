package remo.loco.spec;

import java.util.List;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Op;
import remo.nic.PostOptions;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.error.QpErrorException;
import remo.nic.error.RdmaFailureException;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.WorkId;

/**
 * An endpoint decorator that counts the API calls of its thread as the trace recorder numbers them
 * ({@code po}, nic.md §6.1): every call that reaches the scheduler counts one, a {@code bcast} one
 * per target, {@link Op#value()} one (its load is an ordinary read); {@code newWorkId},
 * {@code acknowledge}, {@code resetQp}, {@code close} and calls rejected by validation count none.
 * With it a client records where each library call's body starts and ends ({@link CallLog}), so
 * that a specification can find the call's events in the recorded graph.
 *
 * <p>Objects must be constructed before the run: a lookup that has to wait for a registration is
 * a scheduler call this decorator does not see.
 */
public final class CountingEndpoint implements Endpoint {
    private final Endpoint inner;
    private long calls;

    private CountingEndpoint(Endpoint inner) {
        this.inner = inner;
    }

    /** Wraps {@code ep}; use the wrapper for every call of the thread from its start. */
    public static CountingEndpoint wrap(Endpoint ep) {
        return ep instanceof CountingEndpoint c ? c : new CountingEndpoint(ep);
    }

    /** The number of API calls counted so far (the {@code po} index of the next call). */
    public long calls() {
        return calls;
    }

    /** The wrapped endpoint. */
    public Endpoint inner() {
        return inner;
    }

    private <T> T counted(java.util.function.Supplier<T> call, int count) {
        try {
            T v = call.get();
            calls += count;
            return v;
        } catch (RdmaFailureException e) {
            // the call reached the scheduler and failed there (a flushed op, a crash)
            calls += count;
            throw e;
        }
    }

    private void counted(Runnable call) {
        counted(() -> {
            call.run();
            return null;
        }, 1);
    }

    @Override
    public int node() {
        return inner.node();
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Cluster cluster() {
        return inner.cluster();
    }

    @Override
    public long load(Region r, int off) {
        return counted(() -> inner.load(r, off), 1);
    }

    @Override
    public void store(Region r, int off, long value) {
        counted(() -> inner.store(r, off, value));
    }

    @Override
    public void mfence() {
        counted(inner::mfence);
    }

    @Override
    public long cas(Region r, int off, long expect, long update) {
        return counted(() -> inner.cas(r, off, expect, update), 1);
    }

    @Override
    public long faa(Region r, int off, long delta) {
        return counted(() -> inner.faa(r, off, delta), 1);
    }

    @Override
    public long swap(Region r, int off, long value) {
        return counted(() -> inner.swap(r, off, value), 1);
    }

    @Override
    public WorkId newWorkId(String label) {
        return inner.newWorkId(label);
    }

    @Override
    public Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        return wrapOp(counted(() -> inner.put(d, dst, dstOff, src, srcOff, words), 1));
    }

    /** A put with options (nic.md §4.2) is one call, as a plain put: the inline read shares its {@code po}. */
    @Override
    public Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words, PostOptions options) {
        return wrapOp(counted(() -> inner.put(d, dst, dstOff, src, srcOff, words, options), 1));
    }

    @Override
    public Op get(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        return wrapOp(counted(() -> inner.get(d, dst, dstOff, src, srcOff, words), 1));
    }

    @Override
    public Op rcas(WorkId d, Region result, int resultOff, Region target, int targetOff, long expect, long update) {
        return wrapOp(counted(() -> inner.rcas(d, result, resultOff, target, targetOff, expect, update), 1));
    }

    @Override
    public Op rfaa(WorkId d, Region result, int resultOff, Region target, int targetOff, long delta) {
        return wrapOp(counted(() -> inner.rfaa(d, result, resultOff, target, targetOff, delta), 1));
    }

    @Override
    public void rfence(int n) {
        counted(() -> inner.rfence(n));
    }

    @Override
    public List<Op> bcast(WorkId d, RegionGroup dst, int dstOff, Region src, int srcOff, int words, NodeSet targets) {
        List<Op> ops = counted(() -> inner.bcast(d, dst, dstOff, src, srcOff, words, targets), targets.size());
        return ops.stream().map(this::wrapOp).toList();
    }

    @Override
    public void waitFor(WorkId d) {
        counted(() -> inner.waitFor(d));
    }

    @Override
    public void gf() {
        counted(inner::gf);
    }

    @Override
    public void attemptFailed() {
        inner.attemptFailed();
    }

    @Override
    public List<Op> unwaitedOps(long afterOpId) {
        return inner.unwaitedOps(afterOpId);
    }

    @Override
    public void poll(int n) {
        counted(() -> inner.poll(n));
    }

    @Override
    public void acknowledge(QpErrorException e) {
        inner.acknowledge(e);
    }

    @Override
    public void resetQp(int n) {
        inner.resetQp(n);
    }

    @Override
    public void close() {
        inner.close();
    }

    private Op wrapOp(Op op) {
        return new Op() {
            @Override
            public long id() {
                return op.id();
            }

            @Override
            public OpKind kind() {
                return op.kind();
            }

            @Override
            public int target() {
                return op.target();
            }

            @Override
            public WorkId workId() {
                return op.workId();
            }

            @Override
            public long value() {
                long v = op.value();
                calls++;
                return v;
            }

            @Override
            public OpStatus status() {
                return op.status();
            }
        };
    }

    @Override
    public String toString() {
        return "CountingEndpoint(" + inner + ", " + calls + " calls)";
    }
}
