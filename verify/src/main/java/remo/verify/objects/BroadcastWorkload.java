package remo.verify.objects;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.Broadcast;
import remo.loco.LocoNode;
import remo.loco.spec.BroadcastSpec;
import remo.loco.spec.CountingEndpoint;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link Broadcast} under the model checker (loco.md §4.8): {@code T0} on node 1 sends, and every
 * other client node's single thread receives (a channel has one sender endpoint and one receiver
 * endpoint per receiving node, so the threads are the nodes). The sender sends {@code ops}
 * one-word messages {@code [n]} (from 1), odd ones with {@code send}, even ones by retrying
 * {@code trySend} until it succeeds; rings of capacity 1, so that every message after the first
 * waits for the credits of all receivers. Checks: the specification {@link BroadcastSpec} on
 * every graph (so ⊆ hb; per receiver, the {@code n}-th receive returns the {@code n}-th message)
 * and that result as the receivers see it.
 */
public final class BroadcastWorkload extends ObjectWorkload {
    /** The channel's name. */
    public static final String NAME = "bc";

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link Broadcast#Broadcast}). */
        Broadcast make(LocoNode here, String name, int sender, NodeSet receivers, int capacity, int msgWords);
    }

    private final Factory factory;

    /**
     * The workload of the class itself.
     *
     * @throws IllegalArgumentException unless there is one thread per node, at least two
     */
    public BroadcastWorkload(Bounds bounds) {
        this(bounds, Broadcast::new);
    }

    /** The workload with instances built by {@code factory} (a planted bug judged as Broadcast). */
    public BroadcastWorkload(Bounds bounds, Factory factory) {
        super(bounds);
        if (bounds.threads() != bounds.nodes() || bounds.nodes() < 2) {
            throw new IllegalArgumentException("a broadcast has one sender and one receiver endpoint per other node: threads"
                    + " must equal nodes (at least 2), got " + bounds);
        }
        this.factory = factory;
    }

    @Override
    public String object() {
        return "Broadcast";
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        NodeSet receivers = NodeSet.range(2, bounds().nodes());
        Map<Integer, Broadcast> bc = new TreeMap<>();
        for (int n : participants()) {
            bc.put(n, factory.make(LocoNode.of(c.node(n)), NAME, 1, receivers, 1, 1));
        }
        linked(bc);
        c.spawn(1, "T0", raw -> {
            CountingEndpoint ep = CountingEndpoint.wrap(raw);
            for (long n = 1; n <= bounds().ops(); n++) {
                long[] msg = {n};
                if (n % 2 == 0) {
                    while (!run.log().call(ep, NAME, "trySend", List.of(n), () -> bc.get(1).trySend(ep, msg))) {
                        Thread.onSpinWait();
                    }
                } else {
                    run.log().run(ep, NAME, "send", List.of(n), () -> bc.get(1).send(ep, msg));
                }
            }
        });
        for (int r : receivers) {
            c.spawn(r, "T" + (r - 1), raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                for (long n = 1; n <= bounds().ops(); n++) {
                    long[] got = run.log().call(ep, NAME, "receive", List.of(), () -> bc.get(r).receive(ep));
                    run.require(Arrays.equals(got, new long[] {n}), "receiver " + r + "'s receive " + n + " returned "
                            + Arrays.toString(got) + " (each receiver gets the messages in send order)");
                }
            });
        }
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        return specification(new BroadcastSpec(NAME, 1, NodeSet.range(2, bounds().nodes())), NAME, run, g, x);
    }
}
