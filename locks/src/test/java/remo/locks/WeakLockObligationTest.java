package remo.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.SimulationFailedException;

/**
 * The weak ticket lock's obligation O3 (locks.md §3.6) is checked at {@code release} on the
 * deterministic simulator (issue 27): README's counter with a weak lock and its put not waited for
 * fails loudly on every seed (it printed {@code counter = 1} for some seeds, silently, before), and
 * the same program with the put waited for, with a {@code gf}, or with the strong lock, runs.
 */
class WeakLockObligationTest {
    enum Before { NOTHING, WAIT, GF }

    /** README's counter; {@code before} is what the critical section does after its put. */
    static SimCluster counter(long seed, Function<Cluster, RemoteLock> lock, Before before, boolean checks) {
        SimCluster c = SimCluster.builder().nodes(3).deterministic(seed).checkClientObligations(checks).build();
        Region counter = c.node(3).register("counter", 1, EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
        RemoteLock l = lock.apply(c);
        for (int node : new int[] {1, 2}) {
            Region buf = c.node(node).register("buf", 1, EnumSet.of(Access.LOCAL_WRITE));
            c.spawn(node, "t" + node, ep -> {
                for (int k = 0; k < 2; k++) { // the second acquisition follows the first release's own puts
                    increment(ep, l, counter, buf, before);
                }
            });
        }
        return c;
    }

    static void increment(Endpoint ep, RemoteLock l, Region counter, Region buf, Before before) {
        WorkId w = ep.newWorkId("inc");
        l.acquire(ep);
        ep.get(w, buf, 0, counter, 0, 1);
        ep.waitFor(w);
        ep.store(buf, 0, ep.load(buf, 0) + 1);
        ep.put(w, counter, 0, buf, 0, 1);
        switch (before) {
            case WAIT -> ep.waitFor(w);
            case GF -> ep.gf();
            default -> { }
        }
        l.release(ep);
    }

    static RemoteLock weak(Cluster c) {
        return WeakTicketLock.create(c, "lock", LockLayout.home(3).clients(1, 2));
    }

    @Test
    void anUnwaitedPutIsReportedAtReleaseOnEverySeed() {
        for (long seed = 0; seed <= 40; seed++) {
            try (SimCluster c = counter(seed, WeakLockObligationTest::weak, Before.NOTHING, true)) {
                SimulationFailedException e = assertThrows(SimulationFailedException.class, c::run, "seed " + seed);
                LockObligationException o = assertInstanceOf(LockObligationException.class, e.getCause(), "seed " + seed);
                assertTrue(o.getMessage().matches("WEAK_TICKET 'lock'\\.release by t[12]@[12]: obligation O3 \\(locks.md §3.6\\)"
                        + " broken: \\[t[12] op#\\d+ PUT->3 #inc] of the critical section not waited for before release.*"),
                        o.getMessage());
                assertTrue(Arrays.stream(o.getStackTrace()).anyMatch(f -> f.getMethodName().equals("release")),
                        "thrown by release");
            }
        }
    }

    @Test
    void aWaitOrAGfBeforeReleaseMeetsO3() {
        for (Before b : new Before[] {Before.WAIT, Before.GF}) {
            for (long seed = 0; seed < 10; seed++) {
                try (SimCluster c = counter(seed, WeakLockObligationTest::weak, b, true)) {
                    c.run();
                    assertEquals(4, c.peek(3, "counter", 0), b + " seed " + seed);
                }
            }
        }
    }

    @Test
    void theStrongLockDischargesO3Itself() {
        try (SimCluster c = counter(5, cl -> StrongTicketLock.create(cl, "lock", LockLayout.home(3).clients(1, 2)),
                Before.NOTHING, true)) {
            c.run();
            assertEquals(4, c.peek(3, "counter", 0));
        }
    }

    @Test
    void theCheckCanBeTurnedOffForRunsThatBreakO3OnPurpose() {
        try (SimCluster c = counter(5, WeakLockObligationTest::weak, Before.NOTHING, false)) {
            assertTrue(c.run().threadFailures().isEmpty());
            long v = c.peek(3, "counter", 0);
            assertTrue(v >= 1 && v <= 4, "some increments may be lost: " + v);
        }
    }

    @Test
    void layoutsAreCheckedAgainstTheCluster() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(1).build()) {
            NoSuchNodeException e = assertThrows(NoSuchNodeException.class,
                    () -> CasSpinLock.create(c, "l", LockLayout.home(4).clients(1, 2)));
            assertEquals("CAS_SPIN 'l': participant node 4 does not exist; the cluster's nodes are 1..3", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> StrongTicketLock.create(c, "s", LockLayout.home(3)));
            assertThrows(IllegalArgumentException.class, () -> LockLayout.home(0));
            assertThrows(IllegalArgumentException.class, () -> LockLayout.home(1).slotsPerNode(0));
        }
    }
}
