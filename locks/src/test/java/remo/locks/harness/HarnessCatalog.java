package remo.locks.harness;

import static remo.checker.Verdict.ALLOWED;
import static remo.checker.Verdict.FORBIDDEN;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import remo.checker.Verdict;
import remo.locks.harness.Harness.Expected;
import remo.locks.harness.Harness.Loc;
import remo.locks.harness.Harness.PSc;
import remo.locks.harness.Harness.ThreadCode;
import remo.locks.harness.Instr.Cas;
import remo.locks.harness.Instr.Faa;
import remo.locks.harness.Instr.Get;
import remo.locks.harness.Instr.Gf;
import remo.locks.harness.Instr.Load;
import remo.locks.harness.Instr.Put;
import remo.locks.harness.Instr.Rcas;
import remo.locks.harness.Instr.Rfaa;
import remo.locks.harness.Instr.Store;
import remo.locks.harness.Instr.Wait;
import remo.locks.harness.LockIr.Call;

/**
 * Every harness of locks.md §7.4 and every litmus refutation of locks.md §9, built from the locks.md §7.2 procedures
 * of {@link LockIr} on the topologies of locks.md §7.3, with the verdicts the spec expects. The files under
 * {@code examples/locks/} (and the benchmark harnesses of locks.md §7.5 under {@code examples/locks-bench/})
 * are this catalog's output ({@code HarnessFilesTest}).
 */
final class HarnessCatalog {

    /**
     * Harness to the models under which the checker cannot decide it within the default per-test
     * budget (about 20 s here), tagged {@code slow} (locks.md §7.5); docs/testing.md lists their times. Empty
     * today: the benchmark harnesses S-ME-3T2A and C-ME-3T2A, the last entries (under rdma-sc-rmw),
     * are decided in a few seconds since the exploration counts rao orders that model never reads
     * once each.
     */
    static final Map<String, Set<String>> SLOW = Map.of();

    private static final Set<String> PSC_SAME = Set.of("S-ME-W", "S-ME-NW", "S-MP-NIC", "S-MP-CPU", "S-SB-NIC", "S-SB-CPU",
            "Wgf-SB-NIC", "Wgf-MP-NIC", "C-ME-W", "C-SB-NIC");
    private static final Set<String> PSC_DIFFER = Set.of("W-SB-NIC", "W-MP-NIC", "W-ME-NW");

    /** The three ticket-lock variants of locks.md §7.2: they differ only in the release. */
    enum Variant {
        W("W", "weak ticket lock"), WGF("Wgf", "weak ticket lock, the client adds a gf before release"),
        S("S", "strong ticket lock");

        final String prefix;
        final String description;

        Variant(String prefix, String description) {
            this.prefix = prefix;
            this.description = description;
        }
    }

    /** The topologies of locks.md §7.3. */
    enum Topology { TA, TB, TC }

    private HarnessCatalog() {
    }

