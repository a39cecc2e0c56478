package remo.loco.spec;

import java.util.ArrayList;
import java.util.List;
import remo.models.algebra.Relation;

/**
 * The specification of {@link remo.loco.GlobalFence} (loco.md §4.4): {@code st(fence) = {aMF, aGF}},
 * {@code io: aMF → aGF}, no so. Its axiom is its purpose: every event of the thread before the
 * fence is hb-before every event of the thread after it.
 */
public final class GlobalFenceSpec extends LibrarySpec {

    /** @param object the name the calls are logged under */
    public GlobalFenceSpec(String object) {
        super(object);
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        return List.of(Stamp.of(StampKind.aMF), Stamp.of(StampKind.aGF));
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        List<Stamp[]> io = new ArrayList<>();
        io.add(new Stamp[] {Stamp.of(StampKind.aMF), Stamp.of(StampKind.aGF)});
        return io;
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        return firstWith(c, s, g);
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        return List.of();
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        for (ObjectCall c : calls) {
            List<RecordedGraph.Event> before = g.eventsOf(c.thread(), 0, c.firstPo() - 1);
            List<RecordedGraph.Event> after = g.eventsOf(c.thread(), c.lastPo() + 1, Long.MAX_VALUE);
            for (RecordedGraph.Event x : before) {
                for (RecordedGraph.Event y : after) {
                    if (!hb.contains(x.id(), y.id())) {
                        bad.add("fence " + c + ": " + x + " is not hb-before " + y);
                    }
                }
            }
        }
        return bad;
    }
}
