package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import remo.nic.error.AccessDeniedException;
import remo.nic.error.DuplicateNameException;
import remo.nic.error.LinkTimeoutException;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.error.WrongNodeException;

/**
 * The object model of loco.md §3, common to every object: LocoNode, collective construction by
 * name, descriptors and linking, encapsulation, the endpoint and participant checks, lifecycle.
 */
class ObjectModelTest {

    @Test
    void thereIsOneLocoNodePerNode() {
        try (SimCluster c = Sim.det(2, 0)) {
            assertSame(LocoNode.of(c.node(1)), LocoNode.of(c.node(1)));
            assertEquals(2, LocoNode.of(c.node(2)).id());
            assertSame(c.node(2), LocoNode.of(c.node(2)).node());
        }
        try (SimCluster a = Sim.det(1, 0); SimCluster b = Sim.det(1, 0)) {
            assertTrue(LocoNode.of(a.node(1)) != LocoNode.of(b.node(1)), "one per node of each cluster");
        }
    }

    @Test
    void namesFollowTheSyntaxAndAreUniquePerNode() {
        try (SimCluster c = Sim.det(2, 0)) {
            LocoNode one = LocoNode.of(c.node(1));
            for (String bad : List.of("", "a b", "/a", "a/", "a//b", "x".repeat(201))) {
                assertThrows(IllegalArgumentException.class, () -> new Barrier(one, bad, NodeSet.of(1)), bad);
            }
            new Barrier(one, "ok.name-1/part_2", NodeSet.of(1));
            new Barrier(one, "b", NodeSet.of(1));
            DuplicateNameException e = assertThrows(DuplicateNameException.class, () -> new OwnedVar(one, "b", NodeSet.of(1), 1, 0));
            assertTrue(e.getMessage().contains("'b' already exists on node 1"), e.getMessage());
            new Barrier(LocoNode.of(c.node(2)), "b", NodeSet.of(2));
        }
    }

    @Test
    void constructionOnANodeOutsideTheParticipantsIsRefused() {
        try (SimCluster c = Sim.det(3, 0)) {
            NotAParticipantException e = assertThrows(NotAParticipantException.class,
                    () -> new Barrier(LocoNode.of(c.node(3)), "b", NodeSet.of(1, 2)));
            assertTrue(e.getMessage().contains("node 3"), e.getMessage());
        }
    }

