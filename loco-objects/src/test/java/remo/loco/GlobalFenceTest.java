package remo.loco;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.loco.spec.CallLog;
import remo.loco.spec.CountingEndpoint;
import remo.loco.spec.GlobalFenceSpec;
import remo.loco.spec.ObjectCall;
import remo.loco.spec.RecordedGraph;
import remo.nic.Access;
import remo.nic.MetricsSnapshot;
import remo.nic.NicConfig;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.WorkId;

/** GlobalFence (loco.md §4.4): the checklist of loco.md §6 (item 3 is HarnessVerdictTest's GF-*). */
class GlobalFenceTest {

    /** P on node 1: a fence on nothing, a put to node 3 and a get from node 2, a fence, a put to node 2; Q reads on node 2. */
    static Scenario scenario() {
        return (c, log) -> {
            Region one = c.node(1).register("one", 1, EnumSet.allOf(Access.class), new long[] {1});
            Region a = c.node(1).register("a", 1, EnumSet.allOf(Access.class));
            Region d = c.node(3).register("d", 1, EnumSet.allOf(Access.class));
            Region f = c.node(2).register("f", 1, EnumSet.allOf(Access.class));
            c.spawn(1, "p", raw -> {
                CountingEndpoint ep = CountingEndpoint.wrap(raw);
                WorkId w = ep.newWorkId("c");
                log.run(ep, "fence", "fence", List.of(), () -> GlobalFence.fence(ep));
                ep.store(a, 0, 5);
                ep.put(w, d, 0, one, 0, 1);
                ep.get(w, a, 0, f, 0, 1);
                log.run(ep, "fence", "fence", List.of(), () -> GlobalFence.fence(ep));
                ep.put(w, f, 0, one, 0, 1);
                ep.load(a, 0);
            });
            c.spawn(2, "q", ep -> ep.store(f, 0, 2));
        };
    }

    @Test
    void aFenceIsAnMfenceAndAGfCostingARoundTripOnlyWhenItCoversARemoteOp() {
        CallLog log = new CallLog();
        RunResult r = scenario().run(3, NicConfig.defaults(), 1, log);
        RecordedGraph g = RecordedGraph.of(r.trace().orElseThrow());
        for (ObjectCall c : log.of("fence")) {
            assertEquals(List.of("mfence", "gf"), OpSequence.of(g, c.thread(), c.firstPo(), c.lastPo()));
        }
        MetricsSnapshot.Scope m = r.metrics().endpoint("p");
        assertEquals(1, m.roundTrips(), "the first fence covers nothing, the second the put and the get");
        assertEquals(3, m.opsPosted(), "the fences post nothing");
    }

    @Test
    void everyRecordedGraphConforms() {
        scenario().conforms(3, NicConfig.defaults(), 0, Seeds.DEFAULT);
    }

    /** The other seeds of the 1000 of loco.md §6 item 4. */
    @Tag("slow")
    @Test
    void everyRecordedGraphOfTheOtherSeedsConforms() {
        scenario().conforms(3, NicConfig.defaults(), Seeds.DEFAULT, Seeds.REQUIRED);
    }

    @Test
    void everyEventBeforeAFenceIsHbBeforeEveryEventAfterIt() {
        scenario().satisfies(3, NicConfig.defaults(), 200, "fence", new GlobalFenceSpec("fence"), 0);
    }
}
