package remo.verify.objects;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import remo.conformance.RecordedExecution;
import remo.core.graph.ExecutionGraph;
import remo.loco.LocoNode;
import remo.loco.RingBuffer;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.RingBufferSpec;
import remo.nic.Access;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;

/**
 * {@link RingBuffer} under the model checker (loco.md §4.7). A ring has one sender and one receiver
 * endpoint, so the bounds are fixed at two threads: {@code T0} on node 1 sends, {@code T1} on node
 * 2 receives (with one node both are on node 1: a loopback ring). The sender pushes {@code ops}
 * messages of {@code M} words, message {@code n} (from 1) holding {@code 10n + w} in word {@code w},
 * each after a client put of {@code n} to the receiver's word {@code x} (never waited); the receiver
 * pops them and then loads {@code x}. The capacity is {@code K = max(1, ops - 1)} unless given, so
 * that the last push waits for a credit and reuses a slot. Checks: the specification
 * {@link RingBufferSpec} on every graph (RB1–RB4, so ⊆ hb), FIFO and exactly once as a result,
 * and the consequence of loco.md §4.7: a client put to the receiver before push {@code n} is
 * visible after pop {@code n} (harness RB-MP-LOC), so the load returns at least {@code n}.
 */
public final class RingBufferWorkload extends ObjectWorkload {
    /** The ring's name. */
    public static final String NAME = "rb";

    /** How each participant's instance is built: the class itself, or a planted bug. */
    @FunctionalInterface
    public interface Factory {
        /** The instance on {@code here} (the arguments of {@link RingBuffer#RingBuffer}). */
        RingBuffer make(LocoNode here, String name, int sender, int receiver, int capacity, int msgWords);
    }

    private final Factory factory;
    private final int capacity;
    private final int msgWords;

    /**
     * The workload of the class itself, one-word messages, {@code K = max(1, ops - 1)}.
     *
     * @throws IllegalArgumentException unless there are 2 threads on 1 or 2 nodes
     */
    public RingBufferWorkload(Bounds bounds) {
        this(bounds, RingBuffer::new, Math.max(1, bounds.ops() - 1), 1);
    }

    /**
     * The workload with instances built by {@code factory} (a planted bug judged as RingBuffer).
     *
     * @param capacity {@code K}
     * @param msgWords {@code M}
     * @throws IllegalArgumentException unless there are 2 threads on 1 or 2 nodes
     */
    public RingBufferWorkload(Bounds bounds, Factory factory, int capacity, int msgWords) {
        super(bounds);
        if (bounds.threads() != 2 || bounds.nodes() > 2) {
            throw new IllegalArgumentException("a ring has one sender and one receiver: 2 threads on 1 or 2 nodes, got "
                    + bounds);
        }
        this.factory = factory;
        this.capacity = capacity;
        this.msgWords = msgWords;
    }

    @Override
    public String object() {
        return "RingBuffer";
    }

    @Override
    public String describe() {
        return super.describe() + ", K=" + capacity + " M=" + msgWords + (bounds().nodes() == 1 ? ", loopback" : "");
    }

    @Override
    protected void setup(SimCluster c, ObjectRun run) {
        int sender = 1;
        int receiver = bounds().nodes();
        Map<Integer, RingBuffer> rb = new TreeMap<>();
        for (int n : participants()) {
            rb.put(n, factory.make(LocoNode.of(c.node(n)), NAME, sender, receiver, capacity, msgWords));
        }
        linked(rb);
        Region src = c.node(sender).register("src", 1, EnumSet.noneOf(Access.class));
        Region x = c.node(receiver).register("x", 1, EnumSet.of(Access.REMOTE_WRITE));
        c.spawn(sender, "T0", raw -> {
            CountingEndpoint ep = CountingEndpoint.wrap(raw);
            WorkId wd = ep.newWorkId("d");
            for (int n = 1; n <= bounds().ops(); n++) {
                long[] msg = message(n);
                ep.store(src, 0, n);
                ep.put(wd, x, 0, src, 0, 1);
                run.log().run(ep, NAME, "push", Arrays.stream(msg).boxed().toList(), () -> rb.get(sender).push(ep, msg));
            }
        });
        c.spawn(receiver, "T1", raw -> {
            CountingEndpoint ep = CountingEndpoint.wrap(raw);
            for (int n = 1; n <= bounds().ops(); n++) {
                long[] got = run.log().call(ep, NAME, "pop", List.of(), () -> rb.get(receiver).pop(ep));
                run.require(Arrays.equals(got, message(n)), "pop " + n + " returned " + Arrays.toString(got) + ", not message "
                        + n + " " + Arrays.toString(message(n)) + " (FIFO, exactly once)");
                long seen = ep.load(x, 0);
                run.require(seen >= n, "after pop " + n + " the receiver read " + seen + " from the client put issued before push "
                        + n + " (RB-MP-LOC)");
            }
        });
    }

    private long[] message(int n) {
        long[] m = new long[msgWords];
        for (int w = 0; w < msgWords; w++) {
            m[w] = 10L * n + w;
        }
        return m;
    }

    @Override
    protected List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x) {
        return new ArrayList<>(specification(new RingBufferSpec(NAME, 1, bounds().nodes(), capacity), NAME, run, g, x));
    }
}
