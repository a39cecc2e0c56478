package remo.verify.locks;

import remo.locks.LockVariant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.models.CatModel;
import remo.core.graph.ExecutionGraph;
import remo.core.graph.ExecutionGraph.Event;
import remo.core.rdma.EventLabel;
import remo.core.graph.ExecutionGraph.OpInfo;
import remo.core.rdma.OpKind;
import remo.conformance.TraceConformance;
import remo.locks.LockVariant;
import remo.nic.explore.Violation;
import remo.conformance.RecordedExecution;

/**
 * The checks of locks.md §10.2 and §10.3 on one deterministic run of a {@link LockWorkload} (a
 * seeded run or a run of the model checker):
 * <ul>
 *   <li>the run completes and the counter equals the number of acquisitions (no lost update);</li>
 *   <li>locks.md §10.2: the recorded graph is consistent under the model (trace conformance);</li>
 *   <li>(a) for every lock-order-consecutive pair, the release's representative is hb-before the
 *       next acquire's representative (ticket locks: the R1 store and the first spin read of the
 *       final round that saw a value ≥ the ticket, locks.md §3.4; CAS lock: the release op's NRW and the
 *       successful RCAS's NAR, locks.md §5.4), hb being the model's, evaluated on the recorded graph;</li>
 *   <li>(b) ORD-W (weak ticket lock: CPU subevents) or ORD-S (the others: all subevents): every
 *       subevent of the releasing thread po-before the release is hb-before every subevent of the
 *       next holder po-after its acquire;</li>
 *   <li>(c) real-time exclusion: the next acquire returns, in scheduler steps, after the release
 *       was invoked;</li>
 *   <li>(d) ticket locks, FIFO: if one RFAA completed (NLW) before another's first step (NAR) in
 *       scheduler order — the order in which the deterministic engine creates events, a stronger
 *       premise than "completed before posted" — its ticket is smaller and its critical section
 *       comes first.</li>
 * </ul>
 * Lock order is ticket order (ticket locks) or the rao order of successful RCASs (CAS lock).
 */
public final class LockChecks {
    private LockChecks() {
    }

    /** One acquisition located in the trace. */
    private record Located(int thread, int k, long order, int acqRep, long acqEndPo, int relRep, long relStartPo,
                           int rfaaNlw, int rfaaNar) {
    }

    /** A failed check: its kind and message (thrown inside, returned as a {@link Violation}). */
    private static final class Failed extends RuntimeException {
        final Violation.Kind kind;

        Failed(Violation.Kind kind, String message) {
            super(message, null, false, false);
            this.kind = kind;
        }
    }

    /**
     * What the checks say of one run.
     *
     * @param violations the first failed check, or nothing
     * @param excluded   whether the run's graph is inconsistent under a model that is not the
     *                   simulator's own (then the model forbids the run and nothing else is checked)
     */
    public record Judgement(List<Violation> violations, boolean excluded) {
    }

    /**
     * Runs every check (ORD-S for the strong locks, ORD-W for the weak one) under {@code model}.
     *
     * @param strictConformance whether an inconsistent graph is a violation (the simulator's own
     *                          model, {@code rdma-wait-rmw}) or a run the model forbids (a stronger
     *                          model such as {@code rdma-sc-rmw}: the run is excluded)
     */
    public static Judgement judge(LockWorkload sc, LockWorkload.Outcome o, CatModel model, boolean leaveOutSpins,
                                  boolean strictConformance) {
        try {
            check(sc, "", o, model, leaveOutSpins, sc.lock().strong());
            return new Judgement(List.of(), false);
        } catch (Failed f) {
            if (f.kind == Violation.Kind.CONFORMANCE && !strictConformance) {
                return new Judgement(List.of(), true);
            }
            return new Judgement(List.of(new Violation(f.kind, f.getMessage())), false);
        }
    }

    /**
     * Runs every check.
     *
     * @throws AssertionError naming the workload, the seed and what failed
     */
    public static void check(LockWorkload sc, long seed, LockWorkload.Outcome o, CatModel model) {
        check(sc, seed, o, model, true, sc.lock().strong());
    }

    /**
     * Runs every check, with or without the repeated spin reads ({@link RecordedExecution#of(ExecutionGraph,
     * CatModel, boolean)}), (b) as ORD-S if {@code ordS} and as ORD-W otherwise (a test claims ORD-S of
     * the weak lock, which it does not guarantee, to see the check refute it).
     *
     * @throws AssertionError naming the workload, the seed and what failed
     */
    public static void check(LockWorkload sc, long seed, LockWorkload.Outcome o, CatModel model, boolean leaveOutSpins,
                             boolean ordS) {
        try {
            check(sc, sc + " seed " + seed + ": ", o, model, leaveOutSpins, ordS);
        } catch (Failed f) {
            throw new AssertionError(f.getMessage());
        }
    }

