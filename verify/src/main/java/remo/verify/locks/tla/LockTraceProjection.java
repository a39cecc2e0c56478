package remo.verify.locks.tla;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStage;
import remo.locks.LockVariant;
import remo.nic.Call;
import remo.nic.det.EngineState;
import remo.verify.locks.LockWorkload;

/**
 * The abstraction from a run of a {@link LockWorkload} on the simulated NIC to the variables of the
 * locks' TLA+ model {@code RdmaLocks.tla} (locks.md §8.2, §10.7): the lock's words become {@code mem},
 * the store-buffer entries and queue-pair operations of the lock (not the critical section's) become
 * {@code sb} and {@code qp}, the remote-RMW unit {@code busy}, and each thread's pending call its
 * {@code pc}; the registers {@code my} and {@code g} are the values the thread loaded, and
 * {@code nacq} and {@code byp} follow the model's own rules. Where one step of the run is several
 * steps of the model (the register steps {@code Cs}, {@code Ncs}, {@code Chk}; a failed RCAS that
 * reads and "writes" nothing in one NIC step; the broadcast of a release, which the model posts at
 * once), the projection emits the model's intermediate states; where a step of the run is none of
 * the model's (the critical section's calls, the later puts of a broadcast), it emits nothing.
 *
 * <p>Feed it the engine's state before every step ({@link #step}) and after the run ({@link #end});
 * {@link #states()} is then the projected behaviour, one TLA+ record per state.
 */
public final class LockTraceProjection {
    private final LockWorkload w;
    private final boolean ticket;
    private final String variant;
    private final int threads;
    private final List<SpecState> states = new ArrayList<>();
    // per thread: the previous pc, the registers, and the bookkeeping of releases
    private final String[] pc;
    private final long[] my;
    private final long[] g;
    private final long[] nacq;
    private final long[] byp;
    private final Call[] lastPending;
    /** Per thread: whether the current release's broadcast has begun, and its targets not yet posted. */
    private final boolean[] broadcasting;
    private final List<List<Integer>> unposted = new ArrayList<>();
    /** The RMWs seen still queued (POSTED) in the last state, by thread and op id. */
    private final java.util.Set<String> queuedRmws = new java.util.HashSet<>();

    /** One state of the model, its variables as TLA+ expressions. */
    record SpecState(String mem, String sb, String qp, String busy, String pc, String my, String g, String nacq, String byp) {
        /** The state as a TLA+ record. */
        String tla() {
            return "[mem |-> " + mem + ", sb |-> " + sb + ", qp |-> " + qp + ", busy |-> " + busy + ", pc |-> " + pc
                    + ", my |-> " + my + ", g |-> " + g + ", nacq |-> " + nacq + ", byp |-> " + byp + "]";
        }
    }

    /**
     * @param workload the workload whose runs are projected (its lock must be one of the model's
     *                 variants; its threads are {@code T0, T1, …} on nodes {@code t mod nodes + 1})
     */
    public LockTraceProjection(LockWorkload workload) {
        this.w = Objects.requireNonNull(workload, "workload");
        this.ticket = workload.lock().ticket();
        this.variant = switch (workload.lock()) {
            case WEAK -> "WTL";
            case STRONG -> "STL";
            case CAS_PUT -> "CAS_PUT";
            case CAS_RFAA -> "CAS_RFAA";
        };
        this.threads = workload.threads();
        this.pc = new String[threads];
        this.my = new long[threads];
        this.g = new long[threads];
        this.nacq = new long[threads];
        this.byp = new long[threads];
        this.lastPending = new Call[threads];
        this.broadcasting = new boolean[threads];
        for (int t = 0; t < threads; t++) {
            unposted.add(new ArrayList<>());
        }
        reset();
    }

    /** The model's name of the lock ({@code Variant} of RdmaLocks.tla). */
    public String variant() {
        return variant;
    }

    /** Starts a new run. */
    public void reset() {
        states.clear();
        for (int t = 0; t < threads; t++) {
            pc[t] = "ncs";
            my[t] = 0;
            g[t] = 0;
            nacq[t] = 0;
            byp[t] = 0;
            lastPending[t] = null;
            broadcasting[t] = false;
            unposted.get(t).clear();
        }
        queuedRmws.clear();
    }

    /** The projected behaviour of the run so far, consecutive repeats removed. */
    public List<String> states() {
        List<String> out = new ArrayList<>();
        String last = null;
        for (SpecState s : states) {
            String x = s.tla();
            if (!x.equals(last)) {
                out.add(x);
            }
            last = x;
        }
        return out;
    }

