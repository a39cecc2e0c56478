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
import remo.loco.harness.Harness.Loc;

/**
 * The KvStore harnesses of loco.md §4.9: one bucket at node 2 with one entry holding key 7
 * ({@code LK}, {@code VER}, {@code K0 = 7}, {@code V0}, {@code V1}); writers run W2–W8 with entry 0
 * fixed, readers G2 once.
 */
final class KvStoreHarnesses {
    /**
     * Why the two atomicity controls are Allowed under {@code rdma-sc-rmw} as well (expected.tsv's
     * note column): loco.md §4 and §6 item 3 say every Allowed harness is Forbidden under
     * rdma-sc-rmw, but these violations are interleavings of one-word transfers, not reorderings.
     */
    static final String SC_NOTE = "Allowed under rdma-sc-rmw too: the violation is an interleaving of one-word "
            + "transfers, which sequential consistency allows (loco.md §6 item 3 expects Forbidden; a spec doubt)";

    private KvStoreHarnesses() {
    }

    private static final List<Loc> KV_LOC = List.of(loc("LK", 2, 0), loc("VER", 2, 0), loc("K0", 2, 7), loc("V0", 2, 0),
            loc("V1", 2, 0));
    private static final String KV_REGS = "v1 = r0, v2 = r1, a = r2, b = r3, scanned key = r4, d = r5; writers: g = r0";
    private static final String TORN = "exists ((1:r2 = 1 /\\ 1:r3 = 0) \\/ (1:r2 = 0 /\\ 1:r3 = 1))";

    /** A writer's scratch on node w: g, the bucket copy, j, the stage, the constant 0. */
    private static List<Loc> writerScratch(int w) {
        List<Loc> l = new ArrayList<>();
        for (String n : new String[] {"G", "EB0", "EB1", "EB2", "J", "ST0", "ST1", "ST2", "Z"}) {
            l.add(loc(n + "_" + w, w, 0));
        }
        return l;
    }

    /** A reader's scratch on node n: v1, the bucket copy, v2. */
    private static List<Loc> readerScratch(int n) {
        List<Loc> l = new ArrayList<>();
        for (String x : new String[] {"V1R", "EB0", "EB1", "EB2", "V2R"}) {
            l.add(loc(x + "_" + n, n, 0));
        }
        return l;
    }

    /** {@code put(7, [x, x])} by the writer on node w: W2 (if locked), W3, W5, W6, W7, W8 (if locked). */
    private static List<String> put(int w, int x, boolean lock) {
        String s = "_" + w;
        List<String> c = new ArrayList<>();
        if (lock) {
            c.addAll(ins("rcas G" + s + ", LK@2, 0, 1 #wl", "wait wl", "r0 = G" + s, "assume (r0 == 0)"));
        }
        c.addAll(ins("get EB0" + s + ", K0@2 #wk", "get EB1" + s + ", V0@2 #wk", "get EB2" + s + ", V1@2 #wk", "wait wk"));
        c.add("rfaa J" + s + ", VER@2, 1 #wk");
        c.addAll(ins("ST0" + s + " = 7", "ST1" + s + " = " + x, "ST2" + s + " = " + x, "put K0@2, ST0" + s + " #wk",
                "put V0@2, ST1" + s + " #wk", "put V1@2, ST2" + s + " #wk"));
        c.add("rfaa J" + s + ", VER@2, 1 #wk");
        if (lock) {
            c.addAll(ins("gf", "put LK@2, Z" + s + " #wr"));
        }
        return c;
    }

    /** {@code get(7)} by the reader on node n: G2 once (without the version reads if not {@code seq}). */
    private static List<String> get(int n, boolean seq) {
        String s = "_" + n;
        List<String> c = new ArrayList<>();
        if (seq) {
            c.add("get V1R" + s + ", VER@2 #wk");
        }
        c.addAll(ins("get EB0" + s + ", K0@2 #wk", "get EB1" + s + ", V0@2 #wk", "get EB2" + s + ", V1@2 #wk"));
        if (seq) {
            c.add("get V2R" + s + ", VER@2 #wk");
        }
        c.add("wait wk");
        if (seq) {
            c.addAll(ins("r0 = V1R" + s, "r1 = V2R" + s, "assume (r0 == r1 && r0 != 1)"));
        }
        c.addAll(ins("r4 = EB0" + s, "r2 = EB1" + s, "r3 = EB2" + s));
        return c;
    }

    static List<Harness> all() {
        List<Harness> out = new ArrayList<>();
        for (boolean seq : new boolean[] {true, false}) {
            out.add(Harness.of("KV-TORN" + (seq ? "" : "-NOSEQ"), "KvStore: a get never returns half of a put"
                            + (seq ? "" : " (fails without the seqlock)"), cat(KV_LOC, writerScratch(1), readerScratch(3)),
                    threads(code(1, put(1, 1, true)), code(3, get(3, seq))), TORN, seq ? F : A, seq ? F : A, KV_REGS, null,
                    seq ? null : SC_NOTE));
        }
        for (boolean lock : new boolean[] {true, false}) {
            out.add(Harness.of("KV-2W" + (lock ? "" : "-NOLOCK"), "KvStore: two puts of one key leave one whole value"
                            + (lock ? "" : " (fails without the bucket lock)"), cat(KV_LOC, writerScratch(1), writerScratch(3)),
                    threads(code(1, put(1, 1, lock)), code(3, put(3, 2, lock))),
                    "exists (~((V0 = 1 /\\ V1 = 1) \\/ (V0 = 2 /\\ V1 = 2)))", lock ? F : A, lock ? F : A, KV_REGS, null,
                    lock ? null : SC_NOTE));
        }
        out.add(Harness.of("KV-MP-CPU", "KvStore: CPU writes before a put are visible after a get that returns its value",
                cat(KV_LOC, List.of(loc("D", 1, 0)), writerScratch(1), readerScratch(3), List.of(loc("A_3", 3, 0))),
                threads(code(1, cat(ins("D = 1"), put(1, 1, true))),
                        code(3, cat(get(3, true), ins("assume (r2 == 1)", "get A_3, D@1 #c", "wait c", "r5 = A_3")))),
                "exists (1:r5 = 0)", F, F, KV_REGS));
        return out;
    }
}
