package remo.loco.harness;

import static remo.loco.harness.Harness.A;
import static remo.loco.harness.Harness.F;
import static remo.loco.harness.Harness.cat;
import static remo.loco.harness.Harness.code;
import static remo.loco.harness.Harness.ins;
import static remo.loco.harness.Harness.loc;
import static remo.loco.harness.Harness.threads;

import java.util.ArrayList;
import java.util.List;
import remo.loco.harness.Harness.Code;
import remo.loco.harness.Harness.Loc;

/** The harnesses of the synchronising objects: Barrier (loco.md §4.6), RingBuffer (loco.md §4.7), Broadcast (loco.md §4.8). */
final class SyncObjectHarnesses {
    private SyncObjectHarnesses() {
    }

    static List<Harness> all() {
        List<Harness> out = new ArrayList<>();
        barrier(out);
        ringBuffer(out);
        broadcast(out);
        return out;
    }

    /**
     * The k-th barrier of participant {@code i} with peer {@code j} (participants 1 and 2): stage
     * k in the staging word of k's parity (one shared word if {@code naive}), put it to the peer's
     * arrival word, spin on its own arrival word from the peer into {@code r}.
     */
    private static List<String> bar(int i, int j, int k, String r, boolean naive) {
        String src = naive ? "SRC_" + i : "SRC_" + i + "_" + (k % 2);
        return ins(src + " = " + k, "put E_" + i + "_at_" + j + "@" + j + ", " + src + " #wb", r + " = E_" + j + "_at_" + i,
                "assume (" + r + " >= " + k + ")");
    }

    /** The strong barrier: a gf first. */
    private static List<String> bars(int i, int j, int k, String r) {
        return cat(ins("gf"), bar(i, j, k, r, false));
    }

    private static void barrier(List<Harness> out) {
        List<Loc> barLoc = List.of(loc("SRC_1_0", 1, 0), loc("SRC_1_1", 1, 0), loc("E_2_at_1", 1, 0), loc("SRC_2_0", 2, 0),
                loc("SRC_2_1", 2, 0), loc("E_1_at_2", 2, 0));
        String regs = "e = r1 (and r2 for BAR(2)), r = r0, d = r0";
        out.add(Harness.of("BAR-LOC", "Barrier (C1): a put to the peer before the barrier is visible after it",
                cat(barLoc, List.of(loc("ONE", 1, 1), loc("X", 2, 0))),
                threads(code(1, cat(ins("put X@2, ONE #c"), bar(1, 2, 1, "r1", false))),
                        code(2, cat(bar(2, 1, 1, "r1", false), ins("r0 = X")))),
                "exists (1:r0 = 0)", F, F, regs));
        out.add(Harness.of("BAR-CPU", "Barrier (C3): CPU writes before the barrier are visible to a get after it",
                cat(barLoc, List.of(loc("D", 1, 0), loc("A", 2, 0))),
                threads(code(1, cat(ins("D = 1"), bar(1, 2, 1, "r1", false))),
                        code(2, cat(bar(2, 1, 1, "r1", false), ins("get A, D@1 #c", "wait c", "r0 = A")))),
                "exists (1:r0 = 0)", F, F, regs));
        for (boolean strong : new boolean[] {false, true}) {
            List<String> p0 = cat(ins("put X@3, ONE #c"), strong ? bars(1, 2, 1, "r1") : bar(1, 2, 1, "r1", false));
            out.add(Harness.of("BAR-3RD" + (strong ? "-S" : ""),
                    "Barrier (C2): a put to a third node is ordered only by the strong barrier",
                    cat(barLoc, List.of(loc("ONE", 1, 1), loc("A", 2, 0), loc("X", 3, 0))),
                    threads(code(1, p0), code(2, cat(bar(2, 1, 1, "r1", false), ins("get A, X@3 #c", "wait c", "r0 = A")))),
                    "exists (1:r0 = 0)", strong ? F : A, F, regs));
        }
        for (boolean strong : new boolean[] {false, true}) {
            List<String> p0 = cat(ins("get A, Y@2 #c"), strong ? bars(1, 2, 1, "r1") : bar(1, 2, 1, "r1", false));
            out.add(Harness.of("BAR-GET" + (strong ? "-S" : ""),
                    "Barrier (C4): a get before the barrier may read the peer's post-barrier write unless the barrier is strong",
                    cat(barLoc, List.of(loc("A", 1, 0), loc("Y", 2, 0))),
                    threads(code(1, p0), code(2, cat(bar(2, 1, 1, "r1", false), ins("Y = 1")))), "exists (A = 1)",
                    strong ? F : A, F, regs));
        }
        for (boolean naive : new boolean[] {false, true}) {
            List<Loc> l = cat(naive ? List.of(loc("SRC_1", 1, 0), loc("E_2_at_1", 1, 0), loc("SRC_2", 2, 0), loc("E_1_at_2", 2, 0))
                    : barLoc, List.of(loc("ONE", 1, 1), loc("X", 2, 0)));
            out.add(Harness.of("BAR-LATE" + (naive ? "-NAIVE" : ""), "Barrier: a put between two barriers is visible after the second"
                            + (naive ? " (fails with one staging word)" : ""), l,
                    threads(code(1, cat(bar(1, 2, 1, "r1", naive), ins("put X@2, ONE #c"), bar(1, 2, 2, "r2", naive))),
                            code(2, cat(bar(2, 1, 1, "r1", naive), bar(2, 1, 2, "r2", naive), ins("r0 = X")))),
                    "exists (1:r0 = 0)", naive ? A : F, F, regs));
        }
        out.add(threeParticipants());
    }