    @Test
    void constructionRegistersTheDescriptorAndLinkingCompletesItLazilyOrEagerly() {
        try (SimCluster c = Sim.det(2, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, KvStore> kv = Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, 2, 3, 1));
            assertEquals(new Descriptor("KvStore", "kv", p, Map.of("bucketsPerNode", 2, "entriesPerBucket", 3,
                    "valueWords", 1, "testing", "none")), kv.get(1).descriptor());
            assertEquals(ObjectState.LINKING, kv.get(1).state());
            kv.get(1).link();
            kv.get(1).link();
            assertEquals(ObjectState.READY, kv.get(1).state());
            assertEquals(ObjectState.LINKING, kv.get(2).state());
            c.spawn(2, "t", ep -> kv.get(2).get(ep, 1));
            Sim.runOk(c);
            assertEquals(ObjectState.READY, kv.get(2).state(), "linked at the first call");
        }
    }

    @Test
    void linkingNamesTheFieldThatDiffers() {
        try (SimCluster c = Sim.det(2, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            new KvStore(LocoNode.of(c.node(1)), "kv", p, 1, 2, 2);
            KvStore other = new KvStore(LocoNode.of(c.node(2)), "kv", p, 1, 3, 2);
            LinkMismatchException e = assertThrows(LinkMismatchException.class, other::link);
            assertEquals("params.entriesPerBucket", e.field());
            assertTrue(e.getMessage().contains("node 2 (3) and node 1 (2)"), e.getMessage());

            new Barrier(LocoNode.of(c.node(1)), "b", p);
            LinkMismatchException kind = assertThrows(LinkMismatchException.class,
                    () -> new OwnedVar(LocoNode.of(c.node(2)), "b", p, 1, 0).link());
            assertEquals("kind", kind.field());

            new Barrier(LocoNode.of(c.node(1)), "c", p);
            LinkMismatchException parts = assertThrows(LinkMismatchException.class,
                    () -> new Barrier(LocoNode.of(c.node(2)), "c", NodeSet.of(1, 2, 3)).link());
            assertEquals("participants", parts.field());
        }
    }

    @Test
    void inDeterministicModeLinkingWaitsForALateParticipant() {
        try (SimCluster c = Sim.det(2, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            Barrier early = new Barrier(LocoNode.of(c.node(1)), "b", p);
            c.spawn(1, "a", early::await);
            c.spawn(2, "b", ep -> {
                for (int i = 0; i < 20; i++) {
                    ep.mfence();
                }
                Barrier late = new Barrier(LocoNode.of(c.node(2)), "b", p);
                late.await(ep);
            });
            Sim.runOk(c);
            assertEquals(1, early.calls());
        }
    }

    @Test
    void inConcurrentModeAMissingParticipantIsALinkTimeout() {
        NicConfig config = NicConfig.defaults().withLinkTimeout(Duration.ofMillis(100));
        try (SimCluster c = SimCluster.builder().nodes(2).config(config).concurrent().build()) {
            Barrier lonely = new Barrier(LocoNode.of(c.node(1)), "b", NodeSet.of(1, 2));
            List<Throwable> seen = new CopyOnWriteArrayList<>();
            c.spawn(1, "a", ep -> seen.add(assertThrows(LinkTimeoutException.class, () -> lonely.await(ep))));
            c.run();
            assertEquals(1, seen.size());
        }
    }

    @Test
    void internalRegionsAreInvisibleFromOutsideTheObject() {
        try (SimCluster c = Sim.det(2, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            Sim.onEach(c, p, (here, n) -> new KvStore(here, "kv", p, 1, 1, 1));
            AccessDeniedException e = assertThrows(AccessDeniedException.class, () -> c.node(1).lookup(2, "kv/tab"));
            assertTrue(e.getMessage().contains("internal"), e.getMessage());
            assertThrows(AccessDeniedException.class, () -> c.node(1).lookup(1, "kv/descriptor"));
            assertThrows(AccessDeniedException.class,
                    () -> c.node(1).lookupInternal(2, "kv/tab", remo.nic.Capability.create("kv")));
        }
    }

    @Test
    void callsComeFromAnEndpointOfAParticipantOnTheInstancesNode() {
        try (SimCluster c = Sim.det(3, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, AtomicVar> av = Sim.onEach(c, p, (here, n) -> new AtomicVar(here, "av", p, 1, 0));
            List<Throwable> seen = new CopyOnWriteArrayList<>();
            c.spawn(2, "t2", ep -> seen.add(assertThrows(WrongNodeException.class, () -> av.get(1).load(ep))));
            c.spawn(3, "t3", ep -> seen.add(assertThrows(NotAParticipantException.class, () -> av.get(1).load(ep))));
            Sim.runOk(c);
            assertEquals(2, seen.size());
            assertTrue(seen.get(0).getMessage().contains("lives on node 1") || seen.get(1).getMessage().contains("lives on node 1"));
        }
    }

    @Test
    void closeIsLocalAndClosesTheSubObjects() {
        try (SimCluster c = Sim.det(3, 0)) {
            NodeSet p = NodeSet.range(1, 3);
            Map<Integer, Broadcast> bc = Sim.onEach(c, p, (here, n) -> new Broadcast(here, "bc", 1, NodeSet.of(2, 3), 1, 1));
            bc.get(2).close();
            List<Throwable> seen = new CopyOnWriteArrayList<>();
            c.spawn(2, "r", ep -> seen.add(assertThrows(ObjectClosedException.class, () -> bc.get(2).receive(ep))));
            c.spawn(1, "s", ep -> bc.get(1).send(ep, new long[] {1}));
            Sim.runOk(c);
            assertEquals(1, seen.size());
            assertEquals(ObjectState.CLOSED, bc.get(2).state());
            assertEquals(1, c.peek(2, "bc/to2/tail", 0), "the sender's instance still works");
        }
    }

    @Test
    void aSubObjectIsNamedAfterItsParentAndIsInternal() {
        try (SimCluster c = Sim.det(3, 0)) {
            NodeSet p = NodeSet.range(1, 3);
            Sim.onEach(c, p, (here, n) -> new Broadcast(here, "bc", 1, NodeSet.of(2, 3), 1, 1));
            assertThrows(AccessDeniedException.class, () -> c.node(1).lookup(3, "bc/to3/slots"));
            assertThrows(DuplicateNameException.class, () -> new RingBuffer(LocoNode.of(c.node(1)), "bc/to2", 1, 2, 1, 1));
        }
    }
}
