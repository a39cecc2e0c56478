package remo.verify.objects;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.LocoNode;
import remo.loco.OwnedVar;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.OwnedVarSpec;
import remo.nic.Access;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link OwnedVar} under the model checker (loco.md §4.2), used as a flag with the publication
 * idiom: thread {@code T0} on node 1 is the owner; its call {@code k} (from 1) puts {@code k} into
 * the client word {@code d} of every other participant (never waited), calls {@code flush()} and
 * then {@code write(k)}. Every other thread makes {@code ops} reads, each followed by a load of its
 * node's {@code d} (on node 1, where the owner writes no data, the load is left out). Checks: the
 * specification {@link OwnedVarSpec} on every graph (OV1–OV4, so ⊆ hb) and, as a result check,
 * the idiom's guarantee: a reader that sees flag {@code f} sees data {@code >= f} (harness OV-PUB;
 * without the flush it fails, OV-LATE).
 */
public final class OwnedVarWorkload extends ObjectWorkload {
    /** The variable's name. */
    public static final String NAME = "ov";
    private static final int OWNER = 1;

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link OwnedVar#OwnedVar}). */
        OwnedVar make(LocoNode here, String name, NodeSet participants, int owner, long initial);
    }

    private final Factory factory;

    /** The workload of the class itself. */
    public OwnedVarWorkload(Bounds bounds) {
        this(bounds, OwnedVar::new);
    }

    /** The workload with instances built by {@code factory} (a planted bug judged as OwnedVar). */
    public OwnedVarWorkload(Bounds bounds, Factory factory) {
        super(bounds);
        this.factory = factory;
    }

    @Override
    public String object() {
        return "OwnedVar";
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet p = participants();
        Map<Integer, OwnedVar> ov = new TreeMap<>();
        Map<Integer, Region> data = new TreeMap<>();
        for (int n : p) {
            ov.put(n, factory.make(LocoNode.of(c.node(n)), NAME, p, OWNER, 0));
            if (n != OWNER) {
                data.put(n, c.node(n).register("d", 1, EnumSet.of(Access.REMOTE_WRITE)));
            }
        }
        linked(ov);
        Region src = c.node(OWNER).register("src", 1, EnumSet.noneOf(Access.class));
        c.spawn(OWNER, "T0", raw -> {
            CountingEndpoint ep = CountingEndpoint.wrap(raw);
            WorkId wd = ep.newWorkId("d");
            OwnedVar flag = ov.get(OWNER);
            for (long k = 1; k <= bounds().ops(); k++) {
                long v = k;
                ep.store(src, 0, v);
                for (Region d : data.values()) {
                    ep.put(wd, d, 0, src, 0, 1);
                }
                run.log().run(ep, NAME, "flush", List.of(), () -> flag.flush(ep));
                run.log().run(ep, NAME, "write", List.of(v), () -> flag.write(ep, v));
            }
        });
        for (int t = 1; t < bounds().threads(); t++) {
            int node = nodeOf(t);
            String name = "T" + t;
            OwnedVar flag = ov.get(node);
            Region d = data.get(node);
            c.spawn(node, name, raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (int k = 0; k < bounds().ops(); k++) {
                    long f = run.log().call(ep, NAME, "read", List.of(), () -> flag.read(ep));
                    if (d != null) {
                        long got = ep.load(d, 0);
                        run.require(got >= f, name + " read flag " + f + " and then data " + got
                                + " on node " + node + ": the data put before the flag's write is not visible (publication idiom)");
                    }
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        return new ArrayList<>(specification(new OwnedVarSpec(NAME, participants(), OWNER, 0), NAME, run, g, x));
    }
}
