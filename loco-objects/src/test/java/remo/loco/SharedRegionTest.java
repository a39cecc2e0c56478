package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * SharedRegion (loco.md §4.1): public slabs used with the endpoint directly; its specification is
 * the base library, whose facts are the BF-* harnesses (HarnessVerdictTest).
 */
class SharedRegionTest {

    /** Node 1 writes its slab and broadcasts it to every slab; the others read their slab. */
    static Scenario scenario(int nodes) {
        return (c, log) -> {
            NodeSet p = NodeSet.range(1, nodes);
            Map<Integer, SharedRegion> sr = Sim.onEach(c, p, (here, n) -> new SharedRegion(here, "sr", p, 2));
            c.spawn(1, "w", ep -> {
                WorkId d = ep.newWorkId("d");
                ep.store(sr.get(1).local(), 0, 1);
                ep.store(sr.get(1).local(), 1, 2);
                ep.bcast(d, sr.get(1).group(), 0, sr.get(1).local(), 0, 2, p.minus(1));
                ep.waitFor(d);
            });
            for (int n : p.minus(1)) {
                c.spawn(n, "r" + n, ep -> {
                    ep.load(sr.get(n).local(), 1);
                    ep.load(sr.get(n).local(), 0);
                });
            }
        };
    }

    @Test
    void theSlabsArePublicAndOnePerParticipant() {
        try (SimCluster c = Sim.det(3, 0)) {
            NodeSet p = NodeSet.of(1, 2);
            Map<Integer, SharedRegion> sr = Sim.onEach(c, p, (here, n) -> new SharedRegion(here, "sr", p, 4));
            Region viaLookup = c.node(2).lookup(1, "sr/slab");
            assertSame(sr.get(1).local(), viaLookup);
            assertSame(sr.get(2).local(), sr.get(1).at(2));
            assertEquals(p, sr.get(1).group().nodes());
            assertEquals(4, viaLookup.words());
            assertEquals(SharedRegion.ALL_REMOTE, viaLookup.rights());
            assertTrue(!viaLookup.internal());
            assertThrows(NotAParticipantException.class, () -> sr.get(1).at(3));
            SharedRegion ro = new SharedRegion(LocoNode.of(c.node(3)), "ro", NodeSet.of(3), 1, java.util.Set.of(Access.REMOTE_READ));
            assertEquals(java.util.Set.of(Access.REMOTE_READ), ro.local().rights());
            sr.get(2).close();
            assertThrows(ObjectClosedException.class, () -> sr.get(2).local());
        }
    }

    @Test
    void theClientsOpsOnTheSlabsAreTheOnlyOps() {
        RunResult r = scenario(3).run(3, NicConfig.defaults(), 0, new remo.loco.spec.CallLog());
        assertEquals(2, r.metrics().endpoint("w").opsPosted(), "the two puts of the client's bcast");
        assertEquals(List.of(0L, 0L), List.of(r.metrics().endpoint("r2").opsPosted(), r.metrics().endpoint("r3").opsPosted()));
    }

    @Test
    void everyRecordedGraphConforms() {
        scenario(3).conforms(3, NicConfig.defaults(), 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheOtherSeedsConforms() {
        scenario(3).conforms(3, NicConfig.defaults(), Seeds.DEFAULT, Seeds.REQUIRED);
    }
}
