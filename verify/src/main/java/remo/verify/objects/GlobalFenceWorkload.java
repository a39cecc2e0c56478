package remo.verify.objects;

import java.util.EnumSet;
import java.util.List;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.GlobalFence;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.GlobalFenceSpec;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link GlobalFence} under the model checker (loco.md §4.4). Thread {@code t}'s call {@code k}
 * (from 1) stores {@code k} into a private word, puts it into its word {@code D_t} on the next node
 * and gets {@code D_t} back into another private word, neither waited, then calls
 * {@code GlobalFence.fence} and loads the fetched word: the fence completed the get, which read
 * after the put of the same queue pair landed, so the load returns {@code k} (with {@code mfence}
 * alone it may still hold the last call's value). Checks: that result, and the specification
 * {@link GlobalFenceSpec} on every graph (every event of the thread before a fence is hb-before
 * every event after it).
 */
public final class GlobalFenceWorkload extends ObjectWorkload {
    /** The name the fence calls are logged under. */
    public static final String NAME = "fence";

    /** The fence the threads call: {@link GlobalFence#fence}, or a planted bug. */
    @FunctionalInterface
    public interface Fence {
        /** Fences {@code ep}'s thread. */
        void fence(Endpoint ep);
    }

    private final Fence fence;

    /** The workload of {@link GlobalFence#fence}. */
    public GlobalFenceWorkload(Bounds bounds) {
        this(bounds, GlobalFence::fence);
    }

    /** The workload of another fence (a planted bug judged as GlobalFence). */
    public GlobalFenceWorkload(Bounds bounds, Fence fence) {
        super(bounds);
        this.fence = fence;
    }

    @Override
    public String object() {
        return "GlobalFence";
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        for (int t = 0; t < bounds().threads(); t++) {
            int thread = t;
            int node = nodeOf(t);
            Region src = c.node(node).register("src." + t, 1, EnumSet.noneOf(Access.class));
            Region got = c.node(node).register("got." + t, 1, EnumSet.of(Access.LOCAL_WRITE));
            Region d = c.node(node % bounds().nodes() + 1).register("D." + t, 1,
                    EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
            c.spawn(node, "T" + t, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                WorkId w = ep.newWorkId("w");
                for (long k = 1; k <= bounds().ops(); k++) {
                    ep.store(src, 0, k);
                    ep.put(w, d, 0, src, 0, 1);
                    ep.get(w, got, 0, d, 0, 1);
                    run.log().run(ep, NAME, "fence", List.of(), () -> fence.fence(ep));
                    long x = ep.load(got, 0);
                    run.require(x == k, "T" + thread + " loaded " + x + " after its fence, not the " + k
                            + " its get (posted before the fence) read");
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        return specification(new GlobalFenceSpec(NAME), NAME, run, g, x);
    }
}