    private static Harness threeParticipants() {
        int[] nodes = {1, 2, 3};
        List<Loc> l = new ArrayList<>();
        for (int i : nodes) {
            l.add(loc("D_" + i, i, 0));
        }
        for (int i : nodes) {
            l.add(loc("SRC_" + i + "_1", i, 0));
        }
        for (int i : nodes) {
            for (int j : nodes) {
                if (i != j) {
                    l.add(loc("E_" + i + "_at_" + j, j, 0));
                }
            }
        }
        for (int i : nodes) {
            for (int j : nodes) {
                if (i != j) {
                    l.add(loc("A_" + i + "_" + j, i, 0));
                }
            }
        }
        List<Code> threads = new ArrayList<>();
        for (int i : nodes) {
            List<Integer> peers = new ArrayList<>();
            for (int j : nodes) {
                if (j != i) {
                    peers.add(j);
                }
            }
            List<String> c = new ArrayList<>(ins("D_" + i + " = 1", "SRC_" + i + "_1 = 1"));
            for (int j : peers) {
                c.add("put E_" + i + "_at_" + j + "@" + j + ", SRC_" + i + "_1 #wb");
            }
            for (int n = 0; n < peers.size(); n++) {
                c.add("r" + (n + 1) + " = E_" + peers.get(n) + "_at_" + i);
            }
            c.add("assume (r1 >= 1 && r2 >= 1)");
            for (int j : peers) {
                c.add("get A_" + i + "_" + j + ", D_" + j + "@" + j + " #c");
            }
            c.add("wait c");
            for (int n = 0; n < peers.size(); n++) {
                c.add("r" + (n + 3) + " = A_" + i + "_" + peers.get(n));
            }
            threads.add(code(i, c));
        }
        List<String> disjuncts = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            for (int r : new int[] {3, 4}) {
                disjuncts.add(t + ":r" + r + " = 0");
            }
        }
        return Harness.of("BAR-3N", "Barrier (C3) with three participants: every node's write before the barrier is seen after it",
                l, threads, "exists (" + String.join(" \\/ ", disjuncts) + ")", F, F, "spin loads r1, r2; fetched D_j r3, r4");
    }

    /**
     * The words of one ring (loco.md §4.7, M = 1) named with suffix {@code ring}: K slots, tail and head
     * at the receiver {@code r}; per slot a value and a tail staging word at the sender {@code s}
     * (one shared tail staging word if {@code naive}); the head copy at the sender.
     */
    static List<Loc> ringLoc(int k, String ring, int s, int r, boolean naive) {
        List<Loc> l = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            l.add(loc("SLOT" + ring + "_" + i, r, 0));
        }
        l.add(loc("TAIL" + ring, r, 0));
        l.add(loc("HEAD" + ring, r, 0));
        for (int i = 0; i < k; i++) {
            l.add(loc("STG" + ring + "_" + i + "_0", s, 0));
            if (!naive) {
                l.add(loc("STG" + ring + "_" + i + "_1", s, 0));
            }
        }
        if (naive) {
            l.add(loc("STG" + ring + "_T", s, 0));
        }
        l.add(loc("HC" + ring, s, 0));
        return l;
    }

    /** The n-th push of value v into a ring of K slots at receiver r: wait for credit, stage, put slot, put tail. */
    static List<String> push(int n, int v, int k, String ring, int r, boolean naive) {
        int i = n % k;
        String tail = naive ? "STG" + ring + "_T" : "STG" + ring + "_" + i + "_1";
        String h = "r" + (10 + n);
        List<String> c = new ArrayList<>(ins(h + " = HC" + ring));
        if (n >= k) {
            c.add("assume (" + h + " >= " + (n - k + 1) + ")");
        }
        c.addAll(ins("STG" + ring + "_" + i + "_0 = " + v, tail + " = " + (n + 1),
                "put SLOT" + ring + "_" + i + "@" + r + ", STG" + ring + "_" + i + "_0 #wp" + ring,
                "put TAIL" + ring + "@" + r + ", " + tail + " #wp" + ring));
        return c;
    }

    /** The n-th pop into register o: wait for the tail, read the slot, advance the head and put it back to the sender s. */
    static List<String> pop(int n, String o, int k, String ring, int s) {
        String t = "r" + (20 + n);
        return ins(t + " = TAIL" + ring, "assume (" + t + " >= " + (n + 1) + ")", o + " = SLOT" + ring + "_" + (n % k),
                "HEAD" + ring + " = " + (n + 1), "put HC" + ring + "@" + s + ", HEAD" + ring + " #wc" + ring);
    }

    private static final String RB_REGS = "o0 = r0, o1 = r1 (RB-MP-*: o = r0, d/x = r1); HC loads r10+n, TAIL loads r20+n";

    private static void ringBuffer(List<Harness> out) {
        Object[][] fifo = {{"RB-FIFO", 2, false, F, "RingBuffer (K=2): FIFO, exactly once"},
                {"RB-FIFO-NAIVE", 2, true, A, "RingBuffer (K=2) with one shared tail-source word: a slot is read before it lands"},
                {"RB-CREDIT", 1, false, F, "RingBuffer (K=1): the second push waits for the credit"}};
        for (Object[] f : fifo) {
            int k = (Integer) f[1];
            boolean naive = (Boolean) f[2];
            out.add(Harness.of((String) f[0], (String) f[4], ringLoc(k, "", 1, 2, naive),
                    threads(code(1, cat(push(0, 1, k, "", 2, naive), push(1, 2, k, "", 2, naive))),
                            code(2, cat(pop(0, "r0", k, "", 1), pop(1, "r1", k, "", 1)))),
                    "exists (~(1:r0 = 1 /\\ 1:r1 = 2))", (String) f[3], F, RB_REGS));
        }
        out.add(Harness.of("RB-MP-CPU", "RingBuffer: CPU writes of the sender before a push are visible after the pop",
                cat(ringLoc(1, "", 1, 2, false), List.of(loc("D", 1, 0), loc("A", 2, 0))),
                threads(code(1, cat(ins("D = 1"), push(0, 1, 1, "", 2, false))),
                        code(2, cat(pop(0, "r0", 1, "", 1), ins("get A, D@1 #c", "wait c", "r1 = A")))),
                "exists (1:r1 = 0)", F, F, RB_REGS));
        out.add(Harness.of("RB-MP-LOC", "RingBuffer: a put to the receiver before a push is visible after the pop",
                cat(ringLoc(1, "", 1, 2, false), List.of(loc("ONE", 1, 1), loc("X", 2, 0))),
                threads(code(1, cat(ins("put X@2, ONE #c"), push(0, 1, 1, "", 2, false))),
                        code(2, cat(pop(0, "r0", 1, "", 1), ins("r1 = X")))),
                "exists (1:r1 = 0)", F, F, RB_REGS));
        out.add(Harness.of("RB-MP-3RD", "RingBuffer: a put to a third node before a push is not ordered before the pop",
                cat(ringLoc(1, "", 1, 2, false), List.of(loc("ONE", 1, 1), loc("A", 2, 0), loc("X", 3, 0))),
                threads(code(1, cat(ins("put X@3, ONE #c"), push(0, 1, 1, "", 2, false))),
                        code(2, cat(pop(0, "r0", 1, "", 1), ins("get A, X@3 #c", "wait c", "r1 = A")))),
                "exists (1:r1 = 0)", A, F, RB_REGS));
    }

    /** Broadcast (loco.md §4.8): sender P0@1, receivers 2 and 3, one ring each (K=2). */
    private static void broadcast(List<Harness> out) {
        List<Loc> bcLoc = cat(ringLoc(2, "2", 1, 2, false), ringLoc(2, "3", 1, 3, false));
        out.add(Harness.of("BC-ORD", "Broadcast (K=2): each receiver gets 1 then 2", bcLoc,
                threads(code(1, cat(push(0, 1, 2, "2", 2, false), push(0, 1, 2, "3", 3, false), push(1, 2, 2, "2", 2, false),
                                push(1, 2, 2, "3", 3, false))),
                        code(2, cat(pop(0, "r0", 2, "2", 1), pop(1, "r1", 2, "2", 1))),
                        code(3, cat(pop(0, "r0", 2, "3", 1), pop(1, "r1", 2, "3", 1)))),
                "exists (~(1:r0 = 1 /\\ 1:r1 = 2) \\/ ~(2:r0 = 1 /\\ 2:r1 = 2))", F, F, RB_REGS));
        out.add(Harness.of("BC-MP", "Broadcast: CPU writes of the sender before a send are visible after a receive",
                cat(bcLoc, List.of(loc("D", 1, 0), loc("A", 2, 0))),
                threads(code(1, cat(ins("D = 1"), push(0, 1, 2, "2", 2, false), push(0, 1, 2, "3", 3, false))),
                        code(2, cat(pop(0, "r0", 2, "2", 1), ins("get A, D@1 #c", "wait c", "r1 = A")))),
                "exists (1:r1 = 0)", F, F, RB_REGS));
    }
}