    /** The harnesses of {@code examples/locks/}: locks.md §7.4 and §9. */
    static List<Harness> all() {
        List<Harness> out = new ArrayList<>();
        for (Variant v : Variant.values()) {
            out.add(ticket(v, Topology.TB, "ME-CPU", "INC_CPU(c) on the client node's counter", i -> List.of(LockIr.incCpu("c")),
                    1, "exists (c = 1)", FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TA, "ME-W", "waited remote increment of C@3",
                    i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 1, "exists (C = 1)", FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TA, "ME-NW", "remote increment of C@3 whose put is not waited",
                    i -> List.of(LockIr.incNw("C", "T" + i, "U" + i)), 1, "exists (C = 1)", v == Variant.W ? ALLOWED : FORBIDDEN,
                    FORBIDDEN));
            out.add(ticket(v, Topology.TA, "MP-NIC", "P0 puts D@3 without waiting; P1 gets D", HarnessCatalog::mpNic, 1,
                    "exists (1:r0 = 1 /\\ 1:r6 = 0)", v == Variant.W ? ALLOWED : FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TA, "MP-CPU", "P0 stores D@1; P1 gets D", HarnessCatalog::mpCpu, 1,
                    "exists (1:r0 = 1 /\\ 1:r6 = 0)", FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TA, "SB-NIC", "asynchronous NIC ops in both critical sections (X@3, Y@4)",
                    HarnessCatalog::sbNic, 1, "exists (A0 = 0 /\\ A1 = 0)", v == Variant.W ? ALLOWED : FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TA, "SB-CPU", "CPU stores and waited gets in both critical sections (X@1, Y@2)",
                    HarnessCatalog::sbCpu, 1, "exists (A0 = 0 /\\ A1 = 0)", FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TC, "ME-3T", "three threads on three nodes, waited remote increment of C@2",
                    i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 1, "exists (~(C = 3))", FORBIDDEN, FORBIDDEN));
            out.add(ticket(v, Topology.TA, "ME-2ACQ", "two acquisitions per thread, waited remote increment of C@3",
                    i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 2, "exists (~(C = 4))", FORBIDDEN, FORBIDDEN));
        }
        out.add(rowsConv(Variant.W));
        out.add(rowsConv(Variant.S));
        out.add(cas("C-DOUBLE", "two RCAS attempts without the final assume (loopback on node 1): at most one wins",
                Topology.TA, CasRelease.NONE, false, i -> List.of(), 1, "exists (0:r0 = 0 /\\ 1:r0 = 0)", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-ME-CPU", "two threads on node 1, lock on node 2; INC_CPU(c)", Topology.TB, CasRelease.PUT, true,
                i -> List.of(LockIr.incCpu("c")), 1, "exists (c = 1)", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-ME-W", "waited remote increment of C@3", Topology.TA, CasRelease.PUT, true,
                i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 1, "exists (C = 1)", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-ME-NW", "remote increment of C@3 whose put is not waited", Topology.TA, CasRelease.PUT, true,
                i -> List.of(LockIr.incNw("C", "T" + i, "U" + i)), 1, "exists (C = 1)", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-SB-NIC", "asynchronous NIC ops in both critical sections (X@3, Y@4)", Topology.TA, CasRelease.PUT, true,
                HarnessCatalog::sbNic, 1, "exists (A0 = 0 /\\ A1 = 0)", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-SB-NIC-RFAA", "asynchronous NIC ops in both critical sections (X@3, Y@4)", Topology.TA, CasRelease.RFAA,
                true, HarnessCatalog::sbNic, 1, "exists (A0 = 0 /\\ A1 = 0)", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-ME-3T", "three threads on three nodes, waited remote increment of C@2", Topology.TC, CasRelease.PUT,
                true, i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 1, "exists (~(C = 3))", FORBIDDEN, FORBIDDEN));
        out.add(cas("C-ME-2ACQ", "two acquisitions per thread, waited remote increment of C@3", Topology.TA, CasRelease.PUT,
                true, i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 2, "exists (~(C = 4))", FORBIDDEN, FORBIDDEN));
        out.add(frw("C-FRW-PUT", CasRelease.PUT, true, ALLOWED));
        out.add(frw("C-FRW-PUT-NO", CasRelease.PUT, false, FORBIDDEN));
        out.add(frw("C-FRW-RFAA", CasRelease.RFAA, true, FORBIDDEN));
        out.addAll(NaiveLocks.all());
        return out;
    }

    /** The benchmark harnesses of locks.md §7.5 ({@code examples/locks-bench/}): slow, not in the default suite. */
    static List<Harness> bench() {
        return List.of(
                ticket(Variant.S, Topology.TC, "ME-3T2A", "benchmark: three threads, two acquisitions each, INC_W on C@2",
                        i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 2, "exists (~(C = 6))", FORBIDDEN, FORBIDDEN),
                cas("C-ME-3T2A", "benchmark: three threads, two acquisitions each, INC_W on C@2", Topology.TC, CasRelease.PUT,
                        true, i -> List.of(LockIr.incW("C", "T" + i, "U" + i)), 2, "exists (~(C = 6))", FORBIDDEN, FORBIDDEN));
    }

    private static List<Call> mpNic(int i) {
        return i == 0 ? List.of(LockIr.inline("CS { put^c D, ONE0 }", new Put("c", "D", "ONE0"))) : mpReader();
    }

    private static List<Call> mpCpu(int i) {
        return i == 0 ? List.of(LockIr.inline("CS { store D, 1 }", new Store("D", "1"))) : mpReader();
    }

