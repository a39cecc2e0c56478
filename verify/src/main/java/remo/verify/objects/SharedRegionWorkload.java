package remo.verify.objects;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.LocoNode;
import remo.loco.SharedRegion;
import remo.nic.Access;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link SharedRegion} under the model checker (loco.md §4.1): a shared region {@code sr} of one word
 * per thread on every client node. Thread {@code t}'s call {@code k} (from 1) stores
 * {@code v = 100(t + 1) + k} into word {@code t} of its node's slab, puts that word into word
 * {@code t} of the next node's slab, waits, gets it back into a private word, waits, and loads it
 * (base facts BF-WAIT: a waited put is visible to a later get on the same queue pair; nobody else
 * writes that word, so the load returns {@code v}), then loads word {@code s} of its own slab for
 * every thread {@code s} that puts there: each such load returns 0 or a value of {@code s}, never
 * smaller than the last one this thread saw of {@code s} (coherence of the puts of one queue pair).
 * The region is the identity abstraction: its specification is the base library, i.e. trace
 * conformance (loco.md §4.1).
 */
public final class SharedRegionWorkload extends ObjectWorkload {
    /** The region's name. */
    public static final String NAME = "sr";

    /** The workload at {@code bounds}. */
    public SharedRegionWorkload(Bounds bounds) {
        super(bounds);
    }

    @Override
    public String object() {
        return "SharedRegion";
    }

    private int next(int node) {
        return node % bounds().nodes() + 1;
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet p = participants();
        Map<Integer, SharedRegion> sr = new TreeMap<>();
        for (int n : p) {
            sr.put(n, new SharedRegion(LocoNode.of(c.node(n)), NAME, p, bounds().threads()));
        }
        linked(sr);
        for (int t = 0; t < bounds().threads(); t++) {
            int thread = t;
            int node = nodeOf(t);
            Region back = c.node(node).register("back." + t, 1, EnumSet.of(Access.LOCAL_WRITE));
            SharedRegion mine = sr.get(node);
            Region local = mine.local();
            Region there = mine.at(next(node));
            c.spawn(node, "T" + t, ep -> {
                WorkId w = ep.newWorkId("w");
                long[] seen = new long[bounds().threads()];
                for (long k = 1; k <= bounds().ops(); k++) {
                    long v = 100L * (thread + 1) + k;
                    ep.store(local, thread, v);
                    ep.put(w, there, thread, local, thread, 1);
                    ep.waitFor(w);
                    ep.get(w, back, 0, there, thread, 1);
                    ep.waitFor(w);
                    long got = ep.load(back, 0);
                    run.require(got == v, "T" + thread + " got " + got + " back from node " + next(node) + " after its waited put of "
                            + v + " (a waited put is visible to a later get, BF-WAIT)");
                    for (int s = 0; s < bounds().threads(); s++) {
                        if (s != thread && next(nodeOf(s)) == node) {
                            long x = ep.load(local, s);
                            run.require(x == 0 || x / 100 == s + 1 && x >= seen[s], "T" + thread + " read " + x + " in word " + s
                                    + " after " + seen[s] + ": not a value of T" + s + " in the order it put them");
                            seen[s] = Math.max(seen[s], x);
                        }
                    }
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        return List.of();
    }
}
