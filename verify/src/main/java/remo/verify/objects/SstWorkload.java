package remo.verify.objects;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.LocoNode;
import remo.loco.Sst;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.SstSpec;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link Sst} under the model checker (loco.md §4.5): a table {@code sst} of two fields per row over
 * the client nodes, field 0 data and field 1 a flag published with the idiom of loco.md §4.2. The
 * first thread of each node owns its node's row; its call {@code k} (from 1) is
 * {@code set(0, 100 + k); push(); flush(); set(1, k); pushField(1)}, followed by a read of the flag
 * and then the data of every other row. A thread that does not own a row (more threads than nodes)
 * only reads. Checks: the specification {@link SstSpec} on every graph (SST1–SST4, so ⊆ hb) and
 * the idiom's guarantee: a reader that sees flag {@code f} of a row sees its data {@code >= 100 + f}
 * (harness SST-PUB; without the flush it fails, SST-NOPUB).
 */
public final class SstWorkload extends ObjectWorkload {
    /** The table's name. */
    public static final String NAME = "sst";

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link Sst#Sst}). */
        Sst make(LocoNode here, String name, NodeSet participants, int fields);
    }

    private final Factory factory;

    /** The workload of the class itself. */
    public SstWorkload(Bounds bounds) {
        this(bounds, Sst::new);
    }

    /** The workload with instances built by {@code factory} (a planted bug judged as Sst). */
    public SstWorkload(Bounds bounds, Factory factory) {
        super(bounds);
        this.factory = factory;
    }

    @Override
    public String object() {
        return "Sst";
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet p = participants();
        Map<Integer, Sst> sst = new TreeMap<>();
        for (int n : p) {
            sst.put(n, factory.make(LocoNode.of(c.node(n)), NAME, p, 2));
        }
        linked(sst);
        for (int t = 0; t < bounds().threads(); t++) {
            int node = nodeOf(t);
            boolean owner = t < bounds().nodes();
            String name = "T" + t;
            Sst s = sst.get(node);
            c.spawn(node, name, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (long k = 1; k <= bounds().ops(); k++) {
                    if (owner) {
                        long data = 100 + k;
                        long flag = k;
                        run.log().run(ep, NAME, "set", List.of(0L, data), () -> s.set(ep, 0, data));
                        run.log().run(ep, NAME, "push", List.of(), () -> s.push(ep));
                        run.log().run(ep, NAME, "flush", List.of(), () -> s.flush(ep));
                        run.log().run(ep, NAME, "set", List.of(1L, flag), () -> s.set(ep, 1, flag));
                        run.log().run(ep, NAME, "pushField", List.of(1L), () -> s.pushField(ep, 1));
                    }
                    for (int i : p.minus(node)) {
                        long f = run.log().call(ep, NAME, "get", List.of((long) i, 1L), () -> s.get(ep, i, 1));
                        long d = run.log().call(ep, NAME, "get", List.of((long) i, 0L), () -> s.get(ep, i, 0));
                        run.require(f == 0 || d >= 100 + f, name + " read flag " + f + " of row " + i + " and then data " + d
                                + ": the data pushed before the flag is not visible (publication idiom)");
                    }
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        return specification(new SstSpec(NAME, participants(), 2), NAME, run, g, x);
    }
}
