package remo.loco.lin;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A history printed as a small readable table (loco.md §4.10): one row per call in invocation
 * order, with its thread, the call, what it returned and its real-time interval. Interval ends are
 * renumbered {@code 1, 2, …} in time order, so that overlap is easy to see; in deterministic mode
 * the scheduler steps follow.
 *
 * <pre>
 *  call  thread  node  operation         returned  interval  steps
 *     4  n1.t0      1  put(2, [5,5])     ok          1 – 4     310 – 722
 *     9  n2.t1      2  get(2)            null        2 – 3     402 – 517
 * </pre>
 */
public final class HistoryTable {
    private HistoryTable() {
    }

    /**
     * @param calls   the calls
     * @param call    the call as written ({@code put(2, [5,5])})
     * @param outcome what it returned ({@code ok}, {@code null}, {@code [5,5]}, {@code true}); pending
     *                calls print {@code (pending)}
     * @return the table, lines ending in {@code \n}
     */
    public static <O> String format(List<HistoryCall<O>> calls, Function<O, String> call, Function<O, String> outcome) {
        TreeSet<Long> stamps = new TreeSet<>();
        for (HistoryCall<O> c : calls) {
            stamps.add(c.invoke());
            if (!c.pending()) {
                stamps.add(c.response());
            }
        }
        List<Long> order = new ArrayList<>(stamps);
        boolean steps = calls.stream().anyMatch(c -> c.invokeStep() >= 0);
        List<String[]> rows = new ArrayList<>();
        rows.add(steps ? new String[] {"call", "thread", "node", "operation", "returned", "interval", "steps"}
                : new String[] {"call", "thread", "node", "operation", "returned", "interval"});
        List<HistoryCall<O>> sorted = new ArrayList<>(calls);
        sorted.sort(java.util.Comparator.comparingLong(HistoryCall::invoke));
        for (HistoryCall<O> c : sorted) {
            String end = c.pending() ? "…" : Integer.toString(order.indexOf(c.response()) + 1);
            String interval = (order.indexOf(c.invoke()) + 1) + " – " + end;
            String ret = c.pending() ? "(pending)" : outcome.apply(c.op());
            String stepCol = c.invokeStep() + " – " + (c.pending() ? "…" : Long.toString(c.responseStep()));
            rows.add(steps ? new String[] {Long.toString(c.id()), c.thread(), Integer.toString(c.node()), call.apply(c.op()),
                ret, interval, stepCol}
                    : new String[] {Long.toString(c.id()), c.thread(), Integer.toString(c.node()), call.apply(c.op()), ret,
                interval});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                boolean right = i == 0 || i == 2;
                String cell = right ? String.format(Locale.ROOT, "%" + width[i] + "s", r[i])
                        : String.format(Locale.ROOT, "%-" + width[i] + "s", r[i]);
                line.append(i == 0 ? " " : "  ").append(cell);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
