package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import remo.loco.lin.AtomicOp;
import remo.loco.lin.History;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.SimulationFailedException;
import remo.nic.error.WrongNodeException;

/**
 * One handle per object (issue 27): {@code X.create(cluster, …)} constructs every participant's
 * instance, and a call on the handle from any node runs on that node's instance; participants that
 * are not nodes of the cluster fail at creation, naming the node and the cluster's nodes.
 */
class ObjectHandleTest {

    @Test
    void aCallOnTheHandleRunsOnTheCallersNode() {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(1).build()) {
            AtomicVar v = AtomicVar.create(c, "v", NodeSet.range(1, 3), 2, 100);
            History<AtomicOp> h = History.of(c);
            v.recordHistory(h);
            for (int n : new int[] {1, 2, 3}) {
                c.spawn(n, "t" + n, ep -> {
                    v.fetchAdd(ep, 1);
                    seen.add(ep.node() + ":" + v.load(ep));
                });
            }
            c.run();
            assertEquals(103, c.peek(2, "v/x", 0), "every node's increment reached the one word on node 2");
            assertEquals(6, h.calls().size(), "the handle records the calls of every node's instance");
        }
        assertEquals(3, seen.size());
    }

    @Test
    void aParticipantOutsideTheClusterFailsAtCreation() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(1).build()) {
            NoSuchNodeException e = assertThrows(NoSuchNodeException.class,
                    () -> KvStore.create(c, "kv", NodeSet.of(1, 5), new KvStore.Shape(2, 2, 1)));
            assertEquals("KvStore 'kv': participant node 5 does not exist; the cluster's nodes are 1..3", e.getMessage());
            assertThrows(NoSuchNodeException.class, () -> RingBuffer.create(c, "r", 1, 4, new RingBuffer.Shape(2, 1)));
            assertThrows(IllegalArgumentException.class, () -> Barrier.create(c, "b", NodeSet.of()));
        }
    }

    @Test
    void shapesRejectSizesBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> new KvStore.Shape(0, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> new RingBuffer.Shape(2, 0));
    }

    @Test
    void aNonParticipantCallingTheHandleIsNamed() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(1).build()) {
            Barrier b = Barrier.create(c, "b", NodeSet.of(1, 2));
            c.spawn(3, "outsider", b::await);
            SimulationFailedException e = assertThrows(SimulationFailedException.class, c::run);
            assertInstanceOf(NotAParticipantException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("node 3 is not a participant"), e.getCause().getMessage());
        }
    }

    @Test
    void anInstanceConstructedAloneStaysBoundToItsNode() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(1).build()) {
            AtomicVar one = new AtomicVar(LocoNode.of(c.node(1)), "v", NodeSet.range(1, 2), 1, 0);
            new AtomicVar(LocoNode.of(c.node(2)), "v", NodeSet.range(1, 2), 1, 0);
            c.spawn(2, "t", one::load);
            SimulationFailedException e = assertThrows(SimulationFailedException.class, c::run);
            assertInstanceOf(WrongNodeException.class, e.getCause());
        }
    }
}
