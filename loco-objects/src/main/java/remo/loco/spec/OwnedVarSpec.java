package remo.loco.spec;

import java.util.ArrayList;
import java.util.List;
import remo.models.algebra.Relation;
import remo.nic.NodeSet;

/**
 * The specification of {@link remo.loco.OwnedVar} (loco.md §4.2):
 * <pre>
 * st(write) = {aCW} ∪ {aNLR(k,wo), aNRW(k,wo) | k ∈ P\{o}}   io: aCW → aNLR(k) → aNRW(k)
 * st(read)  = {aCR};  st(flush) = {aWT(wo)}
 * rf_ov: a read returns its source's value; wo = po on writes
 * so_ov = { ((w,aCW),(r,aCR)) | w rf_ov r, thr(r) ≠ thr(w) }
 * </pre>
 * Axioms OV1 (single writer), OV2 (monotone reads), OV3 (freshness), OV4 (convergence at
 * quiescence). {@code rf_ov} is recovered from values, so the values written must be distinct and
 * differ from the initial value.
 */
public final class OwnedVarSpec extends LibrarySpec {
    private final NodeSet participants;
    private final int owner;
    private final long initial;

    /**
     * @param object       the variable's name
     * @param participants its participant set
     * @param owner        the owner node
     * @param initial      its initial value
     */
    public OwnedVarSpec(String object, NodeSet participants, int owner, long initial) {
        super(object);
        this.participants = participants;
        this.owner = owner;
        this.initial = initial;
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        switch (c.method()) {
            case "write": {
                List<Stamp> s = new ArrayList<>(List.of(Stamp.of(StampKind.aCW)));
                for (int k : participants.minus(owner)) {
                    s.add(Stamp.of(StampKind.aNLR, k, "wo"));
                    s.add(Stamp.of(StampKind.aNRW, k, "wo"));
                }
                return s;
            }
            case "read":
                return List.of(Stamp.of(StampKind.aCR));
            default:
                return List.of(Stamp.wait("wo"));
        }
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        List<Stamp[]> io = new ArrayList<>();
        if (c.method().equals("write")) {
            for (int k : participants.minus(owner)) {
                io.add(new Stamp[] {Stamp.of(StampKind.aCW), Stamp.of(StampKind.aNLR, k, "wo")});
                io.add(new Stamp[] {Stamp.of(StampKind.aNLR, k, "wo"), Stamp.of(StampKind.aNRW, k, "wo")});
            }
        }
        return io;
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        return firstWith(c, s, g);
    }

    private static List<ObjectCall> writes(List<ObjectCall> calls) {
        return calls.stream().filter(c -> c.method().equals("write")).toList();
    }

    /** The wo index of the write a read returned, -1 for the initial value, -2 if no write has its value. */
    private int source(ObjectCall read, List<ObjectCall> writes) {
        long v = read.resultValue();
        for (int i = 0; i < writes.size(); i++) {
            if (writes.get(i).arg(0) == v) {
                return i;
            }
        }
        return v == initial ? -1 : -2;
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        List<ObjectCall> w = writes(calls);
        List<SubEvent[]> so = new ArrayList<>();
        for (ObjectCall r : calls) {
            if (r.method().equals("read")) {
                int src = source(r, w);
                if (src >= 0 && !w.get(src).thread().equals(r.thread())) {
                    so.add(new SubEvent[] {new SubEvent(w.get(src), Stamp.of(StampKind.aCW)),
                        new SubEvent(r, Stamp.of(StampKind.aCR))});
                }
            }
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        List<ObjectCall> w = writes(calls);
        if (w.stream().map(ObjectCall::thread).distinct().count() > 1) {
            bad.add("OV1: writes by several endpoints");
        }
        java.util.Map<String, Integer> lastSeen = new java.util.HashMap<>();
        for (ObjectCall r : calls) {
            if (!r.method().equals("read")) {
                continue;
            }
            int src = source(r, w);
            if (src == -2) {
                bad.add("rf_ov: " + r + " returned a value no write wrote");
                continue;
            }
            Integer before = lastSeen.put(r.thread(), src);
            if (before != null && src < before) {
                bad.add("OV2: " + r + " returned write " + src + " after the same thread read write " + before);
            }
            int k = r.node();
            int cr = rep(r, Stamp.of(StampKind.aCR), g);
            for (int i = src + 1; i < w.size(); i++) {
                ObjectCall newer = w.get(i);
                boolean fresherSeen;
                if (k != owner) {
                    int nrw = rep(newer, Stamp.of(StampKind.aNRW, k, "wo"), g);
                    fresherSeen = nrw >= 0 && cr >= 0 && hb.contains(nrw, cr);
                } else {
                    int cw = rep(newer, Stamp.of(StampKind.aCW), g);
                    fresherSeen = cw >= 0 && cr >= 0 && hb.contains(cw, cr);
                }
                boolean poBefore = newer.thread().equals(r.thread()) && newer.lastPo() < r.firstPo();
                if (fresherSeen || poBefore) {
                    bad.add("OV3: " + r + " returned write " + src + " although write " + i + " (" + newer + ") is "
                            + (poBefore ? "po-before it" : "hb-before it"));
                    break;
                }
            }
        }
        long last = w.isEmpty() ? initial : w.get(w.size() - 1).arg(0);
        for (int k : participants) {
            long v = g.finalValue(object + "/val", k, 0, initial);
            if (v != last) {
                bad.add("OV4: the replica on node " + k + " ends with " + v + ", the last write was " + last);
            }
        }
        return bad;
    }
}
