package remo.verify.objects;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.AtomicVar;
import remo.loco.LocoNode;
import remo.loco.lin.AtomicOp;
import remo.loco.lin.AtomicSpec;
import remo.loco.lin.HistoryCall;
import remo.loco.spec.AtomicVarSpec;
import remo.loco.spec.CountingEndpoint;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link AtomicVar} under the model checker (loco.md §4.3): one variable {@code av} homed on the
 * last client node (its threads reach it by loopback, the others remotely), initial value 0. HistoryCall
 * {@code k} of thread {@code t} is, by {@code (t + k) mod 3}: {@code fetchAdd(t + 1)},
 * {@code compareAndSwap(seen, 1000(t + 1) + k)} from the last value the thread saw, or
 * {@code load()} (so 2 threads × 2 calls make a fetchAdd, two CASs and a load, and 3 threads × 1
 * call one of each). Each execution is checked for linearizability against {@link AtomicSpec} in
 * every real-time order of its class, with the final value read after every call (AV3), and
 * against {@link AtomicVarSpec} on its graph (AV1, AV2, so ⊆ hb).
 */
public final class AtomicVarWorkload extends ObjectWorkload {
    /** The variable's name. */
    public static final String NAME = "av";

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link AtomicVar#AtomicVar}). */
        AtomicVar make(LocoNode here, String name, NodeSet participants, int home, long initial);
    }

    private final Factory factory;

    /** The workload of the class itself. */
    public AtomicVarWorkload(Bounds bounds) {
        this(bounds, AtomicVar::new);
    }

    /** The workload with instances built by {@code factory} (a planted bug judged as AtomicVar). */
    public AtomicVarWorkload(Bounds bounds, Factory factory) {
        super(bounds);
        this.factory = factory;
    }

    @Override
    public String object() {
        return "AtomicVar";
    }

    private int home() {
        return bounds().nodes();
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet p = participants();
        Map<Integer, AtomicVar> av = new TreeMap<>();
        for (int n : p) {
            av.put(n, factory.make(LocoNode.of(c.node(n)), NAME, p, home(), 0));
        }
        linked(av).values().forEach(x -> x.recordHistory(run.history()));
        for (int t = 0; t < bounds().threads(); t++) {
            int thread = t;
            AtomicVar x = av.get(nodeOf(t));
            c.spawn(nodeOf(t), "T" + t, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                long seen = 0;
                for (int k = 0; k < bounds().ops(); k++) {
                    switch ((thread + k) % 3) {
                        case 0: {
                            long d = thread + 1;
                            seen = run.log().call(ep, NAME, "fetchAdd", List.of(d), () -> x.fetchAdd(ep, d)) + d;
                            break;
                        }
                        case 1: {
                            long e = seen;
                            long u = 1000L * (thread + 1) + k;
                            long old = run.log().call(ep, NAME, "compareAndSwap", List.of(e, u), () -> x.compareAndSwap(ep, e, u));
                            seen = old == e ? u : old;
                            break;
                        }
                        default:
                            seen = run.log().call(ep, NAME, "load", List.of(), () -> x.load(ep));
                    }
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        List<HistoryCall<AtomicOp>> calls = run.<AtomicOp>history().calls();
        AtomicOp last = new AtomicOp(NAME, AtomicOp.Kind.LOAD, 0, 0, r.cluster().peek(home(), NAME + "/x", 0));
        List<Violation> out = new ArrayList<>(RealTime.linearizable(calls, new AtomicSpec(0), last, r.order(),
                AtomicOp::toString, op -> Long.toString(op.result())));
        out.addAll(specification(new AtomicVarSpec(NAME, home(), 0), NAME, run, g, x));
        return out;
    }
}
