package remo.verify.objects;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.KvFullException;
import remo.loco.KvStore;
import remo.loco.LocoNode;
import remo.loco.lin.HistoryCall;
import remo.loco.lin.MapOp;
import remo.loco.lin.MapSpec;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.KvStoreSpec;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link KvStore} under the model checker (loco.md §4.9, §4.10): a store over the client nodes with
 * one bucket per node of one entry ({@code B = E = 1}) and values of {@code V} words ({@code V = 1}
 * by default: the entry put still writes two words, key and value, whose arrival in either order
 * a reader without the seqlock sees), every call on one key homed on the last node (one bucket,
 * whose lock and version every writer contends for). HistoryCall {@code k} of thread {@code t} is
 * {@code put(key, [v, …, v])} with {@code v = 10(t + 1) + k + 1} unique when {@code t + k} is even,
 * else {@code get(key)}; a third call is {@code remove(key)} (2 threads × 2 calls make two puts
 * and two gets, 3 threads × 1 call two puts and a get). Each execution is checked for
 * linearizability against {@link MapSpec} in every real-time order of its class, with the final
 * entry read after every call, for torn reads, and against {@link KvStoreSpec} on its graph (V2–V4,
 * the seqlock's equal even versions).
 */
public final class KvStoreWorkload extends ObjectWorkload {
    /** The store's name. */
    public static final String NAME = "kv";

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link KvStore#KvStore(LocoNode, String, NodeSet, int, int, int)}). */
        KvStore make(LocoNode here, String name, NodeSet participants, int buckets, int entries, int valueWords);
    }

    private final Factory factory;
    private final int valueWords;
    private final List<String> plan;

    /** The workload of the class itself, one-word values, the default plan. */
    public KvStoreWorkload(Bounds bounds) {
        this(bounds, KvStore::new, 1, plan(bounds));
    }

    /**
     * The workload with instances built by {@code factory} (a planted bug judged as KvStore).
     *
     * @param valueWords {@code V}, at least 1
     * @param plan       per thread, its calls: {@code P} put, {@code G} get, {@code R} remove (one
     *                   string of {@code ops} letters per thread)
     * @throws IllegalArgumentException if the plan does not fit the bounds
     */
    public KvStoreWorkload(Bounds bounds, Factory factory, int valueWords, List<String> plan) {
        super(bounds);
        if (valueWords < 1) {
            throw new IllegalArgumentException("a value has at least one word, got " + valueWords);
        }
        if (plan.size() != bounds.threads() || plan.stream().anyMatch(s -> s.length() != bounds.ops()
                || !s.matches("[PGR]*"))) {
            throw new IllegalArgumentException("the plan " + plan + " does not give " + bounds.ops()
                    + " calls of P, G, R to each of " + bounds.threads() + " threads");
        }
        this.factory = factory;
        this.valueWords = valueWords;
        this.plan = List.copyOf(plan);
    }

    /** The default plan: call {@code k} of thread {@code t} a put if {@code t + k} is even, else a get; a third call a remove. */
    public static List<String> plan(Bounds bounds) {
        List<String> out = new ArrayList<>();
        for (int t = 0; t < bounds.threads(); t++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < bounds.ops(); k++) {
                sb.append(k == 2 ? 'R' : (t + k) % 2 == 0 ? 'P' : 'G');
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Override
    public String object() {
        return "KvStore";
    }

    @Override
    public String describe() {
        return super.describe() + " " + String.join(",", plan) + (valueWords == 1 ? "" : ", " + valueWords + "-word values");
    }

    /** The first key whose home is the last client node. */
    private static long key(KvStore s, int home) {
        for (long k = 0; ; k++) {
            if (s.home(k) == home) {
                return k;
            }
        }
    }

    private long[] value(long v) {
        long[] w = new long[valueWords];
        Arrays.fill(w, v);
        return w;
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet p = participants();
        Map<Integer, KvStore> kv = new TreeMap<>();
        for (int n : p) {
            kv.put(n, factory.make(LocoNode.of(c.node(n)), NAME, p, 1, 1, valueWords));
        }
        linked(kv).values().forEach(s -> s.recordHistory(run.history()));
        long key = key(kv.get(1), bounds().nodes());
        for (int t = 0; t < bounds().threads(); t++) {
            int thread = t;
            KvStore s = kv.get(nodeOf(t));
            c.spawn(nodeOf(t), "T" + t, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (int k = 0; k < bounds().ops(); k++) {
                    char call = plan.get(thread).charAt(k);
                    if (call == 'R') {
                        run.log().call(ep, NAME, "remove", List.of(key), () -> s.remove(ep, key));
                    } else if (call == 'P') {
                        long[] v = value(10L * (thread + 1) + k + 1);
                        List<Long> args = new ArrayList<>(List.of(key));
                        Arrays.stream(v).forEach(args::add);
                        run.log().call(ep, NAME, "put", args, () -> full(() -> s.put(ep, key, v)));
                    } else {
                        run.log().call(ep, NAME, "get", List.of(key), () -> s.get(ep, key));
                    }
                }
            });
        }
    }

    /** Runs a put: whether it threw {@link KvFullException} (the call log's result of a put). */
    private static boolean full(Runnable put) {
        try {
            put.run();
            return false;
        } catch (KvFullException e) {
            return true;
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        List<HistoryCall<MapOp>> calls = run.<MapOp>history().calls();
        List<Violation> out = new ArrayList<>();
        for (HistoryCall<MapOp> c : calls) {
            if (c.op().torn()) {
                out.add(new Violation(Violation.Kind.LINEARIZABILITY, "torn read: " + c.thread() + " " + c.op()));
            }
        }
        int home = bounds().nodes();
        long key = calls.get(0).op().key();
        // B = E = 1: the bucket's words are lock, version, key, value
        long[] entry = null;
        if (r.cluster().peek(home, NAME + "/tab", 2) == key) {
            entry = new long[valueWords];
            for (int w = 0; w < valueWords; w++) {
                entry[w] = r.cluster().peek(home, NAME + "/tab", 3 + w);
            }
        }
        out.addAll(RealTime.linearizable(calls, new MapSpec(), MapOp.get(key, entry), r.order(), MapOp::call,
                MapOp::outcome));
        KvStoreSpec spec = new KvStoreSpec(NAME, k -> home, k -> 1);
        out.addAll(specification(spec, NAME, run, g, x));
        return out;
    }
}