    private static List<Call> mpReader() {
        return List.of(LockIr.inline("CS { get^c A1, D; wait c; r = load A1 }", new Get("c", "A1", "D"), new Wait("c"),
                new Load(LockIr.R, "A1")));
    }

    private static List<Call> sbNic(int i) {
        String x = i == 0 ? "X" : "Y";
        String y = i == 0 ? "Y" : "X";
        return List.of(LockIr.inline("CS { put^c " + x + ", ONE" + i + "; get^c A" + i + ", " + y + " }",
                new Put("c", x, "ONE" + i), new Get("c", "A" + i, y)));
    }

    private static List<Call> sbCpu(int i) {
        String x = i == 0 ? "X" : "Y";
        String y = i == 0 ? "Y" : "X";
        return List.of(LockIr.inline("CS { store " + x + ", 1; get^c A" + i + ", " + y + "; wait c }", new Store(x, "1"),
                new Get("c", "A" + i, y), new Wait("c")));
    }

    // ---------------------------------------------------------------- topologies (locks.md §7.3)

    static int threads(Topology t) {
        return t == Topology.TC ? 3 : 2;
    }

    static int nodeOf(Topology t, int thread) {
        return t == Topology.TB ? 1 : thread + 1;
    }

    /** The client locations of every harness: constants, scratch words and data (homes per locks.md §7.3/§7.4). */
    static List<Loc> clientLocations(Topology t) {
        List<Loc> l = new ArrayList<>();
        if (t == Topology.TB) {
            l.add(new Loc("c", 1, 0, false));
            return l;
        }
        for (int i = 0; i < threads(t); i++) {
            l.add(new Loc("ONE" + i, i + 1, 1, false));
        }
        for (int i = 0; i < threads(t); i++) {
            l.add(new Loc("T" + i, i + 1, 0, false));
            l.add(new Loc("U" + i, i + 1, 0, false));
            l.add(new Loc("A" + i, i + 1, 0, false));
        }
        return l;
    }

    /** Data locations of T-A (node 3, and node 4 for SB-NIC), or T-C's counter on node 2. */
    static List<Loc> dataLocations(Topology t, String body) {
        if (t == Topology.TC) {
            return List.of(new Loc("C", 2, 0, false));
        }
        if (t == Topology.TB) {
            return List.of();
        }
        return switch (body) {
            case "MP-CPU" -> List.of(new Loc("D", 1, 0, false));
            case "SB-CPU" -> List.of(new Loc("X", 1, 0, false), new Loc("Y", 2, 0, false));
            default -> List.of(new Loc("C", 3, 0, false), new Loc("D", 3, 0, false), new Loc("X", 3, 0, false),
                    new Loc("Y", 4, 0, false));
        };
    }

    /** The ticket lock's state: {@code next} at the home, rows {@code Sj_k@k} and ticket slots {@code TKi}. */
    static List<Loc> ticketLocations(Topology t, int rowNodes) {
        List<Loc> l = new ArrayList<>();
        l.add(new Loc("next", t == Topology.TB ? 2 : 1, 0, true));
        int slots = t == Topology.TC ? 3 : 2;
        int nodes = t == Topology.TB ? 1 : rowNodes;
        for (int k = 1; k <= nodes; k++) {
            for (int j = 0; j < slots; j++) {
                l.add(new Loc("S" + j + "_" + k, k, 0, true));
            }
        }
        for (int i = 0; i < threads(t); i++) {
            l.add(new Loc("TK" + i, nodeOf(t, i), 0, true));
        }
        return l;
    }

    /** This node's replicas of every row, passed as {@code RA, RB(, RC)}. */
    static List<String> rowsSeenBy(Topology t, int thread) {
        int m = nodeOf(t, thread);
        List<String> rows = new ArrayList<>();
        for (int j = 0; j < threads(t); j++) {
            rows.add("S" + j + "_" + m);
        }
        return rows;
    }

    /** The other client nodes' replicas of the thread's own row, ascending ({@code FAR, FAR2}). */
    static List<String> farRows(Topology t, int thread, int clientNodes) {
        List<String> far = new ArrayList<>();
        if (t == Topology.TB) {
            return far;
        }
        for (int k = 1; k <= clientNodes; k++) {
            if (k != thread + 1) {
                far.add("S" + thread + "_" + k);
            }
        }
        return far;
    }