    /** The state before a step of the run. */
    public void step(EngineState s) {
        project(s, false);
    }

    /** The state after the run's last step (every thread finished). */
    public void end(EngineState s) {
        project(s, true);
    }

    private void project(EngineState s, boolean end) {
        if (states.isEmpty()) {
            states.add(snapshot(s)); // Init: every pc ncs, nothing buffered, memory 0
        }
        for (EngineState.ThreadState t : s.threads()) {
            int i = t.index();
            Call p = end || t.finished() ? null : t.pending();
            Call before = lastPending[i];
            if (before != null && p != before) {
                executed(i, before, t.lastResult(), s);
            }
            String target = p == null ? "done" : label(i, p);
            advance(i, target, s);
            lastPending[i] = p;
        }
        failedRcas(s);
        states.add(snapshot(s));
    }

    /** What the executed call {@code c} of thread {@code i} did to the registers the model keeps. */
    private void executed(int i, Call c, long result, EngineState s) {
        if (ticket && c instanceof Call.Put put && part(put.dst()).equals("rows")) {
            if (!broadcasting[i]) {
                // the model's Rbc posts the whole broadcast at once: the targets the run posts later
                broadcasting[i] = true;
                unposted.get(i).clear();
                for (int n = 1; n <= w.nodes(); n++) {
                    if (n != w.nodeOf(i)) {
                        unposted.get(i).add(n);
                    }
                }
            }
            unposted.get(i).remove(Integer.valueOf(put.dst().home()));
        } else if (c instanceof Call.Load l && part(l.region()).equals("tk")) {
            my[i] = result;
        } else if (c instanceof Call.Load l && part(l.region()).startsWith("g.")) {
            g[i] = result;
        }
    }

    /** The model's pc of thread {@code i} whose pending call is {@code p} (the action that call performs). */
    private String label(int i, Call p) {
        if (ticket) {
            if (p instanceof Call.RFaa r && part(r.target()).equals("next")) {
                return "door";
            }
            if (p instanceof Call.WaitFor wf && wf.workId().label().equals("wa")) {
                return "dwait";
            }
            if (p instanceof Call.Load l && part(l.region()).equals("tk")) {
                return "ldtk";
            }
            if (p instanceof Call.Load l && part(l.region()).equals("rows")) {
                return "spin";
            }
            if (p instanceof Call.Gf && (pc[i].equals("cs") || pc[i].equals("rel"))) {
                return "rel";
            }
            if (p instanceof Call.Store st && part(st.region()).equals("rows")) {
                return "rst";
            }
            if (p instanceof Call.Put put && part(put.dst()).equals("rows")) {
                return broadcasting[i] ? "ncs" : "rbc";
            }
            if (broadcasting[i]) {
                return "ncs";
            }
            return pc[i].equals("rbc") || pc[i].equals("ncs") ? "ncs" : "cs";
        }
        if (p instanceof Call.RCas r && part(r.target()).equals("L")) {
            return "try";
        }
        if (p instanceof Call.WaitFor wf && wf.workId().label().equals("wa")) {
            return "twait";
        }
        if (p instanceof Call.Load l && part(l.region()).startsWith("g.")) {
            return "tld";
        }
        if (p instanceof Call.Gf && !pc[i].equals("ncs")) {
            return "rel";
        }
        if (p instanceof Call.Put put && part(put.dst()).equals("L") || p instanceof Call.RFaa r && part(r.target()).equals("L")) {
            return "rput";
        }
        return pc[i].equals("rput") || pc[i].equals("ncs") ? "ncs" : "cs";
    }

    /**
     * Moves thread {@code i}'s pc to {@code target} through the model's labels, one state per label:
     * the first is the action of the call the run's step executed, the others are the model's
     * register steps after it (its pc was already at the label of that call).
     */
    private void advance(int i, String target, EngineState s) {
        int guard = 0;
        while (!pc[i].equals(target) && guard++ < 16) {
            String next = ticket ? nextTicket(i, target) : nextCas(i, target);
            enter(i, next, s);
            states.add(snapshot(s));
        }
    }

    private String nextTicket(int i, String target) {
        return switch (pc[i]) {
            case "ncs" -> nacq[i] == w.acquisitions() ? "done" : "door";
            case "door" -> "dwait";
            case "dwait" -> "ldtk";
            case "ldtk" -> "spin";
            case "spin" -> "cs";
            case "cs" -> "rel";
            case "rel" -> "rst";
            case "rst" -> "rbc";
            case "rbc" -> "ncs";
            default -> target;
        };
    }

