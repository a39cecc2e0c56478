package remo.nic.det;

import remo.nic.Call;
import remo.nic.ThreadScript;
import remo.nic.error.NodeCrashedException;
import remo.nic.fabric.ClusterCore;

/**
 * The driver of the script threads ({@link ThreadScript}) in the deterministic engine: a script
 * has no Java thread of its own; it is stepped directly on the thread that runs the scheduler's step
 * (a call of it costs no thread switch). Starting it takes its first call; after each of its CPU
 * steps it is handed the result and yields its next call, validated as an endpoint's would be.
 */
final class DetScripts {
    private final ClusterCore core;

    DetScripts(ClusterCore core) {
        this.core = core;
    }

    /** Starts script thread {@code t} on the calling thread and takes its first call (or its end). */
    void start(DetThread t) {
        t.endpoint.owner = Thread.currentThread();
        try {
            t.script.start(t.endpoint);
        } catch (Throwable ex) {
            t.failure = ex;
            finish(t);
            return;
        }
        t.resultValue = 0;
        advance(t);
    }

    /**
     * After CPU(t) (or the start): gives the script its last result and takes its next call, which
     * becomes {@code t}'s pending call; a failure, the script's end or a crashed node ends it.
     */
    void advance(DetThread t) {
        if (t.resultError != null) {
            t.failure = t.resultError;
            t.resultError = null;
            finish(t);
            return;
        }
        Call c;
        try {
            c = t.script.next(t.resultValue);
            if (c != null) {
                if (core.crashed(t.node)) {
                    throw new NodeCrashedException(t.endpoint.who("script") + ": node " + t.node + " crashed");
                }
                t.endpoint.validate(c);
            }
        } catch (Throwable ex) {
            t.failure = ex;
            finish(t);
            return;
        }
        if (c == null) {
            finish(t);
            return;
        }
        t.pending = c;
        t.pendingPo = t.calls++;
    }

    /** Ends script thread {@code t}: no call pending, its endpoint closed. */
    static void finish(DetThread t) {
        t.pending = null;
        t.finished = true;
        t.endpoint.closeInternal();
    }
}