    static Call release(Variant v, String own, List<String> far, String my) {
        return v == Variant.S ? LockIr.srel(own, far, my) : LockIr.wrel(own, far, my);
    }

    // ---------------------------------------------------------------- ticket harnesses

    private static Harness ticket(Variant v, Topology t, String body, String doc, IntFunction<List<Call>> cs, int acquisitions,
                                  String condition, Verdict waitRmw, Verdict scRmw) {
        String id = v.prefix + "-" + body;
        int clientNodes = t == Topology.TC ? 3 : t == Topology.TA ? 2 : 1;
        List<Loc> locs = new ArrayList<>(ticketLocations(t, clientNodes));
        locs.addAll(clientLocations(t));
        locs.addAll(dataLocations(t, body));
        List<ThreadCode> threads = new ArrayList<>();
        for (int i = 0; i < threads(t); i++) {
            List<Call> calls = new ArrayList<>();
            for (int a = 0; a < acquisitions; a++) {
                String my = a == 0 ? "r0" : "r10";
                calls.add(LockIr.tacq("TK" + i, rowsSeenBy(t, i), my));
                calls.addAll(cs.apply(i));
                if (v == Variant.WGF) {
                    calls.add(LockIr.inline("gf (the client's)", new Gf()));
                }
                String own = "S" + i + "_" + nodeOf(t, i);
                calls.add(release(v, own, farRows(t, i, clientNodes), my));
            }
            threads.add(new ThreadCode(nodeOf(t, i), calls));
        }
        return new Harness(id, v.description + " (" + topologyName(t) + "); " + doc, "", locs, threads, condition,
                expected(id, waitRmw, scRmw), "locks.md §7.4 *-" + body, "my");
    }