    private String nextCas(int i, String target) {
        return switch (pc[i]) {
            case "ncs" -> nacq[i] == w.acquisitions() ? "done" : "try";
            case "try" -> "twait";
            case "twait" -> "tld";
            case "tld" -> "chk";
            case "chk" -> g[i] == 0 ? "cs" : "try";
            case "cs" -> "rel";
            case "rel" -> "rput";
            case "rput" -> "ncs";
            default -> target;
        };
    }

    /** Thread {@code i} takes the model's action from its pc to {@code next}: the ghost variables' rules. */
    private void enter(int i, String next, EngineState s) {
        String from = pc[i];
        if (ticket && from.equals("ldtk")) {
            byp[i] = 0;
        }
        if (ticket && from.equals("spin") && next.equals("cs")) {
            for (int u = 0; u < threads; u++) {
                if (u != i && pc[u].equals("spin")) {
                    byp[u] = Math.min(byp[u] + 1, threads);
                }
            }
        }
        if (!ticket && from.equals("ncs") && next.equals("try")) {
            byp[i] = 0;
        }
        if (!ticket && from.equals("chk") && next.equals("cs")) {
            for (int u = 0; u < threads; u++) {
                if (u != i && trying(pc[u])) {
                    byp[u] = Math.min(byp[u] + 1, threads);
                }
            }
        }
        if (ticket && from.equals("rbc") || !ticket && from.equals("rput")) {
            nacq[i]++;
        }
        if (ticket && from.equals("ncs")) {
            broadcasting[i] = false;
        }
        pc[i] = next;
    }

    private static boolean trying(String pc) {
        return List.of("door", "dwait", "ldtk", "spin", "try", "twait", "tld", "chk").contains(pc);
    }

    // ------------------------------------------------------------------ the variables

    /**
     * A failed RCAS reads and releases the unit in one NIC step; the model's RmwRead takes the unit
     * and its RmwWrite frees it: the state between them is added first.
     */
    private void failedRcas(EngineState s) {
        java.util.Set<String> queued = new java.util.HashSet<>();
        List<String> skipped = new ArrayList<>();
        for (EngineState.ThreadState t : s.threads()) {
            for (List<EngineState.Queued> q : t.queues().values()) {
                for (EngineState.Queued e : q) {
                    String key = t.index() + "/" + e.op().id();
                    if (e.status() == OpStage.POSTED) {
                        queued.add(key);
                    } else if (e.status() == OpStage.WRITTEN && queuedRmws.contains(key) && address(e.op().remote()) != null) {
                        skipped.add(key);
                    }
                }
            }
        }
        queuedRmws.clear();
        queuedRmws.addAll(queued);
        if (!skipped.isEmpty()) {
            states.add(new SpecState(mem(s), sb(s), qp(s, skipped), busy(s, true), pcs(), regs(my), regs(g), regs(nacq),
                    regs(byp)));
        }
    }

    private SpecState snapshot(EngineState s) {
        return new SpecState(mem(s), sb(s), qp(s, List.of()), busy(s, false), pcs(), regs(my), regs(g), regs(nacq), regs(byp));
    }

    private String pcs() {
        return function(i -> "\"" + pc[i] + "\"");
    }

    private String regs(long[] r) {
        return function(i -> Long.toString(r[i]));
    }

    private String function(java.util.function.IntFunction<String> value) {
        List<String> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add("(\"t" + t + "\" :> " + value.apply(t) + ")");
        }
        return String.join(" @@ ", parts);
    }

    private String mem(EngineState s) {
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

    private String sb(EngineState s) {
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

    private String qp(EngineState s, List<String> readNotWritten) {
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

    private String busy(EngineState s, boolean homeTaken) {
        List<String> parts = new ArrayList<>();
        for (int n = 1; n <= w.nodes(); n++) {
            parts.add("(" + n + " :> " + (s.busy().contains(n) || homeTaken && n == 1 ? "TRUE" : "FALSE") + ")");
        }
        return String.join(" @@ ", parts);
    }

    /** The model's address of a word of the lock, or null for any other word (the critical section's). */
    private String address(EngineState.Word word) {
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
    private static String part(remo.nic.Region r) {
        return part(r.name());
    }

    private static String part(String name) {
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
