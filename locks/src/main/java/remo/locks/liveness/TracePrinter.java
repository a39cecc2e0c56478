package remo.locks.liveness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Prints a counterexample of {@code RdmaLocks.tla} in the lock's own words: one line per step
 * naming who moved (a thread's CPU step {@code t0@1}, its store buffer draining {@code t0 sb}, or
 * a queue pair {@code t0→3}), what it did (the program-counter change, the operation posted, the
 * value a put read or wrote, an RMW's read and write) and the memory words that changed
 * ({@code srv@3: 2 → 1, stale}); then the loop of a lasso and what every unfinished thread waits
 * for at the end. Never TLA+ records.
 */
public final class TracePrinter {
    private final Map<String, String> nodeOf = new LinkedHashMap<>();

    private TracePrinter(TlaState initial) {
        if (initial.get("mem") instanceof TlaValue.Fun mem) {
            for (TlaValue a : mem.pairs().keySet()) {
                String kind = LockWords.str(a.at("k"));
                if (kind.equals("tk") || kind.equals("g")) {
                    nodeOf.put(LockWords.str(a.at("j")), String.valueOf(a.at("n")));
                }
            }
        }
    }

    /**
     * The counterexample as text, one line per state (ends with a line break).
     *
     * @param cx a counterexample of {@code RdmaLocks.tla}
     * @return the printed trace
     * @throws IllegalArgumentException if its states lack the model's variables
     */
    public static String print(TlcCounterexample cx) {
        TracePrinter p = new TracePrinter(cx.states().get(0));
        StringBuilder sb = new StringBuilder();
        sb.append(switch (cx.kind()) {
            case INVARIANT -> "counterexample (invariant), " + cx.states().size() + " states:\n";
            case DEADLOCK -> "counterexample (deadlock: the last state has no successor), " + cx.states().size() + " states:\n";
            case LASSO -> "counterexample (lasso), " + cx.states().size() + " states, then "
                    + (cx.loopStart() > 0 ? "back to state " + cx.loopStart() + " forever" : "the last state forever") + ":\n";
        });
        if (!cx.fromStart()) {
            sb.append("      (TLC's distributed mode printed only the last ").append(cx.states().size() == 1 ? "state" : cx.states().size() + " states")
                    .append(", not the path from an initial state)\n");
        }
        TlaState prev = null;
        for (TlaState s : cx.states()) {
            if (cx.loopStart() > 0 && s.number() == cx.loopStart()) {
                sb.append("      ---- the loop starts here: states ").append(cx.loopStart()).append("..")
                        .append(cx.last().number()).append(" repeat forever ----\n");
            }
            sb.append(String.format("%6d  ", s.number()));
            sb.append(prev == null ? (cx.fromStart() ? p.initial(s) : p.reached(s)) : p.step(prev, s)).append('\n');
            prev = s;
        }
        if (cx.loopStart() > 0) {
            sb.append("      ---- back to state ").append(cx.loopStart()).append(" ----\n");
        } else if (cx.stuttering()) {
            sb.append("      ---- nothing happens any more: state ").append(cx.last().number()).append(" stutters forever ----\n");
        }
        sb.append(p.ending(cx));
        return sb.toString();
    }

    private String initial(TlaState s) {
        return String.format("%-9s initial: every thread in ncs; %s", "", words(s));
    }

    private String reached(TlaState s) {
        List<String> pcs = new ArrayList<>();
        for (String t : threads(s)) {
            pcs.add(who(t) + " in " + LockWords.str(s.get("pc").at(t)));
        }
        return String.format("%-9s a reachable state: %s; %s", "", String.join(", ", pcs), words(s));
    }

    private String words(TlaState s) {
        List<String> w = new ArrayList<>();
        if (s.get("mem") instanceof TlaValue.Fun mem) {
            mem.pairs().forEach((a, v) -> w.add(LockWords.word(a) + " = " + v));
        }
        return String.join(", ", w);
    }

    private String who(String thread) {
        return thread + "@" + nodeOf.getOrDefault(thread, "?");
    }

    private String step(TlaState prev, TlaState cur) {
        String who = "";
        String what = "no change (every thread is done)";
        List<String> threads = threads(cur);
        for (String t : threads) {
            if (!Objects.equals(prev.get("pc").at(t), cur.get("pc").at(t))) {
                who = who(t);
                what = cpu(t, prev, cur);
                break;
            }
        }
        if (who.isEmpty()) {
            for (String t : threads) {
                TlaValue before = prev.get("sb").at(t);
                TlaValue after = cur.get("sb").at(t);
                if (size(after) < size(before)) {
                    who = t + " sb";
                    TlaValue head = ((TlaValue.Seq) before).elements().get(0);
                    what = LockWords.str(head.at("k")).equals("ST")
                            ? "drains: " + LockWords.entry(head) + " reaches memory"
                            : "doorbell: " + LockWords.entry(head) + " enters QP " + t + "→" + head.at("w").at("dst").at("n");
                    break;
                }
            }
        }
        if (who.isEmpty() && cur.get("qp") instanceof TlaValue.Fun qp) {
            for (Map.Entry<TlaValue, TlaValue> e : qp.pairs().entrySet()) {
                TlaValue before = prev.get("qp").at(e.getKey());
                if (!Objects.equals(before, e.getValue())) {
                    TlaValue key = e.getKey();
                    who = LockWords.str(key.at(1)) + "→" + key.at(2);
                    what = nic((TlaValue.Seq) before, (TlaValue.Seq) e.getValue(), prev, cur);
                    break;
                }
            }
        }
        String mem = memoryChanges(prev, cur);
        return String.format("%-9s %s%s", who, what, mem.isEmpty() ? "" : "   [" + mem + "]");
    }

    private String cpu(String t, TlaState prev, TlaState cur) {
        StringBuilder sb = new StringBuilder();
        String from = LockWords.str(prev.get("pc").at(t));
        String to = LockWords.str(cur.get("pc").at(t));
        sb.append(from).append(" → ").append(to);
        List<String> effects = new ArrayList<>();
        TlaValue.Seq before = (TlaValue.Seq) prev.get("sb").at(t);
        TlaValue.Seq after = (TlaValue.Seq) cur.get("sb").at(t);
        for (int i = before.elements().size(); i < after.elements().size(); i++) {
            TlaValue e = after.elements().get(i);
            effects.add(LockWords.str(e.at("k")).equals("ST") ? "buffers " + LockWords.entry(e) : "posts " + LockWords.entry(e));
        }
        if (from.equals("ldtk")) {
            effects.add("loads ticket " + cur.get("my").at(t));
        }
        register(effects, "g", "g", t, prev, cur);
        if (from.equals("spin") && to.equals("cs")) {
            effects.add("sees its turn (ticket " + cur.get("my").at(t) + ") and enters");
        }
        if (from.equals("try") && to.equals("chk")) {
            effects.add("locked cas on " + casWord(cur) + " reads " + cur.get("g").at(t));
        }
        if (from.equals("chk")) {
            effects.add(to.equals("cs") ? "g = 0: enters" : "g = " + cur.get("g").at(t) + ": tries again");
        }
        for (String u : threads(cur)) {
            long b = prev.get("byp").at(u).asLong();
            long a = cur.get("byp").at(u).asLong();
            if (a > b) {
                effects.add("bypasses " + u + " (" + u + " bypassed " + a + (a == 1 ? " time" : " times") + ")");
            }
        }
        if (!effects.isEmpty()) {
            sb.append(": ").append(String.join("; ", effects));
        }
        return sb.toString();
    }

    private static String casWord(TlaState s) {
        if (s.get("mem") instanceof TlaValue.Fun mem) {
            for (TlaValue a : mem.pairs().keySet()) {
                if (LockWords.str(a.at("k")).equals("L")) {
                    return LockWords.word(a);
                }
            }
        }
        return "L";
    }

    private static void register(List<String> effects, String var, String label, String t, TlaState prev, TlaState cur) {
        TlaValue b = prev.get(var).at(t);
        TlaValue a = cur.get(var).at(t);
        if (!Objects.equals(a, b)) {
            effects.add(label + " := " + a);
        }
    }

    private String nic(TlaValue.Seq before, TlaValue.Seq after, TlaState prev, TlaState cur) {
        List<TlaValue> b = before.elements();
        List<TlaValue> a = after.elements();
        if (a.size() < b.size()) {
            for (int i = 0; i < b.size(); i++) {
                if (i >= a.size() || !a.get(i).equals(b.get(i))) {
                    TlaValue wr = b.get(i);
                    return LockWords.kind(wr).equals("put")
                            ? LockWords.op(wr) + ": remote write of " + wr.at("val") + " (complete)"
                            : LockWords.op(wr) + ": local write of the old value " + wr.at("val") + " (complete)";
                }
            }
        }
        for (int i = 0; i < a.size(); i++) {
            TlaValue wb = b.get(i);
            TlaValue wa = a.get(i);
            if (wa.equals(wb)) {
                continue;
            }
            String st = LockWords.str(wa.at("st"));
            String op = LockWords.op(wa);
            return switch (st) {
                case "L" -> op + ": local read of " + LockWords.word(wa.at("src")) + " = " + wa.at("val");
                case "A" -> op + ": atomic read of " + LockWords.word(wa.at("dst")) + " = " + wa.at("val") + " (node "
                        + wa.at("dst").at("n") + "'s RMW unit busy)";
                case "W" -> op + ": " + rmwWrite(wa, prev, cur) + " (RMW unit free)";
                default -> op + ": " + st;
            };
        }
        return "queue changes";
    }

    private static String rmwWrite(TlaValue wr, TlaState prev, TlaState cur) {
        TlaValue dst = wr.at("dst");
        TlaValue before = prev.get("mem").at(dst);
        TlaValue after = cur.get("mem").at(dst);
        boolean success = LockWords.kind(wr).equals("rfaa") || wr.at("val").equals(wr.at("exp"));
        if (!success) {
            return Objects.equals(before, after) ? "fails (" + LockWords.word(dst) + " unchanged)"
                    : "fails and writes the old value " + wr.at("val") + " back";
        }
        return "remote write " + LockWords.word(dst) + " := " + after;
    }

    private static String memoryChanges(TlaState prev, TlaState cur) {
        List<String> changes = new ArrayList<>();
        if (cur.get("mem") instanceof TlaValue.Fun mem) {
            for (Map.Entry<TlaValue, TlaValue> e : mem.pairs().entrySet()) {
                TlaValue before = prev.get("mem").at(e.getKey());
                if (!Objects.equals(before, e.getValue())) {
                    long b = before.asLong();
                    long a = e.getValue().asLong();
                    changes.add(LockWords.word(e.getKey()) + ": " + b + " → " + a
                            + (LockWords.stale(e.getKey(), b, a) ? ", stale: overwrites " + b + " with " + a : ""));
                }
            }
        }
        return String.join(", ", changes);
    }

    private String ending(TlcCounterexample cx) {
        TlaState last = cx.last();
        StringBuilder sb = new StringBuilder();
        List<String> stuck = new ArrayList<>();
        for (String t : threads(last)) {
            String pc = LockWords.str(last.get("pc").at(t));
            if (pc.equals("done")) {
                continue;
            }
            stuck.add(who(t) + " in " + pc + waiting(t, pc, last));
        }
        String prefix = switch (cx.kind()) {
            case DEADLOCK -> "at the end no step is possible; waiting forever: ";
            case LASSO -> "at the end of the loop: ";
            case INVARIANT -> "in the last state: ";
        };
        sb.append("      ").append(prefix).append(stuck.isEmpty() ? "every thread is done" : String.join("; ", stuck)).append('\n');
        if (cx.kind() == CounterexampleKind.LASSO && cx.loopStart() > 0) {
            sb.append("      in the loop: ").append(loopSummary(cx)).append('\n');
        }
        return sb.toString();
    }

    private String waiting(String t, String pc, TlaState s) {
        if (!pc.equals("spin")) {
            return "";
        }
        long ticket = s.get("my").at(t).asLong();
        String node = nodeOf.getOrDefault(t, "?");
        List<String> seen = new ArrayList<>();
        if (s.get("mem") instanceof TlaValue.Fun mem) {
            mem.pairs().forEach((a, v) -> {
                String kind = LockWords.str(a.at("k"));
                if ((kind.equals("srv") || kind.equals("row")) && String.valueOf(a.at("n")).equals(node)) {
                    seen.add(LockWords.word(a) + " = " + v);
                }
            });
        }
        return " with ticket " + ticket + ", waiting for a value >= " + ticket + " but sees " + String.join(", ", seen);
    }

    private String loopSummary(TlcCounterexample cx) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        List<TlaState> loop = new ArrayList<>(cx.repeating());
        loop.add(loop.get(0)); // the step from the last state back to the loop's first
        for (int i = 1; i < loop.size(); i++) {
            TlaState prev = loop.get(i - 1);
            TlaState s = loop.get(i);
            for (String t : threads(s)) {
                String from = LockWords.str(prev.get("pc").at(t));
                String to = LockWords.str(s.get("pc").at(t));
                if (!from.equals(to) && to.equals("cs")) {
                    counts.merge(who(t) + " enters cs", 1, Integer::sum);
                } else if (from.equals("chk") && to.equals("try")) {
                    counts.merge(who(t) + "'s rcas fails", 1, Integer::sum);
                }
            }
        }
        if (counts.isEmpty()) {
            return "no thread enters cs";
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((k, v) -> parts.add(k + " " + v + (v == 1 ? " time" : " times")));
        return String.join(", ", parts) + " per round, forever";
    }

    private static List<String> threads(TlaState s) {
        if (s.get("pc") instanceof TlaValue.Rec r) {
            return List.copyOf(r.fields().keySet());
        }
        if (s.get("pc") instanceof TlaValue.Fun f) {
            return f.pairs().keySet().stream().map(LockWords::str).toList();
        }
        return List.of();
    }

    private static int size(TlaValue seq) {
        return seq instanceof TlaValue.Seq s ? s.elements().size() : 0;
    }
}