    /**
     * The recorded calls do not follow the lock's procedure (a planted bug changed them): the
     * acquisitions cannot be located in the graph, so the checks that need them are skipped; the
     * checks before them (mutual exclusion, the counter, conformance) still judge the run.
     */
    private static final class Unlocatable extends RuntimeException {
        Unlocatable(String message) {
            super(message, null, false, false);
        }
    }

    private static void check(LockWorkload sc, String ctx, LockWorkload.Outcome o, CatModel model, boolean leaveOutSpins,
                              boolean ordS) {
        if (!o.result().threadFailures().isEmpty() || !o.result().completed()) {
            throw new Failed(Violation.Kind.ASSERTION, ctx + "the run failed: " + o.result().threadFailures());
        }
        mutualExclusion(ctx, o.acquisitions());
        long total = (long) sc.threads() * sc.acquisitions();
        require(o.counter() == total, ctx + "mutual exclusion: the counter is " + o.counter() + " after " + total
                + " increments under the lock (a lost update)");
        ExecutionGraph g = o.result().trace().orElseThrow();
        RecordedExecution x = RecordedExecution.of(g, model, leaveOutSpins);
        TraceConformance.Verdict v = x.conformance();
        if (!v.consistent()) {
            throw new Failed(Violation.Kind.CONFORMANCE, ctx + "the recorded graph is inconsistent under " + model.name() + ": "
                    + v.failedCheck() + " " + v.cycle() + " " + v.problems());
        }
        Map<String, Integer> threadIndex = new HashMap<>();
        for (ExecutionGraph.ThreadInfo t : g.threads()) {
            threadIndex.put(t.name(), t.index());
        }
        List<Located> located = new ArrayList<>();
        try {
            for (int t = 0; t < sc.threads(); t++) {
                locate(threadIndex.get("T" + t) == t, ctx + "thread T" + t + " is not the trace's thread " + t);
                located.addAll(sc.lock().ticket() ? ticketAcquisitions(sc, g, threadIndex.get("T" + t), t, ctx)
                        : casAcquisitions(sc, g, threadIndex.get("T" + t), t, ctx));
            }
            locate(located.size() == total, ctx + "found " + located.size() + " acquisitions in the trace, expected " + total);
        } catch (Unlocatable u) {
            return;
        }
        located.sort(Comparator.comparingLong(Located::order));
        Map<String, LockWorkload.Acquisition> stamps = new HashMap<>();
        for (LockWorkload.Acquisition a : o.acquisitions()) {
            stamps.put(a.thread() + "/" + a.k(), a);
        }
        for (Located l : located) {
            if (sc.lock().ticket()) {
                require(stamps.get(l.thread() + "/" + l.k()).ticket() == l.order(), ctx + "T" + l.thread() + "'s acquisition "
                        + l.k() + " holds ticket " + stamps.get(l.thread() + "/" + l.k()).ticket() + " but its RFAA drew "
                        + l.order());
            }
        }
        for (int i = 0; i + 1 < located.size(); i++) {
            Located rel = located.get(i);
            Located acq = located.get(i + 1);
            String pair = "lock-order pair " + i + " (T" + rel.thread() + "#" + rel.k() + " then T" + acq.thread() + "#" + acq.k()
                    + "): ";
            require(x.hb(rel.relRep(), acq.acqRep()), ctx + pair + "(a) release representative " + g.events().get(rel.relRep())
                    + " is not hb-before acquire representative " + g.events().get(acq.acqRep()));
            orderingGuarantee(ordS, g, x, rel, acq, ctx + pair);
            LockWorkload.Acquisition s0 = stamps.get(rel.thread() + "/" + rel.k());
            LockWorkload.Acquisition s1 = stamps.get(acq.thread() + "/" + acq.k());
            require(s1.retAcq() > s0.invRel(), ctx + pair + "(c) mutual exclusion: the acquire returned at step " + s1.retAcq()
                    + ", before the release was invoked at step " + s0.invRel() + " (two threads in the critical section)");
        }
        if (sc.lock().ticket()) {
            for (Located a : located) {
                for (Located b : located) {
                    if (a != b && a.rfaaNlw() < b.rfaaNar()) {
                        require(a.order() < b.order() && stamps.get(a.thread() + "/" + a.k()).retAcq()
                                < stamps.get(b.thread() + "/" + b.k()).retAcq(), ctx + "(d) FIFO: T" + a.thread() + "#" + a.k()
                                + "'s RFAA completed before T" + b.thread() + "#" + b.k() + "'s started, yet it entered later");
                    }
                }
            }
        }
    }

