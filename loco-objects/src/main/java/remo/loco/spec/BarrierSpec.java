package remo.loco.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.loco.lin.HistoryCall;
import remo.models.algebra.Relation;
import remo.nic.NodeSet;

/**
 * The specification of {@link remo.loco.Barrier} (loco.md §4.6). The {@code k}-th call
 * {@code B_{i,k}} on node {@code i}:
 * <pre>
 * st(B_{i,k}) = {aCW} ∪ {aNLR(j,wb), aNRW(j,wb) | j ∈ P\{i}} ∪ {aCR}   (+ aGF for awaitStrong)
 * io: aCW → aNLR(j) → aNRW(j) for every j;  awaitStrong also aGF → aCW
 * rep: aCW = B1; aNLR(j)/aNRW(j) = B2's put to j; aCR = the last load of B3's final round; aGF = the gf
 * so_BAR = { ((B_{i,k}, aNRW(j)), (B_{j,k}, aCR)) | i ≠ j }
 * Ax_BAR: (BAR1) the k-th calls on all participants are matched, and every participant makes the
 *         same number of calls
 * </pre>
 * The axioms also check the exactness lemma of the proof (the put of call {@code k} carries
 * exactly {@code k}); {@link #checkReturns} checks the scheduler-time condition (no {@code k}-th
 * return precedes any {@code k}-th invocation) on a history.
 */
public final class BarrierSpec extends LibrarySpec {
    private final NodeSet participants;

    /** @param object the barrier's name; @param participants its participant set */
    public BarrierSpec(String object, NodeSet participants) {
        super(object);
        this.participants = participants;
    }

    private static boolean strong(ObjectCall c) {
        return c.method().equals("awaitStrong");
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        List<Stamp> s = new ArrayList<>();
        if (strong(c)) {
            s.add(Stamp.of(StampKind.aGF));
        }
        s.add(Stamp.of(StampKind.aCW));
        addRemotePuts(s, participants.minus(c.node()), "wb");
        s.add(Stamp.of(StampKind.aCR));
        return s;
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        List<Stamp[]> io = new ArrayList<>();
        if (strong(c)) {
            io.add(new Stamp[] {Stamp.of(StampKind.aGF), Stamp.of(StampKind.aCW)});
        }
        addRemotePutOrder(io, Stamp.of(StampKind.aCW), participants.minus(c.node()), "wb");
        return io;
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        switch (s.kind()) {
            case aCW:
                for (RecordedGraph.Event e : body(c, g)) {
                    if (s.matches(e) && (object + "/src").equals(e.region())) {
                        return e.id();
                    }
                }
                return -1;
            case aCR:
                return lastWith(c, s, g);
            default:
                return firstWith(c, s, g);
        }
    }

    /** The calls of each node's barrier endpoint, in program order. */
    private Map<Integer, List<ObjectCall>> byNode(List<ObjectCall> calls) {
        Map<Integer, List<ObjectCall>> m = new LinkedHashMap<>();
        for (int i : participants) {
            m.put(i, new ArrayList<>());
        }
        for (ObjectCall c : calls) {
            m.get(c.node()).add(c);
        }
        return m;
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        Map<Integer, List<ObjectCall>> m = byNode(calls);
        List<SubEvent[]> so = new ArrayList<>();
        for (int i : participants) {
            for (int j : participants.minus(i)) {
                int rounds = Math.min(m.get(i).size(), m.get(j).size());
                for (int k = 0; k < rounds; k++) {
                    so.add(new SubEvent[] {new SubEvent(m.get(i).get(k), Stamp.of(StampKind.aNRW, j, "wb")),
                        new SubEvent(m.get(j).get(k), Stamp.of(StampKind.aCR))});
                }
            }
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        Map<Integer, List<ObjectCall>> m = byNode(calls);
        int n = m.get(participants.get(0)).size();
        for (int i : participants) {
            if (m.get(i).size() != n) {
                bad.add("BAR1: node " + i + " made " + m.get(i).size() + " calls, node " + participants.get(0) + " made " + n);
            }
            for (int k = 0; k < m.get(i).size(); k++) {
                ObjectCall c = m.get(i).get(k);
                for (int j : participants.minus(i)) {
                    int nrw = rep(c, Stamp.of(StampKind.aNRW, j, "wb"), g);
                    if (nrw >= 0 && g.event(nrw).value() != k + 1) {
                        bad.add("exactness: the put of call " + (k + 1) + " of node " + i + " to node " + j + " carried "
                                + g.event(nrw).value());
                    }
                }
            }
        }
        return bad;
    }

    /**
     * The scheduler-time check of loco.md §4.6: no {@code k}-th return precedes any {@code k}-th invocation.
     *
     * @param history the barrier calls, each operation its call number {@code k}
     * @return the violations, one line each
     */
    public static List<String> checkReturns(List<HistoryCall<Integer>> history) {
        Map<Integer, Long> firstReturn = new LinkedHashMap<>();
        Map<Integer, Long> lastInvoke = new LinkedHashMap<>();
        for (HistoryCall<Integer> c : history) {
            lastInvoke.merge(c.op(), c.invoke(), Math::max);
            if (!c.pending()) {
                firstReturn.merge(c.op(), c.response(), Math::min);
            }
        }
        List<String> bad = new ArrayList<>();
        firstReturn.forEach((k, ret) -> {
            if (ret < lastInvoke.get(k)) {
                bad.add("call " + k + " returned (stamp " + ret + ") before the last call " + k + " was invoked (stamp "
                        + lastInvoke.get(k) + ")");
            }
        });
        return bad;
    }
}
