package remo.verify.locks.tla;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStage;
import remo.nic.EngineState;
import remo.verify.locks.LockWorkload;

/**
 * The variables of the locks' TLA+ model {@code RdmaLocks.tla} as TLA+ expressions, read off a state
 * of the simulated NIC ({@link EngineState}) for {@link LockTraceProjection}: {@code mem},
 * {@code sb}, {@code qp} and {@code busy} from the lock's words, store buffers and queue pairs, and
 * the per-thread functions ({@code pc}, {@code my}, …) from the values the projection keeps. Only
 * the lock's words are the model's ({@link #address}); the critical section's words and operations
 * are left out. Kept apart from the projection, which decides what the model's control state is,
 * because this is only the spelling of a state in the model's terms.
 */
final class SpecVariables {
    private final LockWorkload w;
    private final boolean ticket;
    private final int threads;

    /** The variables of {@code workload}'s runs (its lock one of the model's variants). */
    SpecVariables(LockWorkload workload) {
        this.w = workload;
        this.ticket = workload.lock().ticket();
        this.threads = workload.threads();
    }

    /** The function from thread names {@code "t0", "t1", …} to {@code value(t)}, as TLA+ ({@code pc}, {@code my}, …). */
    String perThread(IntFunction<String> value) {
        List<String> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add("(\"t" + t + "\" :> " + value.apply(t) + ")");
        }
        return String.join(" @@ ", parts);
    }

    /** {@code mem}: the lock's words that are not 0. */
    String mem(EngineState s) {
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, long[]> r : s.memory().entrySet()) {
            String name = r.getKey();
            int at = name.lastIndexOf('@');
            String region = name.substring(0, at);
            int home = Integer.parseInt(name.substring(at + 1));
            long[] words = r.getValue();
            for (int off = 0; off < words.length; off++) {
                String a = address(new EngineState.Word(region, home, off));
                if (a != null && words[off] != 0) {
                    pairs.add("<<" + a + ", " + words[off] + ">>");
                }
            }
        }
        return "MemOf({" + String.join(", ", pairs) + "})";
    }

    /**
     * {@code sb}: each thread's buffered stores and posts to the lock's words, followed, for a thread
     * whose release broadcast has begun ({@code broadcasting}), by the puts of it the run has not
     * posted yet ({@code unposted}, by target node): the model posts the whole broadcast at once.
     */
    String sb(EngineState s, boolean[] broadcasting, List<List<Integer>> unposted) {
        Map<Integer, List<String>> out = new LinkedHashMap<>();
        for (EngineState.ThreadState t : s.threads()) {
            List<String> entries = new ArrayList<>();
            for (EngineState.Buffered b : t.buffer()) {
                String e = buffered(b);
                if (e != null) {
                    entries.add(e);
                }
            }
            if (ticket && broadcasting[t.index()]) {
                int m = w.nodeOf(t.index());
                for (int k : unposted.get(t.index())) {
                    entries.add("Post(PutWr(" + rowAddress(t.index(), m) + ", " + rowAddress(t.index(), k) + ", \"wb\"))");
                }
            }
            out.put(t.index(), entries);
        }
        List<String> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add("(\"t" + t + "\" :> <<" + String.join(", ", out.getOrDefault(t, List.of())) + ">>)");
        }
        return String.join(" @@ ", parts);
    }

    private String buffered(EngineState.Buffered b) {
        if (b.store() != null) {
            String a = address(b.store());
            return a == null ? null : "St(" + a + ", " + b.value() + ")";
        }
        if (b.op() != null) {
            String wr = wr(b.op());
            return wr == null ? null : "Post(" + wr + ")";
        }
        return null;
    }

    private String wr(EngineState.Posted op) {
        String remote = address(op.remote());
        if (remote == null) {
            return null;
        }
        String wid = "\"" + op.workId() + "\"";
        String local = address(op.local());
        return switch (op.kind()) {
            case PUT -> "PutWr(" + local + ", " + remote + ", " + wid + ")";
            case RFAA -> "RfaaWr(" + remote + ", " + local + ", " + op.operandA() + ", " + wid + ")";
            case RCAS -> "RcasWr(" + remote + ", " + local + ", " + op.operandA() + ", " + op.operandB() + ", " + wid + ")";
            default -> null;
        };
    }

    private String rowAddress(int thread, int node) {
        return "Row(\"t" + thread + "\", " + node + ")";
    }

    /**
     * {@code qp}: every queue pair's operations on the lock's words, with their stage; those named
     * in {@code readNotWritten} ({@code thread/opId}) as read but not yet written (the model's state
     * between the two steps of an RMW that the run takes in one).
     */
    String qp(EngineState s, List<String> readNotWritten) {
        List<String> parts = new ArrayList<>();
        for (EngineState.ThreadState t : s.threads()) {
            for (int n = 1; n <= w.nodes(); n++) {
                List<String> entries = new ArrayList<>();
                for (EngineState.Queued q : t.queues().getOrDefault(n, List.of())) {
                    String wr = wr(q.op());
                    if (wr != null) {
                        entries.add(readNotWritten.contains(t.index() + "/" + q.op().id())
                                ? "Stage(" + wr + ", \"A\", " + q.read() + ")" : queued(wr, q));
                    }
                }
                parts.add("(<<\"t" + t.index() + "\", " + n + ">> :> <<" + String.join(", ", entries) + ">>)");
            }
        }
        return String.join(" @@ ", parts);
    }

    /** A queued word op as the model's Wr record: its status and the value read. */
    private static String queued(String wr, EngineState.Queued q) {
        boolean rmw = q.op().kind() == OpKind.RCAS || q.op().kind() == OpKind.RFAA;
        String st;
        if (q.status() == OpStage.POSTED) {
            st = "Q";
        } else if (!rmw) {
            st = "L";
        } else {
            st = q.status() == OpStage.LOCKED ? "A" : "W";
        }
        long val = q.status() == OpStage.POSTED ? 0 : q.read();
        return "Stage(" + wr + ", \"" + st + "\", " + val + ")";
    }

    /** {@code busy}: each node's remote-RMW unit; {@code homeTaken} counts the lock's home (node 1) as taken. */
    String busy(EngineState s, boolean homeTaken) {
        List<String> parts = new ArrayList<>();
        for (int n = 1; n <= w.nodes(); n++) {
            parts.add("(" + n + " :> " + (s.busy().contains(n) || homeTaken && n == 1 ? "TRUE" : "FALSE") + ")");
        }
        return String.join(" @@ ", parts);
    }

    /** The model's address of a word of the lock, or null for any other word (the critical section's). */
    String address(EngineState.Word word) {
        String part = part(word.region());
        if (ticket) {
            return switch (part) {
                case "next" -> "NextTicket";
                case "tk" -> "Tk(\"t" + threadOfSlot(word.home(), word.offset()) + "\")";
                case "rows" -> "Row(\"t" + threadOfGlobalSlot(word.offset()) + "\", " + word.home() + ")";
                default -> null;
            };
        }
        if (part.equals("L")) {
            return "LockWord";
        }
        if (part.equals("z")) {
            return "ZeroWord(\"t" + threadOfSlot(word.home(), 0) + "\")";
        }
        if (part.startsWith("g.")) {
            int local = Integer.parseInt(part.substring(2));
            String t = "\"t" + threadOfSlot(word.home(), local) + "\"";
            return word.offset() == 0 ? "GWord(" + t + ")" : "JWord(" + t + ")";
        }
        return null;
    }

    /** The part of a lock region's name after the lock's name ({@code lk/rows} → {@code rows}), or "" for other regions. */
    static String part(remo.nic.Region r) {
        return part(r.name());
    }

    static String part(String name) {
        String prefix = LockWorkload.NAME + "/";
        return name.startsWith(prefix) ? name.substring(prefix.length()) : "";
    }

    /** The thread whose endpoint is the {@code local}-th to use the lock on node {@code node} (spawn order). */
    private int threadOfSlot(int node, int local) {
        int k = 0;
        for (int t = 0; t < threads; t++) {
            if (w.nodeOf(t) == node && k++ == local) {
                return t;
            }
        }
        throw new IllegalStateException("no thread has slot " + local + " on node " + node);
    }

    /** The thread of global slot {@code j = (node - 1) · S + local} (locks.md §3.2). */
    private int threadOfGlobalSlot(int j) {
        return threadOfSlot(j / w.slotsPerNode() + 1, j % w.slotsPerNode());
    }
}