    /**
     * ORD-W/ORD-S for one pair. Every {@code x} hb-before the release representative and every
     * {@code y} hb-after the acquire representative is related through (a) — the proofs' path
     * (locks.md §3.5, §4.4, §5.5); only the pairs not covered that way are searched one by one.
     */
    private static void orderingGuarantee(boolean ordS, ExecutionGraph g, RecordedExecution x, Located rel, Located acq,
                                          String ctx) {
        java.util.function.IntPredicate toRelease = x.before(rel.relRep());
        java.util.function.IntPredicate fromAcquire = x.after(acq.acqRep());
        List<Integer> before = new ArrayList<>();
        List<Integer> after = new ArrayList<>();
        List<Integer> afterUncovered = new ArrayList<>();
        for (Event e : g.events()) {
            if (e.thread() == rel.thread() && e.po() < rel.relStartPo() && x.mapped(e.id())
                    && (ordS || isCpu(e))) {
                before.add(e.id());
            }
            if (e.thread() == acq.thread() && e.po() > acq.acqEndPo() && x.mapped(e.id())) {
                after.add(e.id());
                if (!fromAcquire.test(e.id())) {
                    afterUncovered.add(e.id());
                }
            }
        }
        for (int a : before) {
            boolean viaLock = toRelease.test(a);
            if (viaLock && afterUncovered.isEmpty()) {
                continue;
            }
            java.util.function.IntPredicate fromA = x.after(a);
            for (int b : viaLock ? afterUncovered : after) {
                require(fromA.test(b), ctx + "(b) " + (ordS ? "ORD-S" : "ORD-W") + ": " + g.events().get(a)
                        + " is not hb-before " + g.events().get(b));
            }
        }
    }

    private static boolean isCpu(Event e) {
        return switch (e.label()) {
            case R, W, F, WT, GF -> true;
            default -> false;
        };
    }

    /** The thread's acquisitions of a ticket lock, ordered by ticket. */
    private static List<Located> ticketAcquisitions(LockWorkload sc, ExecutionGraph g, int thread, int t, String ctx) {
        int slots = sc.slotsPerNode() * sc.nodes();
        List<OpInfo> rfaas = new ArrayList<>();
        for (OpInfo op : g.ops()) {
            if (op.thread() == thread && op.kind() == OpKind.RFAA && region(g, op.events().get(0)).equals(LockWorkload.NAME + "/next")) {
                rfaas.add(op);
            }
        }
        List<Event> rowReads = new ArrayList<>();
        List<Event> rowStores = new ArrayList<>();
        for (Event e : g.events()) {
            if (e.thread() == thread && e.location() >= 0 && region(g, e.id()).equals(LockWorkload.NAME + "/rows")) {
                if (e.label() == EventLabel.R) {
                    rowReads.add(e);
                } else if (e.label() == EventLabel.W) {
                    rowStores.add(e);
                }
            }
        }
        Comparator<Event> poOrder = Comparator.comparingLong(Event::po);
        rowReads.sort(poOrder);
        rowStores.sort(poOrder);
        rfaas.sort(Comparator.comparingLong(OpInfo::po));
        locate(rfaas.size() == sc.acquisitions() && rowStores.size() == sc.acquisitions(), ctx + "T" + t + " has "
                + rfaas.size() + " RFAAs and " + rowStores.size() + " row stores");
        List<Located> out = new ArrayList<>();
        for (int k = 0; k < rfaas.size(); k++) {
            OpInfo op = rfaas.get(k);
            Event nar = byLabel(g, op, EventLabel.NAR);
            Event nlw = byLabel(g, op, EventLabel.NLW);
            long ticket = nlw.value();
            Event store = rowStores.get(k);
            locate(store.value() == ticket + 1, ctx + "T" + t + " released ticket " + ticket + " by storing " + store.value());
            // rowReads is in po order: the spin is the reads between the RFAA and the release store
            int from = firstAfter(rowReads, op.po());
            int to = firstAfter(rowReads, store.po() - 1);
            List<Event> lastRound = rowReads.subList(Math.max(from, to - slots), to);
            Event rep = null;
            for (Event r : lastRound) {
                if (r.value() >= ticket) {
                    rep = r;
                    break;
                }
            }
            locate(rep != null, ctx + "T" + t + " entered with ticket " + ticket + " without a final spin read >= it");
            long relStart = store.po();
            if (callLabel(g, thread, store.po() - 1) == EventLabel.GF) {
                relStart = store.po() - 1; // the strong lock's release starts with its gf (locks.md §4.2 R0)
            }
            out.add(new Located(t, k, ticket, rep.id(), lastRound.get(lastRound.size() - 1).po(), store.id(), relStart,
                    nlw.id(), nar.id()));
        }
        return out;
    }

