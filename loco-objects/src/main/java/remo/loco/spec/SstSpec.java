package remo.loco.spec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.models.algebra.Relation;
import remo.nic.NodeSet;

/**
 * The specification of {@link remo.loco.Sst} (loco.md §4.5): each field {@code (i,f)} is an
 * owned variable whose owner is the row owner of node {@code i}, written by {@code set} and
 * propagated only by {@code push}/{@code pushField}.
 * <pre>
 * st(set) = {aCW}; st(get) = {aCR}; st(flush) = {aWT(ws)}
 * st(push) = st(pushField) = {aNLR(k,ws), aNRW(k,ws) | k ∈ P\{here}}, io: aNLR(k) → aNRW(k)
 * so_sst = { ((s,aCW),(g,aCR)) | g returns the value of set s, thr(g) ≠ thr(s) }
 * </pre>
 * Axioms SST1–SST4. Values set must be distinct per field and non-zero (the initial value).
 */
public final class SstSpec extends LibrarySpec {
    private final NodeSet participants;
    private final int fields;

    /** @param object the table's name; @param participants its participants; @param fields {@code F} */
    public SstSpec(String object, NodeSet participants, int fields) {
        super(object);
        this.participants = participants;
        this.fields = fields;
    }

    private static boolean isPush(ObjectCall c) {
        return c.method().equals("push") || c.method().equals("pushField");
    }

    private static boolean covers(ObjectCall push, int f) {
        return push.method().equals("push") || push.arg(0) == f;
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        switch (c.method()) {
            case "set":
                return List.of(Stamp.of(StampKind.aCW));
            case "get":
                return List.of(Stamp.of(StampKind.aCR));
            case "flush":
                return List.of(Stamp.wait("ws"));
            default: {
                List<Stamp> s = new ArrayList<>();
                for (int k : participants.minus(c.node())) {
                    s.add(Stamp.of(StampKind.aNLR, k, "ws"));
                    s.add(Stamp.of(StampKind.aNRW, k, "ws"));
                }
                return s;
            }
        }
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        List<Stamp[]> io = new ArrayList<>();
        if (isPush(c)) {
            for (int k : participants.minus(c.node())) {
                io.add(new Stamp[] {Stamp.of(StampKind.aNLR, k, "ws"), Stamp.of(StampKind.aNRW, k, "ws")});
            }
        }
        return io;
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        return firstWith(c, s, g);
    }

    /** The NRW of {@code push} that writes field {@code f} of its row on node {@code k}, or -1. */
    private int fieldWrite(ObjectCall push, int f, int k, RecordedGraph g) {
        int word = participants.indexOf(push.node()) * fields + f;
        for (RecordedGraph.Event e : body(push, g)) {
            if (Stamp.of(StampKind.aNRW, k, "ws").matches(e) && e.at(object + "/tab", word)) {
                return e.id();
            }
        }
        return -1;
    }

    /** Field key {@code (i,f)}. */
    private static long key(int node, long f) {
        return node * 1_000_000L + f;
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        List<SubEvent[]> so = new ArrayList<>();
        for (ObjectCall get : calls) {
            if (!get.method().equals("get")) {
                continue;
            }
            for (ObjectCall set : calls) {
                if (set.method().equals("set") && set.node() == get.arg(0) && set.arg(0) == get.arg(1)
                        && set.arg(1) == get.resultValue() && !set.thread().equals(get.thread())) {
                    so.add(new SubEvent[] {new SubEvent(set, Stamp.of(StampKind.aCW)),
                        new SubEvent(get, Stamp.of(StampKind.aCR))});
                }
            }
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        Map<Long, List<ObjectCall>> sets = new HashMap<>();
        Map<Integer, List<ObjectCall>> owner = new HashMap<>();
        for (ObjectCall c : calls) {
            if (c.method().equals("set")) {
                sets.computeIfAbsent(key(c.node(), c.arg(0)), x -> new ArrayList<>()).add(c);
            }
            if (!c.method().equals("get")) {
                owner.computeIfAbsent(c.node(), x -> new ArrayList<>()).add(c);
            }
        }
        Map<String, Integer> lastSeen = new HashMap<>();
        for (ObjectCall get : calls) {
            if (!get.method().equals("get") || get.arg(0) == get.node()) {
                continue;
            }
            int i = (int) get.arg(0);
            int f = (int) get.arg(1);
            List<ObjectCall> fs = sets.getOrDefault(key(i, f), List.of());
            List<ObjectCall> ops = owner.getOrDefault(i, List.of());
            int src = -1;
            if (get.resultValue() != 0) {
                src = -2;
                for (int s = 0; s < fs.size(); s++) {
                    if (fs.get(s).arg(1) == get.resultValue()) {
                        src = s;
                    }
                }
                if (src == -2) {
                    bad.add("SST1: " + get + " returned a value no set of field (" + i + "," + f + ") wrote");
                    continue;
                }
                ObjectCall s = fs.get(src);
                boolean pushed = ops.stream().anyMatch(p -> isPush(p) && covers(p, f) && p.firstPo() > s.lastPo());
                if (!pushed) {
                    bad.add("SST1: " + get + " returned set " + s + ", which no later push of field " + f + " covers");
                }
            }
            Integer before = lastSeen.put(get.thread() + "/" + key(i, f), src);
            if (before != null && src < before) {
                bad.add("SST2: " + get + " went back from set " + before + " to " + src);
            }
            int cr = rep(get, Stamp.of(StampKind.aCR), g);
            for (ObjectCall p : ops) {
                if (!isPush(p) || !covers(p, f)) {
                    continue;
                }
                int nrw = fieldWrite(p, f, get.node(), g);
                if (nrw < 0 || cr < 0 || !hb.contains(nrw, cr)) {
                    continue;
                }
                int lastSet = -1;
                for (int s = 0; s < fs.size(); s++) {
                    if (fs.get(s).lastPo() < p.firstPo()) {
                        lastSet = s;
                    }
                }
                if (src < lastSet) {
                    bad.add("SST3: " + get + " returned set " + src + " although push " + p + " of set " + lastSet
                            + " is hb-before it");
                }
            }
        }
        for (Map.Entry<Long, List<ObjectCall>> e : sets.entrySet()) {
            List<ObjectCall> fs = e.getValue();
            ObjectCall last = fs.get(fs.size() - 1);
            int i = last.node();
            int f = (int) last.arg(0);
            boolean pushed = owner.get(i).stream().anyMatch(p -> isPush(p) && covers(p, f) && p.firstPo() > last.lastPo());
            if (!pushed) {
                continue;
            }
            for (int k : participants.minus(i)) {
                long v = g.finalValue(object + "/tab", k, participants.indexOf(i) * fields + f, 0);
                if (v != last.arg(1)) {
                    bad.add("SST4: field (" + i + "," + f + ") ends with " + v + " on node " + k + ", its last pushed set was "
                            + last.arg(1));
                }
            }
        }
        return bad;
    }
}
