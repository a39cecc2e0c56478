package remo.verify.objects;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import remo.loco.lin.History;
import remo.loco.spec.CallLog;
import remo.nic.SimCluster;

/**
 * What one run of an {@link ObjectWorkload} records besides its graph (loco.md §2.3, §4.10): the
 * object's calls as abstract events ({@link CallLog}), the history of its calls where the object
 * records one, and the result checks its threads found broken. The set-up of every run starts it
 * afresh. The thread bodies only write it (a body that read what another node's body wrote would
 * share Java state across nodes).
 */
public final class ObjectRun {
    private CallLog log = new CallLog();
    private History<Object> history = History.unsimulated();
    private List<String> wrong = Collections.synchronizedList(new ArrayList<>());

    /** Starts the record of a run on {@code cluster}. */
    void reset(SimCluster cluster) {
        log = new CallLog();
        history = History.of(cluster);
        wrong = Collections.synchronizedList(new ArrayList<>());
    }

    /** The calls of the run's objects, for their specifications. */
    public CallLog log() {
        return log;
    }

    /**
     * The run's history (one object per workload records into it: its operations are of one type).
     *
     * @param <O> the object's operation type ({@code MapOp}, {@code AtomicOp}, the barrier's call number)
     */
    @SuppressWarnings("unchecked")
    public <O> History<O> history() {
        return (History<O>) (History<?>) history;
    }

    /**
     * A result check of a thread body: records {@code message} if {@code ok} is false (the check of
     * the run reports it as a safety violation; the body goes on).
     */
    public void require(boolean ok, String message) {
        if (!ok) {
            wrong.add(message);
        }
    }

    /** The failed result checks, in the order the bodies found them. */
    public List<String> wrong() {
        synchronized (wrong) {
            return List.copyOf(wrong);
        }
    }
}
