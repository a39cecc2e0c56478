package remo.locks.harness;

import static remo.checker.Verdict.ALLOWED;
import static remo.checker.Verdict.FORBIDDEN;

import java.util.ArrayList;
import java.util.List;
import remo.locks.harness.Harness.Loc;
import remo.locks.harness.Harness.ThreadCode;
import remo.locks.harness.HarnessCatalog.CasRelease;
import remo.locks.harness.HarnessCatalog.Topology;
import remo.locks.harness.Instr.Assign;
import remo.locks.harness.Instr.Assume;
import remo.locks.harness.Instr.Get;
import remo.locks.harness.Instr.Load;
import remo.locks.harness.Instr.Put;
import remo.locks.harness.Instr.Rfaa;
import remo.locks.harness.Instr.Store;
import remo.locks.harness.Instr.Wait;
import remo.locks.harness.LockIr.Call;

/**
 * The litmus refutations of the wrong locks of locks.md §9 (homes as fixed by the locks.md §7.4
 * Corrections), and their controls. NAIVE-WLOCK-AS-STRONG is W-SB-NIC, W-MP-NIC and W-ME-NW, and
 * C-FRW-PUT is in locks.md §7.4: both are built by {@link HarnessCatalog}.
 */
final class NaiveLocks {
    private NaiveLocks() {
    }

    static List<Harness> all() {
        List<Harness> out = new ArrayList<>();
        out.add(mixCas());
        out.add(mixFaa(false));
        out.add(mixFaa(true));
        out.add(noWait(false));
        out.add(noWait(true));
        out.add(servingStale());
        out.add(HarnessCatalog.cas("NAIVE-NOGF", "C-SB-NIC with the release put not preceded by gf, used as a strong lock",
                Topology.TA, CasRelease.PUT_NOGF, true, NaiveLocks::sbNic, 1, "exists (A0 = 0 /\\ A1 = 0)", ALLOWED, FORBIDDEN));
        return out;
    }

    private static List<Call> sbNic(int i) {
        String x = i == 0 ? "X" : "Y";
        String y = i == 0 ? "Y" : "X";
        return List.of(LockIr.inline("CS { put^c " + x + ", ONE" + i + "; get^c A" + i + ", " + y + " }",
                new Put("c", x, "ONE" + i), new Get("c", "A" + i, y)));
    }

    /** NAIVE-MIXCAS: the home-node thread acquires by a CPU cas on L, the remote one by RCAS. */
    private static Harness mixCas() {
        List<Loc> locs = HarnessCatalog.casLocations(Topology.TA);
        List<ThreadCode> threads = List.of(new ThreadCode(1, List.of(HarnessCatalog.inlineCas("g = cas L, 0, 1", "r0", "L"))),
                new ThreadCode(2, List.of(LockIr.cacq("G1", "r0", true))));
        return new Harness("NAIVE-MIXCAS", "CAS lock whose home-node thread acquires by a CPU cas on L (WRONG: G12)", "", locs,
                threads, "exists (0:r0 = 0 /\\ 1:r0 = 0)", HarnessCatalog.expected("NAIVE-MIXCAS", ALLOWED, FORBIDDEN),
                "locks.md §9 NAIVE-MIXCAS", "g");
    }

    /** NAIVE-MIXFAA: the home-node thread draws its ticket by a CPU faa; the control uses a loopback RFAA. */
    private static Harness mixFaa(boolean control) {
        List<Loc> locs = HarnessCatalog.ticketLocations(Topology.TA, 2);
        Call p0 = control ? HarnessCatalog.drawTicket("TK0", "r0") : HarnessCatalog.inlineFaa("my = faa next, 1", "r0", "next");
        List<ThreadCode> threads = List.of(new ThreadCode(1, List.of(p0)),
                new ThreadCode(2, List.of(HarnessCatalog.drawTicket("TK1", "r0"))));
        String id = control ? "NAIVE-MIXFAA-CTRL" : "NAIVE-MIXFAA";
        String doc = control ? "control of NAIVE-MIXFAA: the home-node thread draws its ticket by a loopback RFAA"
                : "ticket dispenser whose home-node thread draws by a CPU faa on next (WRONG: G12)";
        return new Harness(id, doc, "", locs, threads, "exists (0:r0 = 0 /\\ 1:r0 = 0)",
                HarnessCatalog.expected(id, control ? FORBIDDEN : ALLOWED, FORBIDDEN), "locks.md §9 NAIVE-MIXFAA", "my");
    }

    /**
     * NAIVE-NOWAIT: TACQ2 without {@code wait wa} and without the final assume, acquires only. The
     * control (not in the spec; added here) keeps the wait: then the tickets differ.
     */
    private static Harness noWait(boolean control) {
        List<Loc> locs = HarnessCatalog.ticketLocations(Topology.TA, 2);
        List<ThreadCode> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            threads.add(new ThreadCode(i + 1, List.of(LockIr.tacq("TK" + i, HarnessCatalog.rowsSeenBy(Topology.TA, i), "r0",
                    control, false))));
        }
        String id = control ? "NAIVE-NOWAIT-CTRL" : "NAIVE-NOWAIT";
        String doc = control ? "control of NAIVE-NOWAIT (added here): with wait wa both tickets cannot be 0"
                : "ticket read before wait wa (WRONG): both threads read the initial 0 of their TK";
        return new Harness(id, doc, "", locs, threads, "exists (0:r0 = 0 /\\ 1:r0 = 0)",
                HarnessCatalog.expected(id, control ? FORBIDDEN : ALLOWED, FORBIDDEN), "locks.md §9 NAIVE-NOWAIT", "my");
    }

    /** NAIVE-SERVING-STALE: one shared serving word SV_k per client node {1,2,3}; P0@1, P1@2 acquire and release once. */
    private static Harness servingStale() {
        List<Loc> locs = new ArrayList<>();
        locs.add(new Loc("next", 1, 0, true));
        for (int k = 1; k <= 3; k++) {
            locs.add(new Loc("SV_" + k, k, 0, true));
        }
        locs.add(new Loc("TK0", 1, 0, true));
        locs.add(new Loc("TK1", 2, 0, true));
        List<ThreadCode> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int m = i + 1;
            String own = "SV_" + m;
            String far1 = "SV_" + (m == 1 ? 2 : 1);
            Call acquire = LockIr.inline("acquire { rfaa^wa TK" + i + ", next, 1; wait wa; my = load TK" + i + "; a = load "
                    + own + "; assume (a >= my) }", new Rfaa("wa", "TK" + i, "next", 1), new Wait("wa"),
                    new Load("r0", "TK" + i), new Load("r1", own), new Assume("r1 >= r0"));
            Call release = LockIr.inline("release { n = my + 1; store " + own + ", n; put^wb " + far1 + ", " + own
                    + "; put^wb SV_3, " + own + " }", new Assign(LockIr.N, "r0 + 1"), new Store(own, LockIr.N),
                    new Put("wb", far1, own), new Put("wb", "SV_3", own));
            threads.add(new ThreadCode(m, List.of(acquire, release)));
        }
        return new Harness("NAIVE-SERVING-STALE", "one shared serving word per client node instead of per-slot rows (WRONG): "
                + "node 3 can end with a stale value", "", locs, threads, "exists (SV_3 = 1)",
                HarnessCatalog.expected("NAIVE-SERVING-STALE", ALLOWED, FORBIDDEN), "locks.md §9 NAIVE-SERVING", "my");
    }
}
