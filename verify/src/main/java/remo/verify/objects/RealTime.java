package remo.verify.objects;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import remo.loco.lin.HistoryCall;
import remo.loco.lin.HistoryTable;
import remo.loco.lin.LinResult;
import remo.loco.lin.LinearizabilityChecker;
import remo.loco.lin.SequentialSpec;
import remo.loco.lin.LinearizabilityVerdict;
import remo.nic.explore.CheckLimitException;
import remo.nic.explore.StepOrder;
import remo.nic.explore.Violation;

/**
 * The real-time order of a history (loco.md §4.10) over every schedule of an explored run's class.
 * The explorer runs one schedule per class of schedules that differ only in the order of
 * independent steps; the calls' intervals differ between them (two calls of two nodes that touch
 * nothing in common may overlap in one and follow each other in another), so a property of real
 * time checked on the one schedule run would miss the others. Each end of a call is Java code that
 * runs inside a CPU step of its thread ({@link StepOrder}); the schedules of the class order these
 * steps in every way their happens-before order allows, and this class enumerates the distinct
 * real-time orders of the calls that result.
 */
final class RealTime {
    /** A bound on the orders enumerated per history, far above what the verified bounds reach. */
    private static final int MAX_EXTENSIONS = 2_000_000;

    private RealTime() {
    }

    /** One end of a call: its call, whether it is the invocation, and its stamp in the run. */
    private record End(int call, boolean invoke, long stamp) {
    }

    /** The ends of one thread's calls that run in one step (step -1: before the first step). */
    private record Point(String thread, long step, List<End> ends) {
    }

