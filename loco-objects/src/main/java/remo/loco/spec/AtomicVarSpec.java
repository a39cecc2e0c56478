package remo.loco.spec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import remo.models.algebra.Relation;

/**
 * The specification of {@link remo.loco.AtomicVar} (loco.md §4.3):
 * <pre>
 * st(fetchAdd) = st(successful CAS) = {aNAR(h,wv), aNRW(h,wv), aWT(wv)}  io: aNAR → aNRW → aWT
 * st(failed CAS) = {aNAR(h,wv), aWT(wv)}                                  io: aNAR → aWT
 * st(load)       = {aNRR(h,wv), aWT(wv)}                                  io: aNRR → aWT
 * witness: ao = rao_h restricted to this variable's RMW calls; rf_av: load → RMW call or init
 * so_av = { ((a,aNRW),(b,aNAR)) | a ao b, a writes } ∪ { ((a,aNAR),(b,aNAR)) | a ao b }
 *       ∪ { ((a,aNRW),(g,aNRR)) | a rf_av g }
 * </pre>
 * Axioms AV1 (each RMW returns the value its ao-predecessor left, and writes accordingly) and AV2
 * (a load does not see past a write). AV3, linearizability, is checked on histories by
 * {@link remo.loco.lin.LinearizabilityChecker} with {@link remo.loco.lin.AtomicSpec}.
 */
public final class AtomicVarSpec extends LibrarySpec {
    private final int home;
    private final long initial;

    /** @param object the variable's name; @param home its home node; @param initial its initial value */
    public AtomicVarSpec(String object, int home, long initial) {
        super(object);
        this.home = home;
        this.initial = initial;
    }

    private static boolean writes(ObjectCall c) {
        return c.method().equals("fetchAdd") || (c.method().equals("compareAndSwap") && c.resultValue() == c.arg(0));
    }

    private static boolean rmw(ObjectCall c) {
        return !c.method().equals("load");
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        if (!rmw(c)) {
            return List.of(Stamp.of(StampKind.aNRR, home, "wv"), Stamp.wait("wv"));
        }
        if (writes(c)) {
            return List.of(Stamp.of(StampKind.aNAR, home, "wv"), Stamp.of(StampKind.aNRW, home, "wv"), Stamp.wait("wv"));
        }
        return List.of(Stamp.of(StampKind.aNAR, home, "wv"), Stamp.wait("wv"));
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        return chain(st(c, g));
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        return firstWith(c, s, g);
    }

    /** The RMW calls in rao order (by the position of their NAR in its rao class). */
    private List<ObjectCall> ao(List<ObjectCall> calls, RecordedGraph g) {
        Map<Integer, Integer> position = new java.util.HashMap<>();
        for (List<Integer> cls : g.rao().values()) {
            for (int i = 0; i < cls.size(); i++) {
                position.put(cls.get(i), i);
            }
        }
        List<ObjectCall> out = new ArrayList<>();
        for (ObjectCall c : calls) {
            if (rmw(c)) {
                out.add(c);
            }
        }
        out.sort(Comparator.comparingInt(c -> position.getOrDefault(rep(c, Stamp.of(StampKind.aNAR, home, "wv"), g),
                Integer.MAX_VALUE)));
        return out;
    }

    /** The RMW call whose NRW load {@code g} read, or null for the initial value. */
    private ObjectCall source(ObjectCall load, List<ObjectCall> ao, RecordedGraph g) {
        int nrr = rep(load, Stamp.of(StampKind.aNRR, home, "wv"), g);
        int w = nrr < 0 ? -1 : g.rf(nrr);
        for (ObjectCall a : ao) {
            if (writes(a) && rep(a, Stamp.of(StampKind.aNRW, home, "wv"), g) == w) {
                return a;
            }
        }
        return null;
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        List<ObjectCall> ao = ao(calls, g);
        List<SubEvent[]> so = new ArrayList<>();
        for (int i = 0; i < ao.size(); i++) {
            for (int j = i + 1; j < ao.size(); j++) {
                if (writes(ao.get(i))) {
                    so.add(new SubEvent[] {new SubEvent(ao.get(i), Stamp.of(StampKind.aNRW, home, "wv")),
                        new SubEvent(ao.get(j), Stamp.of(StampKind.aNAR, home, "wv"))});
                }
                so.add(new SubEvent[] {new SubEvent(ao.get(i), Stamp.of(StampKind.aNAR, home, "wv")),
                    new SubEvent(ao.get(j), Stamp.of(StampKind.aNAR, home, "wv"))});
            }
        }
        for (ObjectCall load : calls) {
            if (!rmw(load)) {
                ObjectCall a = source(load, ao, g);
                if (a != null) {
                    so.add(new SubEvent[] {new SubEvent(a, Stamp.of(StampKind.aNRW, home, "wv")),
                        new SubEvent(load, Stamp.of(StampKind.aNRR, home, "wv"))});
                }
            }
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        List<ObjectCall> ao = ao(calls, g);
        long value = initial;
        for (ObjectCall a : ao) {
            if (a.resultValue() != value) {
                bad.add("AV1: " + a + " returned " + a.resultValue() + ", its ao-predecessor left " + value);
            }
            long next = a.method().equals("fetchAdd") ? a.resultValue() + a.arg(0)
                    : a.resultValue() == a.arg(0) ? a.arg(1) : a.resultValue();
            int nrw = rep(a, Stamp.of(StampKind.aNRW, home, "wv"), g);
            if (writes(a) && (nrw < 0 || g.event(nrw).value() != next)) {
                bad.add("AV1: " + a + " should write " + next);
            }
            value = next;
        }
        for (ObjectCall load : calls) {
            if (rmw(load)) {
                continue;
            }
            ObjectCall a = source(load, ao, g);
            int nrr = rep(load, Stamp.of(StampKind.aNRR, home, "wv"), g);
            for (int i = a == null ? 0 : ao.indexOf(a) + 1; i < ao.size(); i++) {
                ObjectCall b = ao.get(i);
                int nrw = rep(b, Stamp.of(StampKind.aNRW, home, "wv"), g);
                if (writes(b) && nrw >= 0 && nrr >= 0 && hb.contains(nrw, nrr)) {
                    bad.add("AV2: " + load + " read " + (a == null ? "the initial value" : a) + " although " + b
                            + " wrote later and is hb-before it");
                }
            }
        }
        return bad;
    }
}
