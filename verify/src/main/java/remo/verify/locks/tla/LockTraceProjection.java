package remo.verify.locks.tla;

import static remo.verify.locks.tla.SpecVariables.part;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import remo.core.rdma.OpStage;
import remo.locks.LockVariant;
import remo.nic.Call;
import remo.nic.EngineState;
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
 * {@link #states()} is then the projected behaviour, one TLA+ record per state. This class follows
 * the model's control state (pc, registers, ghost variables); {@link SpecVariables} spells the
 * memory, buffers, queues and unit of a state in the model's terms.
 */
public final class LockTraceProjection {
    private final LockWorkload w;
    /** The spelling of the engine's state as the model's variables. */
    private final SpecVariables vars;
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
        this.vars = new SpecVariables(workload);
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

    // ------------------------------------------------------------------ the states (their variables spelled by SpecVariables)

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
                    } else if (e.status() == OpStage.WRITTEN && queuedRmws.contains(key) && vars.address(e.op().remote()) != null) {
                        skipped.add(key);
                    }
                }
            }
        }
        queuedRmws.clear();
        queuedRmws.addAll(queued);
        if (!skipped.isEmpty()) {
            states.add(new SpecState(vars.mem(s), vars.sb(s, broadcasting, unposted), vars.qp(s, skipped), vars.busy(s, true),
                    pcs(), regs(my), regs(g), regs(nacq), regs(byp)));
        }
    }

    private SpecState snapshot(EngineState s) {
        return new SpecState(vars.mem(s), vars.sb(s, broadcasting, unposted), vars.qp(s, List.of()), vars.busy(s, false),
                pcs(), regs(my), regs(g), regs(nacq), regs(byp));
    }

    private String pcs() {
        return vars.perThread(i -> "\"" + pc[i] + "\"");
    }

    private String regs(long[] r) {
        return vars.perThread(i -> Long.toString(r[i]));
    }
}