    /**
     * The distinct real-time orders of {@code calls} over the schedules of the run's class, each as
     * the calls stamped anew in that order (invocation and response stamps only; steps unchanged).
     * The first is the run's own order.
     *
     * @param calls completed calls of a deterministic run, with their scheduler steps
     * @throws IllegalArgumentException if a call has no scheduler steps (not a deterministic run) or is pending
     * @throws CheckLimitException     if the orders exceed a bound far above the verified workloads (the
     *                                  exploration then stops partial)
     */
    static <O> List<List<HistoryCall<O>>> orders(List<HistoryCall<O>> calls, StepOrder order) {
        List<Point> points = points(calls);
        int n = points.size();
        boolean[][] pred = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                pred[b][a] = a != b && before(points.get(a), points.get(b), order);
            }
        }
        List<List<HistoryCall<O>>> out = new ArrayList<>();
        Set<BitSet> seen = new HashSet<>();
        String key = key(points, pred);
        List<int[]> known;
        synchronized (ORDERS) {
            known = ORDERS.get(key);
        }
        if (known != null) {
            for (int[] seq : known) {
                restamp(calls, points, seq, seen, out);
            }
            return out;
        }
        List<int[]> kept = new ArrayList<>();
        int[] extensions = {0};
        extend(calls, points, pred, new int[n], 0, new boolean[n], seen, out, extensions, kept);
        synchronized (ORDERS) {
            ORDERS.put(key, kept);
        }
        return out;
    }

    /**
     * The orders of point sequences already enumerated, by the shape of their history (which ends
     * each point holds, in which order) and their order: the runs of one exploration repeat these
     * few shapes thousands of times, and the enumeration was a sixth of a run's cost (KvStore).
     */
    private static final Map<String, List<int[]>> ORDERS = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<int[]>> eldest) {
            return size() > 4096;
        }
    };

    private static String key(List<Point> points, boolean[][] pred) {
        StringBuilder k = new StringBuilder();
        for (Point p : points) {
            for (End e : p.ends()) {
                k.append(e.call()).append(e.invoke() ? 'i' : 'r');
            }
            k.append(';');
        }
        for (boolean[] row : pred) {
            for (boolean b : row) {
                k.append(b ? '1' : '0');
            }
        }
        return k.toString();
    }

    /**
     * Whether the invocation of {@code first} precedes the response of {@code second} in every
     * schedule of the run's class (same thread: the invocation is not after the response in program
     * order).
     */
    static boolean invokedBeforeEveryReturn(HistoryCall<?> first, HistoryCall<?> second, StepOrder order) {
        long inv = first.invokeStep() - 1;
        long ret = second.responseStep() - 1;
        if (first.thread().equals(second.thread())) {
            return first.invoke() < second.response();
        }
        return inv < 0 || order.before((int) inv, (int) ret);
    }

    /**
     * Checks that {@code calls} are linearizable under {@code spec} in every real-time order the
     * run's class gives them; {@code last}, if not null, is an operation that observes the final
     * state (a read of the object after every call) and is appended after all of them.
     *
     * @return a {@link Violation.Kind#LINEARIZABILITY} violation for the first order that has no
     *         linearization (or whose search timed out), with the history as a table; else nothing
     */
    static <S, O> List<Violation> linearizable(List<HistoryCall<O>> calls, SequentialSpec<S, O> spec, O last, StepOrder order,
                                               Function<O, String> call, Function<O, String> outcome) {
        List<List<HistoryCall<O>>> orders = orders(calls, order);
        for (int i = 0; i < orders.size(); i++) {
            List<HistoryCall<O>> h = new ArrayList<>(orders.get(i));
            if (last != null) {
                long end = h.stream().mapToLong(HistoryCall::response).max().orElse(0);
                h.add(new HistoryCall<>(h.size() + 1_000_000L, "final", 0, last, end + 1, end + 2, -1, -1));
            }
            LinResult<O> r = LinearizabilityChecker.check(h, spec, Duration.ofSeconds(20));
            if (r.verdict() != LinearizabilityVerdict.LINEARIZABLE) {
                return List.of(new Violation(Violation.Kind.LINEARIZABILITY, (r.verdict() == LinearizabilityVerdict.INCONCLUSIVE
                        ? "linearizability undecided: " : "not linearizable: ") + r.reason() + " (real-time order " + (i + 1)
                        + " of " + orders.size() + " of the run's class" + (last != null ? "; 'final' reads the final state" : "")
                        + ")\n" + HistoryTable.format(h, call, outcome)));
            }
        }
        return List.of();
    }

    // ------------------------------------------------------------------ points and their order

    private static <O> List<Point> points(List<HistoryCall<O>> calls) {
        Map<String, Point> byKey = new LinkedHashMap<>();
        for (int i = 0; i < calls.size(); i++) {
            HistoryCall<O> c = calls.get(i);
            if (c.pending() || c.invokeStep() < 0 || c.responseStep() < 0) {
                throw new IllegalArgumentException("call " + c + " has no scheduler steps or is pending");
            }
            add(byKey, c.thread(), c.invokeStep() - 1, new End(i, true, c.invoke()));
            add(byKey, c.thread(), c.responseStep() - 1, new End(i, false, c.response()));
        }
        List<Point> out = new ArrayList<>(byKey.values());
        for (Point p : out) {
            p.ends().sort(Comparator.comparingLong(End::stamp));
        }
        // the run's own order first: the enumeration tries points in this order
        out.sort(Comparator.comparingLong((Point p) -> p.ends().get(0).stamp()));
        return out;
    }

    private static void add(Map<String, Point> byKey, String thread, long step, End e) {
        byKey.computeIfAbsent(thread + "@" + step, k -> new Point(thread, step, new ArrayList<>())).ends().add(e);
    }

    /** Whether point {@code a} comes before point {@code b} in every schedule of the class. */
    private static boolean before(Point a, Point b, StepOrder order) {
        if (a.thread().equals(b.thread())) {
            return a.step() < b.step();
        }
        if (a.step() < 0 || b.step() < 0) {
            return a.step() < 0 && b.step() >= 0;
        }
        return order.before((int) a.step(), (int) b.step());
    }

    // ------------------------------------------------------------------ enumeration

    private static <O> void extend(List<HistoryCall<O>> calls, List<Point> points, boolean[][] pred, int[] seq, int placed,
                                   boolean[] done, Set<BitSet> seen, List<List<HistoryCall<O>>> out, int[] extensions,
                                   List<int[]> kept) {
        int n = points.size();
        if (placed == n) {
            if (++extensions[0] > MAX_EXTENSIONS) {
                throw new CheckLimitException("more than " + MAX_EXTENSIONS + " real-time orders of " + calls.size()
                        + " calls to enumerate");
            }
            if (restamp(calls, points, seq, seen, out)) {
                kept.add(seq.clone());
            }
            return;
        }
        for (int p = 0; p < n; p++) {
            if (done[p] || !ready(pred[p], done)) {
                continue;
            }
            done[p] = true;
            seq[placed] = p;
            extend(calls, points, pred, seq, placed + 1, done, seen, out, extensions, kept);
            done[p] = false;
        }
    }

    private static boolean ready(boolean[] pred, boolean[] done) {
        for (int q = 0; q < pred.length; q++) {
            if (pred[q] && !done[q]) {
                return false;
            }
        }
        return true;
    }

    /** The calls stamped in the order {@code seq}; kept (and {@code true}) if their real-time order is new. */
    private static <O> boolean restamp(List<HistoryCall<O>> calls, List<Point> points, int[] seq, Set<BitSet> seen,
                                    List<List<HistoryCall<O>>> out) {
        int c = calls.size();
        long[] invoke = new long[c];
        long[] response = new long[c];
        long stamp = 0;
        for (int p : seq) {
            for (End e : points.get(p).ends()) {
                stamp++;
                if (e.invoke()) {
                    invoke[e.call()] = stamp;
                } else {
                    response[e.call()] = stamp;
                }
            }
        }
        BitSet precedes = new BitSet(c * c);
        for (int a = 0; a < c; a++) {
            for (int b = 0; b < c; b++) {
                if (response[a] < invoke[b]) {
                    precedes.set(a * c + b);
                }
            }
        }
        if (!seen.add(precedes)) {
            return false;
        }
        List<HistoryCall<O>> h = new ArrayList<>(c);
        for (int i = 0; i < c; i++) {
            HistoryCall<O> x = calls.get(i);
            h.add(new HistoryCall<>(x.id(), x.thread(), x.node(), x.op(), invoke[i], response[i], x.invokeStep(), x.responseStep()));
        }
        h.sort(Comparator.comparingLong(HistoryCall::invoke));
        out.add(h);
        return true;
    }
}
