package remo.loco.spec;

import java.util.ArrayList;
import java.util.List;
import remo.models.algebra.Relation;

/**
 * A library specification {@code L = (Methods, st, io, so, Ax)} with its representative map
 * (loco.md §2.5, §2.6), checked on a recorded concrete graph of the library's implementation:
 *
 * <ul>
 *   <li>V2: every abstract subevent {@code (e,s)} with {@code s ∈ st(e)} has a representative, an
 *       event of {@code e}'s body that carries stamp {@code s} (same label, node and work id);</li>
 *   <li>V3: {@code (x,y) ∈ io ⇒ (rep x, rep y) ∈ hb};</li>
 *   <li>V4: {@code (x,y) ∈ so ⇒ (rep x, rep y) ∈ hb};</li>
 *   <li>V5: the library's axioms, over its calls, the graph and hb.</li>
 * </ul>
 *
 * Subclasses give {@code st}, {@code io}, {@code rep}, {@code so} and the axioms of one object of
 * loco.md §4; {@code hb} is the model's happens-before on the graph, transitively closed, supplied by the
 * caller (it is computed from the cat model, so no ordering table is copied here).
 */
public abstract class LibrarySpec {
    /** The object's name. */
    protected final String object;

    protected LibrarySpec(String object) {
        this.object = object;
    }

    /** {@code st(e)}: the stamps of call {@code c} (they may depend on its outcome). */
    protected abstract List<Stamp> st(ObjectCall c, RecordedGraph g);

    /** {@code io(e)}: the intra-event order, as pairs of stamps of {@code st(c)}. */
    protected abstract List<Stamp[]> io(ObjectCall c, RecordedGraph g);

    /** {@code rep(e,s)}: the representative event of stamp {@code s} in {@code c}'s body, or -1. */
    protected abstract int rep(ObjectCall c, Stamp s, RecordedGraph g);

    /** {@code so_L}: the library's synchronisation edges between subevents of its calls. */
    protected abstract List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g);

    /** {@code Ax_L}: the axioms; each violation one line. */
    protected abstract List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb);

    /**
     * The io of a call whose stamps are totally ordered: each stamp of {@code stamps} before the
     * next, as the loco.md §4 specifications write {@code io: s1 → s2 → …}.
     */
    protected static List<Stamp[]> chain(List<Stamp> stamps) {
        List<Stamp[]> io = new ArrayList<>();
        for (int i = 0; i + 1 < stamps.size(); i++) {
            io.add(new Stamp[] {stamps.get(i), stamps.get(i + 1)});
        }
        return io;
    }

    /**
     * Adds the stamps of a put to each of {@code nodes} (loco.md §4.6, §4.8: barrier and broadcast
     * fan-out), {@code aNLR(j,w)} then {@code aNRW(j,w)} for every {@code j}.
     */
    protected static void addRemotePuts(List<Stamp> st, Iterable<Integer> nodes, String workId) {
        for (int j : nodes) {
            st.add(Stamp.of(StampKind.aNLR, j, workId));
            st.add(Stamp.of(StampKind.aNRW, j, workId));
        }
    }

    /**
     * Adds the io of the puts of {@link #addRemotePuts}, each issued after {@code before}:
     * {@code before → aNLR(j,w) → aNRW(j,w)} for every {@code j}.
     */
    protected static void addRemotePutOrder(List<Stamp[]> io, Stamp before, Iterable<Integer> nodes, String workId) {
        for (int j : nodes) {
            io.add(new Stamp[] {before, Stamp.of(StampKind.aNLR, j, workId)});
            io.add(new Stamp[] {Stamp.of(StampKind.aNLR, j, workId), Stamp.of(StampKind.aNRW, j, workId)});
        }
    }

    /** The events of {@code c}'s body. */
    protected static List<RecordedGraph.Event> body(ObjectCall c, RecordedGraph g) {
        return g.eventsOf(c.thread(), c.firstPo(), c.lastPo());
    }

    /** The last event of {@code c}'s body that carries {@code s}, or -1. */
    protected static int lastWith(ObjectCall c, Stamp s, RecordedGraph g) {
        int found = -1;
        for (RecordedGraph.Event e : body(c, g)) {
            if (s.matches(e)) {
                found = e.id();
            }
        }
        return found;
    }

    /** The last event of {@code c}'s body that carries {@code s} and accesses {@code region}, or -1. */
    protected static int lastIn(ObjectCall c, Stamp s, String region, RecordedGraph g) {
        int found = -1;
        for (RecordedGraph.Event e : body(c, g)) {
            if (s.matches(e) && region.equals(e.region())) {
                found = e.id();
            }
        }
        return found;
    }

    /** The first event of {@code c}'s body that carries {@code s}, or -1. */
    protected static int firstWith(ObjectCall c, Stamp s, RecordedGraph g) {
        for (RecordedGraph.Event e : body(c, g)) {
            if (s.matches(e)) {
                return e.id();
            }
        }
        return -1;
    }

    /**
     * Checks V2–V5 on {@code calls} (the calls of this object in a run) and the run's graph.
     *
     * @param hb the model's happens-before on {@code g}'s events, transitively closed
     */
    public final SpecReport check(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        int ioPairs = 0;
        for (ObjectCall c : calls) {
            for (Stamp s : st(c, g)) {
                int r = rep(c, s, g);
                if (r < 0) {
                    bad.add("V2: " + c + " has no representative of " + s);
                } else if (!s.matches(g.event(r))) {
                    bad.add("V2: the representative " + g.event(r) + " of " + s + " in " + c + " has another stamp");
                }
            }
            for (Stamp[] p : io(c, g)) {
                ioPairs++;
                int x = rep(c, p[0], g);
                int y = rep(c, p[1], g);
                if (x >= 0 && y >= 0 && !hb.contains(x, y)) {
                    bad.add("V3: io " + p[0] + " -> " + p[1] + " of " + c + ": " + g.event(x) + " is not hb-before "
                            + g.event(y));
                }
            }
        }
        List<SubEvent[]> so = so(calls, g);
        for (SubEvent[] e : so) {
            int x = rep(e[0].call(), e[0].stamp(), g);
            int y = rep(e[1].call(), e[1].stamp(), g);
            if (x < 0 || y < 0) {
                bad.add("V4: so edge " + e[0] + " -> " + e[1] + " has no representative");
            } else if (!hb.contains(x, y)) {
                bad.add("V4: so edge " + e[0] + " -> " + e[1] + ": " + g.event(x) + " is not hb-before " + g.event(y));
            }
        }
        for (String a : axioms(calls, g, hb)) {
            bad.add("V5: " + a);
        }
        return new SpecReport(object, calls.size(), ioPairs, so.size(), bad);
    }
}
