package remo.nic.det;

import java.util.ArrayDeque;
import java.util.List;

import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.Call;
import remo.nic.Capability;
import remo.nic.Op;
import remo.nic.PostOptions;
import remo.nic.Region;
import remo.nic.WorkId;
import remo.nic.error.NotWaitedException;
import remo.nic.error.QpErrorException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.EndpointBase;

/**
 * The endpoint of a deterministic-mode thread: each call is validated in the calling thread, then
 * handed to the scheduler as the thread's pending call (baton passing, nic.md §5.1); the thread
 * resumes when the scheduler has executed it.
 */
final class DetEndpoint extends EndpointBase {
    private final DetEngine engine;
    private final DetThread thread;

    DetEndpoint(DetEngine engine, ClusterCore core, DetThread thread) {
        super(core, thread.name, thread.node, thread.index);
        this.engine = engine;
        this.thread = thread;
    }

    @Override
    public void onNewWorkId(WorkId d) {
        thread.opsByWorkId.add(new java.util.ArrayList<>());
        thread.waitFrom.add(0);
    }

    private long submit(String op, Call c) {
        enter(op);
        validate(c);
        place(c);
        return engine.submit(thread, c);
    }

    /** Tells the spin log about call {@code c}, placed in the body's code when the log wants it. */
    private void place(Call c) {
        if (thread.spin != null) {
            if (thread.spin.wantsPosition()) {
                Object[] at = SpinLog.position();
                thread.spin.submitted(c, (Long) at[0], (String) at[1]);
            } else {
                thread.spin.submittedUnplaced(c);
            }
        }
    }

    @Override
    public long load(Region r, int off) {
        return submit("load", new Call.Load(r, off));
    }

    @Override
    public void store(Region r, int off, long value) {
        submit("store", new Call.Store(r, off, value));
    }

    @Override
    public void mfence() {
        submit("mfence", new Call.MFence());
    }

    @Override
    public long cas(Region r, int off, long expect, long update) {
        return submit("cas", new Call.Cas(r, off, expect, update));
    }

    @Override
    public long faa(Region r, int off, long delta) {
        return submit("faa", new Call.Faa(r, off, delta));
    }

    @Override
    public long swap(Region r, int off, long value) {
        return submit("swap", new Call.Swap(r, off, value));
    }

    @Override
    public Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        submit("put", new Call.Put(d, dst, dstOff, src, srcOff, words));
        return thread.resultOp;
    }

    @Override
    public Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words, PostOptions options) {
        submit("put", new Call.Put(d, dst, dstOff, src, srcOff, words, options.isInline(), options.isUnsignaled()));
        return thread.resultOp;
    }

    @Override
    public Op get(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        submit("get", new Call.Get(d, dst, dstOff, src, srcOff, words));
        return thread.resultOp;
    }

    @Override
    public Op rcas(WorkId d, Region result, int resultOff, Region target, int targetOff, long expect, long update) {
        submit("rcas", new Call.RCas(d, result, resultOff, target, targetOff, expect, update));
        return thread.resultOp;
    }

    @Override
    public Op rfaa(WorkId d, Region result, int resultOff, Region target, int targetOff, long delta) {
        submit("rfaa", new Call.RFaa(d, result, resultOff, target, targetOff, delta));
        return thread.resultOp;
    }

    @Override
    public void rfence(int n) {
        submit("rfence", new Call.RFence(n));
    }

    @Override
    public void waitFor(WorkId d) {
        submit("waitFor", new Call.WaitFor(d));
    }

    @Override
    public void gf() {
        submit("gf", new Call.Gf());
    }

    @Override
    public void attemptFailed() {
        enter("attemptFailed");
        if (thread.spin != null) {
            thread.spin.attemptFailed();
        }
    }

    @Override
    public List<Op> unwaitedOps(long afterOpId) {
        enter("unwaitedOps");
        ArrayDeque<Op> out = new ArrayDeque<>();
        // the thread's own state: only its own calls change it, and none is running now
        for (int i = thread.ops.size() - 1; i >= thread.gfFrom && thread.ops.get(i).id() > afterOpId; i--) {
            DetOp o = thread.ops.get(i);
            if (!o.waited) {
                out.addFirst(o);
            }
        }
        return List.copyOf(out);
    }

    @Override
    public void poll(int n) {
        submit("poll", new Call.Poll(n));
    }

    /** {@link Op#value()}: a recorded load of the op's result word, after a covering wait. */
    long opValue(DetOp op) {
        enter("Op.value");
        if (op.kind() == OpKind.PUT || (op.kind() == OpKind.GET && op.words() != 1)) {
            throw rejected(new UnsupportedOperationException(who("Op.value") + ": " + op
                    + " has no value (defined for RCAS, RFAA and one-word GET)"));
        }
        if (op.status() == OpStatus.FLUSHED) {
            throw new QpErrorException(who("Op.value") + ": the op was flushed", java.util.List.of(op.failure()));
        }
        if (!op.waited) {
            throw rejected(new NotWaitedException(who("Op.value") + ": no waitFor/gf covering " + op + " has returned yet"));
        }
        Call c = new Call.OpValue(op);
        place(c);
        return engine.submit(thread, c);
    }

    @Override
    public void acknowledge(QpErrorException e) {
        enter("acknowledge");
        engine.acknowledge(thread, e);
    }

    @Override
    public void resetQp(int n) {
        enter("resetQp");
        checkNode("resetQp", n);
        engine.resetQp(thread, n);
    }

    @Override
    public Region awaitRegistration(int n, String regionName, Capability cap, boolean internal) {
        enter("lookup");
        engine.submit(thread, new Call.Lookup(n, regionName, cap, internal));
        return thread.resultRegion;
    }
}