    /** W-ROWS-CONV / S-ROWS-CONV: T-A plus client node 3 without threads; empty critical sections. */
    private static Harness rowsConv(Variant v) {
        List<Loc> locs = new ArrayList<>();
        locs.add(new Loc("next", 1, 0, true));
        for (int k = 1; k <= 3; k++) {
            for (int j = 0; j < 2; j++) {
                locs.add(new Loc("S" + j + "_" + k, k, 0, true));
            }
        }
        locs.add(new Loc("TK0", 1, 0, true));
        locs.add(new Loc("TK1", 2, 0, true));
        List<ThreadCode> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            String own = "S" + i + "_" + (i + 1);
            List<String> far = new ArrayList<>();
            far.add("S" + i + "_" + (2 - i));
            far.add("S" + i + "_3");
            threads.add(new ThreadCode(i + 1, List.of(LockIr.tacq("TK" + i, rowsSeenBy(Topology.TA, i), "r0"),
                    release(v, own, far, "r0"))));
        }
        String id = v.prefix + "-ROWS-CONV";
        return new Harness(id, v.description + " (T-A plus client node 3 without threads); row replicas converge",
                "", locs, threads, "exists (~(S0_3 = 2 \\/ S1_3 = 2))", expected(id, FORBIDDEN, FORBIDDEN),
                "locks.md §7.4 W-ROWS-CONV", "my");
    }

    // ---------------------------------------------------------------- CAS harnesses

    /** How a CAS harness releases. */
    enum CasRelease { NONE, PUT, RFAA, PUT_NOGF }

    /** The CAS lock's state: {@code L} at the home, {@code Gi}, {@code Ji}, {@code Zi} at each thread's node. */
    static List<Loc> casLocations(Topology t) {
        List<Loc> l = new ArrayList<>();
        l.add(new Loc("L", t == Topology.TB ? 2 : 1, 0, true));
        for (String part : List.of("G", "J", "Z")) {
            for (int i = 0; i < threads(t); i++) {
                l.add(new Loc(part + i, nodeOf(t, i), 0, true));
            }
        }
        return l;
    }

    static Call casRelease(CasRelease r, int thread) {
        return switch (r) {
            case PUT -> LockIr.crel("Z" + thread);
            case RFAA -> LockIr.crelRfaa("J" + thread);
            case PUT_NOGF -> LockIr.crelNoGf("Z" + thread);
            case NONE -> throw new IllegalArgumentException("no release");
        };
    }

    static Harness cas(String id, String doc, Topology t, CasRelease rel, boolean assume, IntFunction<List<Call>> cs,
                       int acquisitions, String condition, Verdict waitRmw, Verdict scRmw) {
        List<Loc> locs = new ArrayList<>(casLocations(t));
        locs.addAll(clientLocations(t));
        locs.addAll(dataLocations(t, id.substring(2)));
        List<ThreadCode> threads = new ArrayList<>();
        for (int i = 0; i < threads(t); i++) {
            List<Call> calls = new ArrayList<>();
            for (int a = 0; a < acquisitions; a++) {
                calls.add(LockIr.cacq("G" + i, "r0", assume));
                calls.addAll(cs.apply(i));
                if (rel != CasRelease.NONE) {
                    calls.add(casRelease(rel, i));
                }
            }
            threads.add(new ThreadCode(nodeOf(t, i), calls));
        }
        String lock = switch (rel) {
            case RFAA -> "CAS spin lock, RFAA release";
            case PUT_NOGF -> "CAS spin lock released by a put without gf (WRONG)";
            default -> "CAS spin lock";
        };
        return new Harness(id, lock + " (" + topologyName(t) + "); " + doc, "", locs, threads, condition,
                expected(id, waitRmw, scRmw), id.startsWith("NAIVE") ? "locks.md §9 " + id : "locks.md §7.4 " + id, "g");
    }

    /** C-FRW-*: P0 acquires and releases; P1 makes one RCAS attempt that fails (reads 1). */
    private static Harness frw(String id, CasRelease rel, boolean failedRcasWrites, Verdict waitRmw) {
        List<Loc> locs = casLocations(Topology.TA);
        Call attempt = LockIr.inline("failed attempt { rcas^wa G1, L, 0, 1; wait wa; g = load G1; assume (g == 1) }",
                new Rcas("wa", "G1", "L", 0, 1), new Wait("wa"), new Load("r0", "G1"), new Instr.Assume("r0 == 1"));
        List<ThreadCode> threads = List.of(new ThreadCode(1, List.of(LockIr.cacq("G0", "r0", true), casRelease(rel, 0))),
                new ThreadCode(2, List.of(attempt)));
        String doc = "CAS spin lock, " + (rel == CasRelease.PUT ? "put" : "RFAA") + " release, with FAILED_RCAS_WRITES="
                + (failedRcasWrites ? "YES" : "NO") + ": a failed RCAS's write-back " + (rel == CasRelease.PUT
                ? "can overwrite the release" : "is serialised with the release");
        return new Harness(id, doc, failedRcasWrites ? "FAILED_RCAS_WRITES=YES" : "", locs, threads, "exists (L = 1)",
                expected(id, waitRmw, FORBIDDEN), "locks.md §7.4 C-FRW-" + (rel == CasRelease.PUT ? "PUT" : "RFAA"), "g");
    }

    static Expected expected(String id, Verdict waitRmw, Verdict scRmw) {
        PSc psc = PSC_SAME.contains(id) ? PSc.SAME : PSC_DIFFER.contains(id) ? PSc.DIFFER : PSc.NONE;
        return new Expected(waitRmw, scRmw, SLOW.getOrDefault(id, Set.of()), psc);
    }

    static String topologyName(Topology t) {
        return switch (t) {
            case TA -> "T-A";
            case TB -> "T-B";
            case TC -> "T-C";
        };
    }

    /** Used by {@link NaiveLocks}. */
    static Call inlineCas(String label, String reg, String loc) {
        return LockIr.inline(label, new Cas(reg, loc, 0, 1));
    }

    /** Used by {@link NaiveLocks}. */
    static Call inlineFaa(String label, String reg, String loc) {
        return LockIr.inline(label, new Faa(reg, loc, 1));
    }

    /** Used by {@link NaiveLocks}: draw a ticket by loopback or remote RFAA and read it. */
    static Call drawTicket(String tk, String reg) {
        return LockIr.inline("rfaa^wa " + tk + ", next, 1; wait wa; my = load " + tk, new Rfaa("wa", tk, "next", 1),
                new Wait("wa"), new Load(reg, tk));
    }
}
