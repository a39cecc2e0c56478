package remo.loco.spec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongToIntFunction;
import remo.models.algebra.Relation;

/**
 * The client-facing specification of {@link remo.loco.KvStore} (loco.md §4.9):
 * <pre>
 * st(get)    = {aNRR(h,wk), aWT(wk)}            io: aNRR → aWT     rep aNRR = final v1 read
 * st(put), st(remove) = {aNAR(h,wl), aNRW(h,wk), aGF}   io: aNAR → aNRW → aGF
 *            rep: aNAR = successful W2 RCAS; aNRW = W7's write; aGF = W8's gf
 * so_kv = { ((p,aNRW(h)),(g,aNRR(h))) | p is the lin-last write of g's key before g }
 * Ax_kv = linearizability
 * </pre>
 * A put that found its bucket full and a remove that found no key write nothing: their stamps are
 * {@code {aNAR(h,wl), aGF}}. The lin-last write of a get that returned a value is the put of that
 * value (values are unique per put in the tests); gets that returned null add no so edge.
 * Linearizability itself is checked on histories ({@link remo.loco.lin.MapSpec}); the graph axiom
 * checked here is the seqlock's: the two version reads of a get's final iteration are equal and even.
 */
public final class KvStoreSpec extends LibrarySpec {
    private final LongToIntFunction home;
    private final LongToIntFunction versionWord;

    /**
     * @param object      the store's name
     * @param home        the home node of a key
     * @param versionWord the offset of the version word of a key's bucket in {@code tab}
     */
    public KvStoreSpec(String object, LongToIntFunction home, LongToIntFunction versionWord) {
        super(object);
        this.home = home;
        this.versionWord = versionWord;
    }

    private static boolean writes(ObjectCall c) {
        return c.method().equals("put") ? !Boolean.TRUE.equals(c.result()) : Boolean.TRUE.equals(c.result());
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        int h = home.applyAsInt(c.arg(0));
        if (c.method().equals("get")) {
            return List.of(Stamp.of(StampKind.aNRR, h, "wk"), Stamp.wait("wk"));
        }
        return writes(c) ? List.of(Stamp.of(StampKind.aNAR, h, "wl"), Stamp.of(StampKind.aNRW, h, "wk"), Stamp.of(StampKind.aGF))
                : List.of(Stamp.of(StampKind.aNAR, h, "wl"), Stamp.of(StampKind.aGF));
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        return chain(st(c, g));
    }

    /** The events of {@code c}'s body that access its key's version word with stamp {@code s}. */
    private List<Integer> onVersion(ObjectCall c, Stamp s, RecordedGraph g) {
        List<Integer> out = new ArrayList<>();
        int word = versionWord.applyAsInt(c.arg(0));
        for (RecordedGraph.Event e : body(c, g)) {
            if (s.matches(e) && e.at(object + "/tab", word)) {
                out.add(e.id());
            }
        }
        return out;
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        switch (s.kind()) {
            case aNRR: {
                List<Integer> v = onVersion(c, s, g);
                return v.size() < 2 ? -1 : v.get(v.size() - 2);
            }
            case aNRW: {
                List<Integer> v = onVersion(c, s, g);
                return v.isEmpty() ? -1 : v.get(v.size() - 1);
            }
            default:
                return lastWith(c, s, g);
        }
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        List<SubEvent[]> so = new ArrayList<>();
        for (ObjectCall get : calls) {
            if (!get.method().equals("get") || get.result() == null) {
                continue;
            }
            for (ObjectCall p : calls) {
                if (p.method().equals("put") && p.arg(0) == get.arg(0) && writes(p)
                        && Arrays.equals(p.args().subList(1, p.args().size()).stream().mapToLong(Long::longValue).toArray(),
                        (long[]) get.result())) {
                    int h = home.applyAsInt(get.arg(0));
                    so.add(new SubEvent[] {new SubEvent(p, Stamp.of(StampKind.aNRW, h, "wk")),
                        new SubEvent(get, Stamp.of(StampKind.aNRR, h, "wk"))});
                }
            }
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        for (ObjectCall get : calls) {
            if (get.method().equals("get")) {
                List<Integer> v = onVersion(get, Stamp.of(StampKind.aNRR, home.applyAsInt(get.arg(0)), "wk"), g);
                if (v.size() < 2) {
                    bad.add("seqlock: " + get + " has fewer than two version reads");
                    continue;
                }
                long v1 = g.event(v.get(v.size() - 2)).value();
                long v2 = g.event(v.get(v.size() - 1)).value();
                if (v1 != v2 || (v1 & 1) != 0) {
                    bad.add("seqlock: " + get + " returned after version reads " + v1 + ", " + v2);
                }
            }
        }
        return bad;
    }
}
