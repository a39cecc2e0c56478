package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import remo.core.RaoScope;
import remo.nic.error.AccessDeniedException;
import remo.nic.error.ClusterClosedException;
import remo.nic.error.CompletionModeException;
import remo.nic.error.DuplicateNameException;
import remo.nic.error.EndpointClosedException;
import remo.nic.error.ForeignWorkIdException;
import remo.nic.error.LinkTimeoutException;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.NotWaitedException;
import remo.nic.error.RdmaUsageError;
import remo.nic.error.RegionBoundsException;
import remo.nic.error.RegionNotFoundException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.UnsupportedConfigurationException;
import remo.nic.error.WrongNodeException;
import remo.nic.error.WrongThreadException;

/**
 * Bad use is rejected synchronously with a clear error (nic.md §8, §10 T6): one test per row of
 * the table, checking the exception type, that the message names the operation, the endpoint
 * (thread and node), the region (name and home), offset and length, and the violated bound or
 * right, and that the rejected call recorded nothing (no event, no op; {@code rejected} counted).
 */
class MisuseTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    /** The regions a misuse works with. */
    record Fixture(Endpoint ep, SimCluster cluster, Region local, Region remote, Region readOnly, Region noRights,
                   Region noLocalWrite) {
    }

    @FunctionalInterface
    interface Misuse {
        void attempt(Fixture f) throws Exception;
    }

    /** The exception a misuse threw, and the run's result. */
    record Outcome(Throwable error, RunResult result) {
        void nothingRecorded() {
            assertTrue(result.trace().orElseThrow().events().isEmpty(), "no event recorded");
            assertTrue(result.trace().orElseThrow().ops().isEmpty(), "no op recorded");
            MetricsSnapshot.Scope m = result.metrics().endpoint("T");
            assertEquals(0, m.opsPosted());
            assertEquals(1, m.get("rejected"), "the rejection is counted");
        }

        void messageNames(String... parts) {
            for (String p : parts) {
                assertTrue(error.getMessage().contains(p), "message names '" + p + "': " + error.getMessage());
            }
        }
    }

    private static Outcome attempt(NicConfig config, Misuse misuse) {
        try (SimCluster c = SimCluster.builder().nodes(3).config(config).deterministic(1).build()) {
            Region local = c.node(1).register("a", 2, ALL);
            Region remote = c.node(2).register("b", 2, ALL);
            Region readOnly = c.node(2).register("ro", 1, EnumSet.of(Access.REMOTE_READ));
            Region noRights = c.node(2).register("none", 1, EnumSet.noneOf(Access.class));
            Region noLocalWrite = c.node(1).register("nlw", 1, EnumSet.of(Access.REMOTE_READ));
            AtomicReference<Throwable> caught = new AtomicReference<>();
            c.spawn(1, "T", ep -> {
                try {
                    misuse.attempt(new Fixture(ep, c, local, remote, readOnly, noRights, noLocalWrite));
                } catch (RuntimeException e) {
                    caught.set(e);
                }
            });
            RunResult r = c.run();
            assertNotNull(caught.get(), "the misuse is rejected");
            return new Outcome(caught.get(), r);
        }
    }

    private static Outcome attempt(Misuse misuse) {
        return attempt(NicConfig.defaults(), misuse);
    }

    @Test
    void regionOfAnotherCluster() {
        Region foreign;
        try (SimCluster other = SimCluster.builder().nodes(2).build()) {
            foreign = other.node(2).register("b", 2, ALL);
        }
        Outcome o = attempt(f -> f.ep().put(null, foreign, 0, f.local(), 0, 1));
        assertInstanceOf(RegionNotFoundException.class, o.error());
        assertInstanceOf(IllegalArgumentException.class, o.error());
        assertInstanceOf(RdmaUsageError.class, o.error());
        o.messageNames("put", "'T'", "node 1", "destination", "another cluster");
        o.nothingRecorded();
    }

    @Test
    void unregisteredRegionOutsideAThread() {
        try (SimCluster c = SimCluster.builder().nodes(2).build()) {
            RegionNotFoundException e = assertThrows(RegionNotFoundException.class, () -> c.node(1).lookup(2, "missing"));
            assertTrue(e.getMessage().contains("'missing'") && e.getMessage().contains("node 2"), e.getMessage());
        }
    }

    @Test
    void lookupTimesOutInConcurrentMode() {
        try (SimCluster c = SimCluster.builder().nodes(2).config(NicConfig.defaults().withLinkTimeout(Duration.ofMillis(50)))
                .concurrent().build()) {
            AtomicReference<Throwable> caught = new AtomicReference<>();
            c.spawn(1, "T", ep -> {
                try {
                    ep.cluster().node(1).lookup(2, "never");
                } catch (RuntimeException e) {
                    caught.set(e);
                }
            });
            c.run();
            assertInstanceOf(LinkTimeoutException.class, caught.get());
            assertInstanceOf(IllegalStateException.class, caught.get());
            assertTrue(caught.get().getMessage().contains("'never'") && caught.get().getMessage().contains("linkTimeout"));
        }
    }

    @Test
    void lookupWaitsForARegistrationInDeterministicMode() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).build()) {
            AtomicReference<Long> value = new AtomicReference<>();
            c.spawn(1, "reader", ep -> {
                Region late = ep.cluster().node(1).lookup(2, "late");
                Region box = ep.cluster().node(1).register("box", 1, ALL);
                WorkId d = ep.newWorkId("d");
                ep.get(d, box, 0, late, 0, 1);
                ep.waitFor(d);
                value.set(ep.load(box, 0));
            });
            c.spawn(2, "writer", ep -> {
                ep.load(ep.cluster().node(2).register("other", 1, ALL), 0);
                ep.cluster().node(2).register("late", 1, ALL, new long[] {77});
            });
            RunResult r = c.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertEquals(77L, value.get());
        }
    }

    @Test
    void lookupOfARegionNeverRegisteredIsADeadlock() {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).build()) {
            c.spawn(1, "T", ep -> ep.cluster().node(1).lookup(2, "never"));
            SimulationDeadlockException e = assertThrows(SimulationDeadlockException.class, c::run);
            assertTrue(e.getMessage().contains("never registered"), e.getMessage());
        }
    }

    @Test
    void offsetOutOfBounds() {
        Outcome o = attempt(f -> f.ep().load(f.local(), 5));
        assertInstanceOf(RegionBoundsException.class, o.error());
        o.messageNames("load", "'T'", "node 1", "'a' (home 1)", "offset 5", "length 1", "2 words");
        o.nothingRecorded();
        Outcome neg = attempt(f -> f.ep().get(null, f.local(), -1, f.remote(), 0, 1));
        assertInstanceOf(RegionBoundsException.class, neg.error());
        neg.messageNames("get", "destination", "'a' (home 1)", "offset -1");
        neg.nothingRecorded();
        Outcome len = attempt(f -> f.ep().put(null, f.remote(), 1, f.local(), 0, 2));
        assertInstanceOf(RegionBoundsException.class, len.error());
        len.messageNames("put", "destination", "'b' (home 2)", "offset 1", "length 2", "2 words");
        len.nothingRecorded();
        Outcome zero = attempt(f -> f.ep().put(null, f.remote(), 0, f.local(), 0, 0));
        assertInstanceOf(RegionBoundsException.class, zero.error());
        zero.messageNames("length 0", "at least 1");
    }

    @Test
    void cpuAccessToAnotherNodesMemory() {
        Outcome o = attempt(f -> f.ep().store(f.remote(), 0, 1));
        assertInstanceOf(WrongNodeException.class, o.error());
        o.messageNames("store", "'T'", "node 1", "'b' (home 2)", "offset 0", "homed on node 1");
        o.nothingRecorded();
    }

    @Test
    void nonLocalPutSource() {
        Outcome o = attempt(f -> f.ep().put(null, f.remote(), 0, f.readOnly(), 0, 1));
        assertInstanceOf(WrongNodeException.class, o.error());
        o.messageNames("put", "source", "'ro' (home 2)", "must be local to node 1");
        o.nothingRecorded();
    }

    @Test
    void missingRights() {
        Outcome put = attempt(f -> f.ep().put(null, f.readOnly(), 0, f.local(), 0, 1));
        assertInstanceOf(AccessDeniedException.class, put.error());
        assertInstanceOf(IllegalStateException.class, put.error());
        put.messageNames("put", "'T'", "node 1", "'ro' (home 2)", "offset 0", "length 1", "REMOTE_WRITE");
        put.nothingRecorded();
        Outcome get = attempt(f -> f.ep().get(null, f.local(), 0, f.noRights(), 0, 1));
        assertInstanceOf(AccessDeniedException.class, get.error());
        get.messageNames("get", "'none' (home 2)", "REMOTE_READ");
        get.nothingRecorded();
        Outcome dst = attempt(f -> f.ep().get(null, f.noLocalWrite(), 0, f.remote(), 0, 1));
        assertInstanceOf(AccessDeniedException.class, dst.error());
        dst.messageNames("get", "destination", "'nlw' (home 1)", "LOCAL_WRITE");
        dst.nothingRecorded();
        Outcome rmw = attempt(f -> f.ep().rcas(null, f.local(), 0, f.readOnly(), 0, 0, 1));
        assertInstanceOf(AccessDeniedException.class, rmw.error());
        rmw.messageNames("rcas", "target", "'ro' (home 2)", "REMOTE_ATOMIC");
        rmw.nothingRecorded();
    }

    @Test
    void internalRegionWithoutItsCapability() {
        try (SimCluster c = SimCluster.builder().nodes(2).build()) {
            Capability owner = Capability.create("lock");
            c.node(2).registerInternal("lock/state", 1, ALL, null, owner);
            AccessDeniedException e = assertThrows(AccessDeniedException.class, () -> c.node(1).lookup(2, "lock/state"));
            assertTrue(e.getMessage().contains("'lock/state'") && e.getMessage().contains("capability"), e.getMessage());
            assertThrows(AccessDeniedException.class,
                    () -> c.node(1).lookupInternal(2, "lock/state", Capability.create("lock")));
            assertEquals("lock/state", c.node(1).lookupInternal(2, "lock/state", owner).name());
        }
    }

    @Test
    void endpointUsedAfterClose() {
        Outcome o = attempt(f -> {
            f.ep().close();
            f.ep().load(f.local(), 0);
        });
        assertInstanceOf(EndpointClosedException.class, o.error());
        o.messageNames("load", "'T'", "node 1", "closed");
        o.nothingRecorded();
    }

    @Test
    void endpointUsedAfterItsThreadFinished() {
        try (SimCluster c = SimCluster.builder().nodes(2).build()) {
            Region a = c.node(1).register("a", 1, ALL);
            AtomicReference<Endpoint> leaked = new AtomicReference<>();
            c.spawn(1, "T", leaked::set);
            c.run();
            EndpointClosedException e = assertThrows(EndpointClosedException.class, () -> leaked.get().load(a, 0));
            assertTrue(e.getMessage().contains("'T'"), e.getMessage());
        }
    }

    @Test
    void anyCallAfterClusterClose() {
        SimCluster c = SimCluster.builder().nodes(2).build();
        Region a = c.node(1).register("a", 1, ALL);
        c.close();
        assertThrows(ClusterClosedException.class, () -> c.node(1));
        assertThrows(ClusterClosedException.class, () -> c.spawn(1, "T", ep -> { }));
        ClusterClosedException e = assertThrows(ClusterClosedException.class, c::run);
        assertTrue(e.getMessage().contains("closed"));
        assertInstanceOf(IllegalStateException.class, e);
        assertTrue(a.name().equals("a"));
    }

    @Test
    void endpointFromAnotherJavaThread() {
        Outcome o = attempt(f -> {
            AtomicReference<RuntimeException> inner = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    f.ep().load(f.local(), 0);
                } catch (RuntimeException e) {
                    inner.set(e);
                }
            }, "intruder");
            t.start();
            t.join();
            throw inner.get();
        });
        assertInstanceOf(WrongThreadException.class, o.error());
        o.messageNames("load", "'T'", "node 1", "'intruder'");
        o.nothingRecorded();
    }

    @Test
    void workIdOfAnotherEndpoint() {
        AtomicReference<WorkId> foreign = new AtomicReference<>();
        try (SimCluster other = SimCluster.builder().nodes(2).build()) {
            other.spawn(1, "U", ep -> foreign.set(ep.newWorkId("theirs")));
            other.run();
        }
        Outcome o = attempt(f -> f.ep().put(foreign.get(), f.remote(), 0, f.local(), 0, 1));
        assertInstanceOf(ForeignWorkIdException.class, o.error());
        o.messageNames("put", "'T'", "#theirs", "another endpoint");
        o.nothingRecorded();
    }

    @Test
    void completionModeMisuse() {
        Outcome poll = attempt(f -> f.ep().poll(2));
        assertInstanceOf(CompletionModeException.class, poll.error());
        poll.messageNames("poll", "'T'", "WAIT");
        poll.nothingRecorded();
        NicConfig pollMode = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
        Outcome wait = attempt(pollMode, f -> f.ep().waitFor(f.ep().newWorkId("d")));
        assertInstanceOf(CompletionModeException.class, wait.error());
        wait.messageNames("waitFor", "POLL");
        wait.nothingRecorded();
        Outcome gf = attempt(pollMode, f -> f.ep().gf());
        assertInstanceOf(CompletionModeException.class, gf.error());
        gf.nothingRecorded();
    }

    @Test
    void requestTooLong() {
        Outcome o = attempt(NicConfig.defaults().withLimits(1, 1 << 24, 1 << 22), f -> f.ep().put(null, f.remote(), 0, f.local(), 0, 2));
        assertEquals(IllegalArgumentException.class, o.error().getClass());
        o.messageNames("put", "'T'", "2 words", "maxRequestWords = 1");
        o.nothingRecorded();
    }

    @Test
    void badRegistrations() {
        try (SimCluster c = SimCluster.builder().nodes(2).config(NicConfig.defaults().withLimits(4096, 10, 8)).build()) {
            assertThrows(IllegalArgumentException.class, () -> c.node(1).register("zero", 0, ALL));
            IllegalArgumentException big = assertThrows(IllegalArgumentException.class, () -> c.node(1).register("big", 9, ALL));
            assertTrue(big.getMessage().contains("maxRegionWords"), big.getMessage());
            IllegalArgumentException init = assertThrows(IllegalArgumentException.class,
                    () -> c.node(1).register("init", 2, ALL, new long[3]));
            assertTrue(init.getMessage().contains("3 entries, expected 2"), init.getMessage());
            c.node(1).register("r1", 8, ALL);
            IllegalArgumentException full = assertThrows(IllegalArgumentException.class, () -> c.node(1).register("r2", 3, ALL));
            assertTrue(full.getMessage().contains("maxWordsPerNode"), full.getMessage());
            assertThrows(IllegalArgumentException.class, () -> c.node(1).register("bad name!", 1, ALL));
            DuplicateNameException dup = assertThrows(DuplicateNameException.class, () -> c.node(1).register("r1", 1, ALL));
            assertInstanceOf(IllegalStateException.class, dup);
            assertTrue(dup.getMessage().contains("'r1'") && dup.getMessage().contains("node 1"), dup.getMessage());
            assertEquals(6, c.metrics().snapshot().cluster().get("rejected"));
        }
    }

    @Test
    void bcastToANodeOutsideTheGroup() {
        Outcome o = attempt(f -> {
            RegionGroup g = f.cluster().node(1).lookupGroup("b", NodeSet.of(2));
            f.ep().bcast(null, g, 0, f.local(), 0, 1, NodeSet.of(2, 3));
        });
        assertEquals(IllegalArgumentException.class, o.error().getClass());
        o.messageNames("bcast", "'T'", "target node 3", "outside region group 'b'");
        o.nothingRecorded();
    }

    @Test
    void nodeOutsideTheCluster() {
        try (SimCluster c = SimCluster.builder().nodes(3).build()) {
            assertThrows(NoSuchNodeException.class, () -> c.node(0));
            NoSuchNodeException e = assertThrows(NoSuchNodeException.class, () -> c.node(4));
            assertTrue(e.getMessage().contains("node 4") && e.getMessage().contains("1..3"), e.getMessage());
        }
        Outcome o = attempt(f -> f.ep().rfence(9));
        assertInstanceOf(NoSuchNodeException.class, o.error());
        o.messageNames("rfence", "'T'", "node 9", "1..3");
        o.nothingRecorded();
    }

    @Test
    void opValueBeforeItsWaitAndOnAPut() {
        Outcome o = attempt(f -> {
            Op op = f.ep().rfaa(null, f.local(), 0, f.remote(), 0, 1);
            f.ep().gf();
            Op second = f.ep().rfaa(f.ep().newWorkId("d"), f.local(), 1, f.remote(), 0, 1);
            assertEquals(0, op.value(), "after a covering gf the value is defined");
            second.value();
        });
        assertInstanceOf(NotWaitedException.class, o.error());
        assertTrue(o.error().getMessage().contains("Op.value") && o.error().getMessage().contains("op#2"),
                o.error().getMessage());
        Outcome put = attempt(f -> f.ep().put(null, f.remote(), 0, f.local(), 0, 1).value());
        assertInstanceOf(UnsupportedOperationException.class, put.error());
        assertTrue(put.error().getMessage().contains("PUT"), put.error().getMessage());
    }

    @Test
    void lifecycleMisuse() {
        try (SimCluster c = SimCluster.builder().nodes(2).build()) {
            assertThrows(IllegalStateException.class, () -> c.peek(1, "a", 0), "peek before quiescence");
            c.node(1).register("a", 1, ALL);
            c.spawn(1, "T", ep -> { });
            c.run();
            assertThrows(IllegalStateException.class, () -> c.spawn(1, "U", ep -> { }), "spawn after run");
            assertThrows(IllegalStateException.class, c::run, "run twice");
            assertThrows(IllegalArgumentException.class, () -> SimCluster.builder().nodes(65));
            assertEquals(0, c.peek(1, "a", 0));
            assertThrows(RegionBoundsException.class, () -> c.peek(1, "a", 1));
            assertThrows(RegionNotFoundException.class, () -> c.peek(1, "zz", 0));
        }
    }

    @Test
    void unknownFlagValuesInTheConfig() {
        assertThrows(UnsupportedConfigurationException.class, () -> NicConfig.defaults().with("NO_SUCH_FLAG", "ON"));
        UnsupportedConfigurationException e = assertThrows(UnsupportedConfigurationException.class,
                () -> NicConfig.defaults().with("RAO_SCOPE", "GLOBAL"));
        assertTrue(e.getMessage().contains("PER_NODE"), e.getMessage());
        assertEquals(RaoScope.PER_LOCATION, NicConfig.defaults().with("RAO_SCOPE", "PER_LOCATION").raoScope());
    }
}