    /** The index of the first event of {@code byPo} (sorted by po) whose po is above {@code po}. */
    private static int firstAfter(List<Event> byPo, long po) {
        int lo = 0;
        int hi = byPo.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (byPo.get(mid).po() > po) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The thread's acquisitions of a CAS lock, ordered by the rao position of their successful RCAS. */
    private static List<Located> casAcquisitions(LockWorkload sc, ExecutionGraph g, int thread, int t, String ctx) {
        Map<Integer, Integer> raoPosition = new HashMap<>();
        for (List<Integer> nars : g.rao().values()) {
            for (int i = 0; i < nars.size(); i++) {
                raoPosition.put(nars.get(i), i);
            }
        }
        List<OpInfo> wins = new ArrayList<>();
        List<OpInfo> releases = new ArrayList<>();
        OpKind releaseKind = sc.lock() == LockVariant.CAS_PUT ? OpKind.PUT : OpKind.RFAA;
        for (OpInfo op : g.ops()) {
            if (op.thread() != thread || !region(g, remoteEvent(g, op).id()).equals(LockWorkload.NAME + "/L")) {
                continue;
            }
            if (op.kind() == OpKind.RCAS && !op.failedRcas()) {
                wins.add(op);
            } else if (op.kind() == releaseKind) {
                releases.add(op);
            }
        }
        wins.sort(Comparator.comparingLong(OpInfo::po));
        releases.sort(Comparator.comparingLong(OpInfo::po));
        locate(wins.size() == sc.acquisitions() && releases.size() == sc.acquisitions(), ctx + "T" + t + " has " + wins.size()
                + " successful RCASs and " + releases.size() + " releases");
        List<Located> out = new ArrayList<>();
        for (int k = 0; k < wins.size(); k++) {
            OpInfo win = wins.get(k);
            OpInfo rel = releases.get(k);
            Event nar = byLabel(g, win, EventLabel.NAR);
            locate(callLabel(g, thread, win.po() + 2) == EventLabel.R, ctx + "T" + t + ": acquire must end with the load of g");
            // the release starts with its gf (locks.md §5.3 R0), or with its write if a bug left the gf out
            long relStart = callLabel(g, thread, rel.po() - 1) == EventLabel.GF ? rel.po() - 1 : rel.po();
            out.add(new Located(t, k, raoPosition.get(nar.id()), nar.id(), win.po() + 2, byLabel(g, rel, EventLabel.NRW).id(),
                    relStart, -1, -1));
        }
        return out;
    }

    private static Event remoteEvent(ExecutionGraph g, OpInfo op) {
        for (int id : op.events()) {
            EventLabel l = g.events().get(id).label();
            if (l == EventLabel.NAR || l == EventLabel.NRW || l == EventLabel.NRR) {
                return g.events().get(id);
            }
        }
        throw new IllegalStateException("op without a remote step: " + op);
    }

    private static Event byLabel(ExecutionGraph g, OpInfo op, EventLabel label) {
        for (int id : op.events()) {
            if (g.events().get(id).label() == label) {
                return g.events().get(id);
            }
        }
        throw new IllegalStateException("op " + op + " has no " + label);
    }

    private static EventLabel callLabel(ExecutionGraph g, int thread, long po) {
        for (Event e : g.events()) {
            if (e.thread() == thread && e.po() == po) {
                return e.label();
            }
        }
        return null;
    }

    private static String region(ExecutionGraph g, int event) {
        Event e = g.events().get(event);
        return e.location() < 0 ? "" : g.locations().get(e.location()).region();
    }

    /**
     * Mutual exclusion in real time: the critical sections (from the acquire's return to the
     * release's invocation, in scheduler steps) of two acquisitions never overlap.
     */
    private static void mutualExclusion(String ctx, List<LockWorkload.Acquisition> acqs) {
        for (LockWorkload.Acquisition a : acqs) {
            for (LockWorkload.Acquisition b : acqs) {
                if (a != b && a.retAcq() <= b.retAcq() && b.retAcq() < a.invRel()) {
                    throw new Failed(Violation.Kind.SAFETY, ctx + "mutual exclusion: T" + b.thread() + " entered (acquisition "
                            + b.k() + ", step " + b.retAcq() + ") while T" + a.thread() + " was in its critical section "
                            + "(acquisition " + a.k() + ", steps " + a.retAcq() + "-" + a.invRel() + ")");
                }
            }
        }
    }

    private static void locate(boolean ok, String message) {
        if (!ok) {
            throw new Unlocatable(message);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new Failed(Violation.Kind.SAFETY, message);
        }
    }
}
