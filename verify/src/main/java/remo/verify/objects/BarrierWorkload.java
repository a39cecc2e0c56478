package remo.verify.objects;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.Barrier;
import remo.loco.LocoNode;
import remo.loco.lin.HistoryCall;
import remo.loco.spec.BarrierSpec;
import remo.loco.spec.CountingEndpoint;
import remo.nic.Access;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.StepOrder;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link Barrier} under the model checker (loco.md §4.6): one thread per client node (a node has one
 * barrier endpoint), each making {@code ops} barrier calls, odd calls {@code await}, even calls
 * {@code awaitStrong}. Before call {@code k} each thread puts {@code k} into its word of every other
 * node's client region {@code d} (never waited); after it, it loads the words of {@code d} the
 * others put into. Checks: the specification {@link BarrierSpec} on every graph (so ⊆ hb, BAR1,
 * the exactness lemma); in every schedule of the run's class, no {@code k}-th call returns before
 * every participant's {@code k}-th call was invoked (loco.md §4.6 "Java trace checks", read over the
 * whole class with {@link StepOrder}); and consequence C1: a put issued before the barrier is
 * visible after it, so each load returns at least {@code k}.
 */
public final class BarrierWorkload extends ObjectWorkload {
    /** The barrier's name. */
    public static final String NAME = "bar";

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link Barrier#Barrier}). */
        Barrier make(LocoNode here, String name, NodeSet participants);
    }

    private final Factory factory;

    /**
     * The workload of the class itself.
     *
     * @throws IllegalArgumentException unless there is one thread per node, at least two
     */
    public BarrierWorkload(Bounds bounds) {
        this(bounds, Barrier::new);
    }

    /** The workload with instances built by {@code factory} (a planted bug judged as Barrier). */
    public BarrierWorkload(Bounds bounds, Factory factory) {
        super(bounds);
        if (bounds.threads() != bounds.nodes() || bounds.nodes() < 2) {
            throw new IllegalArgumentException("a barrier has one endpoint per participant: threads must equal nodes"
                    + " (at least 2), got " + bounds);
        }
        this.factory = factory;
    }

    @Override
    public String object() {
        return "Barrier";
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet p = participants();
        Map<Integer, Barrier> bar = new TreeMap<>();
        Map<Integer, Region> data = new TreeMap<>();
        for (int n : p) {
            bar.put(n, factory.make(LocoNode.of(c.node(n)), NAME, p));
            data.put(n, c.node(n).register("d", p.size(), EnumSet.of(Access.REMOTE_WRITE)));
        }
        linked(bar).values().forEach(b -> b.recordHistory(run.history()));
        for (int t = 0; t < bounds().threads(); t++) {
            int node = nodeOf(t);
            int me = p.indexOf(node);
            String name = "T" + t;
            Region src = c.node(node).register("src." + t, 1, EnumSet.noneOf(Access.class));
            Barrier b = bar.get(node);
            c.spawn(node, name, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                WorkId wd = ep.newWorkId("d");
                for (long k = 1; k <= bounds().ops(); k++) {
                    ep.store(src, 0, k);
                    for (int j : p.minus(node)) {
                        ep.put(wd, data.get(j), me, src, 0, 1);
                    }
                    if (k % 2 == 1) {
                        run.log().run(ep, NAME, "await", List.of(), () -> b.await(ep));
                    } else {
                        run.log().run(ep, NAME, "awaitStrong", List.of(), () -> b.awaitStrong(ep));
                    }
                    for (int j : p.minus(node)) {
                        long x = ep.load(data.get(node), p.indexOf(j));
                        run.require(x >= k, name + " left barrier call " + k + " and read " + x + " from node " + j
                                + "'s put issued before that call (consequence C1)");
                    }
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        List<Violation> out = new ArrayList<>(returns(run.<Integer>history().calls(), r.order()));
        out.addAll(specification(new BarrierSpec(NAME, participants()), NAME, run, g, x));
        return out;
    }

    /** No {@code k}-th return before any {@code k}-th invocation, in any schedule of the class. */
    private static List<Violation> returns(List<HistoryCall<Integer>> calls, StepOrder order) {
        for (HistoryCall<Integer> ret : calls) {
            for (HistoryCall<Integer> inv : calls) {
                if (ret.op().equals(inv.op()) && !RealTime.invokedBeforeEveryReturn(inv, ret, order)) {
                    return List.of(new Violation(Violation.Kind.SAFETY, "barrier call " + ret.op() + " of " + ret.thread()
                            + " can return before call " + inv.op() + " of " + inv.thread() + " is invoked (a schedule of"
                            + " the run's class has them in that order)"));
                }
            }
        }
        return List.of();
    }
}
