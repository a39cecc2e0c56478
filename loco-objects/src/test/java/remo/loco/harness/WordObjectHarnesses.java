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
 * The harnesses of the objects made of single words: SharedRegion (the BF suite of locks.md
 * locks.md §1.5), OwnedVar (loco.md §4.2), AtomicVar (loco.md §4.3), GlobalFence (loco.md §4.4) and Sst (loco.md §4.5).
 */
final class WordObjectHarnesses {
    private WordObjectHarnesses() {
    }

    static List<Harness> all() {
        List<Harness> out = new ArrayList<>();
        sharedRegion(out);
        ownedVar(out);
        atomicVar(out);
        globalFence(out);
        sst(out);
        return out;
    }

    private static void sharedRegion(List<Harness> out) {
        out.add(Harness.of("BF-WP", "G3: a store before a put reaches memory before the put reads it",
                List.of(loc("X", 1, 0), loc("Y", 2, 0)), threads(code(1, ins("X = 1", "put Y@2, X #d"))), "exists (Y = 0)", F, F));
        out.add(Harness.of("BF-LATE", "G4: a put may read a store issued after it (late source read)",
                List.of(loc("X", 1, 0), loc("Y", 2, 0)), threads(code(1, ins("put Y@2, X #d", "X = 1"))), "exists (Y = 1)", A, F));
        out.add(Harness.of("BF-MPQ", "G5, G9: two puts on one QP land in order",
                List.of(loc("ONE", 1, 1), loc("D", 2, 0), loc("F", 2, 0)),
                threads(code(1, ins("put D@2, ONE #d", "put F@2, ONE #d")), code(2, ins("r0 = F", "r1 = D"))),
                "exists (1:r0 = 1 /\\ 1:r1 = 0)", F, F, "f = r0, v = r1"));
        List<String> mpxP1 = ins("r0 = F", "assume (r0 == 1)", "get A, D@3 #e", "wait e", "r1 = A");
        List<Loc> mpxLoc = List.of(loc("ONE", 1, 1), loc("F", 2, 0), loc("A", 2, 0), loc("D", 3, 0));
        out.add(Harness.of("BF-MPX", "G6: puts to different nodes are not ordered", mpxLoc,
                threads(code(1, ins("put D@3, ONE #d", "put F@2, ONE #d")), code(2, mpxP1)), "exists (1:r1 = 0)", A, F,
                "f = r0, v = r1"));
        out.add(Harness.of("BF-WAIT", "G7: wait d completes the earlier put tagged d", mpxLoc,
                threads(code(1, ins("put D@3, ONE #d", "wait d", "put F@2, ONE #d")), code(2, mpxP1)), "exists (1:r1 = 0)", F,
                F, "f = r0, v = r1"));
        out.add(Harness.of("BF-WAITX", "G7: wait d does not complete a put tagged c", mpxLoc,
                threads(code(1, ins("put D@3, ONE #c", "wait d", "put F@2, ONE #d")), code(2, mpxP1)), "exists (1:r1 = 0)", A,
                F, "f = r0, v = r1"));
        out.add(Harness.of("BF-GF", "G8: gf completes every earlier op", mpxLoc,
                threads(code(1, ins("put D@3, ONE #d", "gf", "put F@2, ONE #d")), code(2, mpxP1)), "exists (1:r1 = 0)", F, F,
                "f = r0, v = r1"));
        out.add(Harness.of("BF-RES", "G15: the result word of an RMW is written late",
                List.of(loc("Z", 1, 0), loc("X", 2, 5)), threads(code(1, ins("rfaa Z, X@2, 1 #d", "r0 = Z"))),
                "exists (0:r0 = 0)", A, F, "r = r0"));
        out.add(Harness.of("BF-RES-W", "G15: after wait d the result word holds the old value",
                List.of(loc("Z", 1, 0), loc("X", 2, 5)), threads(code(1, ins("rfaa Z, X@2, 1 #d", "wait d", "r0 = Z"))),
                "exists (0:r0 = 0)", F, F, "r = r0"));
        out.add(Harness.of("BF-RAO", "G11: remote RMWs on one location never interleave (P2 loopback)",
                List.of(loc("Z0", 1, 0), loc("Z1", 2, 0), loc("Z2", 3, 0), loc("X", 3, 0)),
                threads(code(1, ins("rfaa Z0, X@3, 1 #d", "wait d")), code(2, ins("rfaa Z1, X@3, 1 #e", "wait e")),
                        code(3, ins("rfaa Z2, X@3, 1 #f", "wait f"))), "exists (~(X = 3))", F, F));
        out.add(Harness.of("BF-WEAK", "G12: a CPU RMW may fall between a remote RMW's read and write",
                List.of(loc("Z", 1, 0), loc("X", 2, 0)),
                threads(code(1, ins("rfaa Z, X@2, 1 #d", "wait d")), code(2, ins("r0 = faa(X, 1)"))), "exists (X = 1)", A, F));
        out.add(Harness.of("BF-WEAKW", "G12: a CPU store may fall between a remote CAS's read and write",
                List.of(loc("Z", 1, 0), loc("X", 2, 0)),
                threads(code(1, ins("rcas Z, X@2, 0, 1 #d", "wait d", "r0 = Z")), code(2, ins("X = 2"))),
                "exists (0:r0 = 0 /\\ X = 1)", A, F, "r = r0"));
        out.add(Harness.of("BF-PQA", "G5: a put's remote write precedes a later RMW on the same QP",
                List.of(loc("ONE", 1, 1), loc("Z", 1, 0), loc("X", 2, 0)),
                threads(code(1, ins("put X@2, ONE #d", "rfaa Z, X@2, 0 #d", "wait d", "r0 = Z"))), "exists (0:r0 = 0)", F, F,
                "r = r0"));
        out.add(Harness.of("BF-FRW", "G14: a failed remote CAS writes nothing (FAILED_RCAS_WRITES=NO)",
                List.of(loc("Z", 1, 0), loc("X", 2, 0)),
                threads(code(1, ins("rcas Z, X@2, 5, 9 #d", "wait d")), code(2, ins("X = 1"))), "exists (X = 0)", F, F));
        out.add(Harness.of("BF-FRW-YES", "G14: with FAILED_RCAS_WRITES=YES a failed remote CAS writes the old value back",
                List.of(loc("Z", 1, 0), loc("X", 2, 0)),
                threads(code(1, ins("rcas Z, X@2, 5, 9 #d", "wait d")), code(2, ins("X = 1"))), "exists (X = 0)", A, F, null,
                "FAILED_RCAS_WRITES=YES", null));
    }

    /** An OwnedVar write by the owner P0@1 (loco.md §4.2): the local replica, then one put per other replica. */
    private static List<String> ovWrite(int v, String x) {
        return ins(x + "_1 = " + v, "put " + x + "_2@2, " + x + "_1 #wo");
    }

    private static void ownedVar(List<Harness> out) {
        List<Loc> two = List.of(loc("X_1", 1, 0), loc("X_2", 2, 0));
        out.add(Harness.of("OV-MONO", "OwnedVar: a replica never goes back to an older write", two,
                threads(code(1, cat(ovWrite(1, "X"), ovWrite(2, "X"))), code(2, ins("r1 = X_2", "r2 = X_2"))),
                "exists (1:r1 = 2 /\\ 1:r2 = 1)", F, F));
        out.add(Harness.of("OV-CONV", "OwnedVar: at quiescence every replica holds the last write", two,
                threads(code(1, cat(ovWrite(1, "X"), ovWrite(2, "X")))), "exists (X_2 = 1)", F, F));
        out.add(Harness.of("OV-CPU-MP", "OwnedVar: CPU writes of the owner before a write are visible after reading it",
                List.of(loc("D", 1, 0), loc("X_1", 1, 0), loc("X_2", 2, 0), loc("A", 2, 0)),
                threads(code(1, cat(ins("D = 1"), ovWrite(1, "X"))),
                        code(2, ins("r0 = X_2", "assume (r0 == 1)", "get A, D@1 #c", "wait c", "r1 = A"))),
                "exists (1:r1 = 0)", F, F, "r = r0, d = r1"));
        List<String> lateP1 = ins("r0 = F_2", "assume (r0 == 2)", "r1 = D");
        List<Loc> lateLoc = List.of(loc("ONE", 1, 1), loc("F_1", 1, 0), loc("F_2", 2, 0), loc("D", 2, 0));
        out.add(Harness.of("OV-LATE", "OwnedVar: the put of the first write may carry the second value, ahead of a data put",
                lateLoc, threads(code(1, cat(ovWrite(1, "F"), ins("put D@2, ONE #c"), ovWrite(2, "F"))), code(2, lateP1)),
                "exists (1:r1 = 0)", A, F, "f = r0, d = r1"));
        out.add(Harness.of("OV-PUB", "OwnedVar: the publication idiom, flush before the flag write", lateLoc,
                threads(code(1, cat(ovWrite(1, "F"), ins("put D@2, ONE #c", "wait wo"), ovWrite(2, "F"))), code(2, lateP1)),
                "exists (1:r1 = 0)", F, F, "f = r0, d = r1"));
    }

    /** An AtomicVar fetchAdd of X@3 (loco.md §4.3) into the local result word {@code z}. */
    private static List<String> fetchAdd(String z) {
        return ins("rfaa " + z + ", X@3, 1 #wv", "wait wv", "r0 = " + z);
    }

    private static void atomicVar(List<Harness> out) {
        List<Loc> avLoc = List.of(loc("Z0", 1, 0), loc("Z1", 2, 0), loc("Z2", 3, 0), loc("X", 3, 0));
        out.add(Harness.of("AV-ATOM3", "AtomicVar: three fetchAdds from three nodes (P2 loopback) all count", avLoc,
                threads(code(1, fetchAdd("Z0")), code(2, fetchAdd("Z1")), code(3, fetchAdd("Z2"))), "exists (~(X = 3))", F,
                F));
        out.add(Harness.of("AV-DISTINCT", "AtomicVar: two fetchAdds return different old values",
                List.of(avLoc.get(0), avLoc.get(1), avLoc.get(3)), threads(code(1, fetchAdd("Z0")), code(2, fetchAdd("Z1"))),
                "exists (0:r0 = 0 /\\ 1:r0 = 0)", F, F, "r = r0"));
        out.add(Harness.of("AV-MIX", "AtomicVar, negative: a CPU faa on the home node is not atomic against remote RMWs",
                avLoc, threads(code(1, fetchAdd("Z0")), code(2, fetchAdd("Z1")), code(3, ins("r0 = faa(X, 1)"))),
                "exists (~(X = 3))", A, F));
        out.add(Harness.of("AV-FRESH", "AtomicVar: a load after seeing a put issued after a fetchAdd sees the fetchAdd",
                List.of(loc("ONE", 1, 1), loc("Z0", 1, 0), loc("F", 2, 0), loc("Z1", 2, 0), loc("X", 3, 0)),
                threads(code(1, cat(fetchAdd("Z0"), ins("put F@2, ONE #c"))),
                        code(2, ins("r0 = F", "assume (r0 == 1)", "get Z1, X@3 #wv", "wait wv", "r1 = Z1"))),
                "exists (1:r1 = 0)", F, F, "f = r0, v = r1"));
    }

    private static void globalFence(List<Harness> out) {
        List<Loc> gfLoc = List.of(loc("ONE", 1, 1), loc("F", 2, 0), loc("A", 2, 0), loc("D", 3, 0));
        List<String> gfP1 = ins("r0 = F", "assume (r0 == 1)", "get A, D@3 #c", "wait c", "r1 = A");
        String[][] variants = {{"GF-MP", "", F}, {"GF-MP-NONE", ", without the fence", A}, {"GF-MP-MFENCE", ", mfence only", A}};
        for (String[] v : variants) {
            List<String> fence = v[0].equals("GF-MP") ? ins("mfence", "gf") : v[0].equals("GF-MP-MFENCE") ? ins("mfence") : ins();
            out.add(Harness.of(v[0], "GlobalFence: message passing to a third node" + v[1], gfLoc,
                    threads(code(1, cat(ins("put D@3, ONE #c"), fence, ins("put F@2, ONE #c"))), code(2, gfP1)),
                    "exists (1:r1 = 0)", v[2], F, "f = r0, d = r1"));
        }
    }

    /** Sst (loco.md §4.5): P0@1 owns row 0; {@code RiFj_k} is row i, field j at node k. */
    private static List<String> sstSet(int f, int v) {
        return ins("R0F" + f + "_1 = " + v);
    }

    private static List<String> sstPushField(int f) {
        return ins("put R0F" + f + "_2@2, R0F" + f + "_1 #ws");
    }

    private static void sst(List<Harness> out) {
        out.add(Harness.of("SST-MONO", "Sst (F=1): a replica of a field never goes back",
                List.of(loc("R0F0_1", 1, 0), loc("R0F0_2", 2, 0)),
                threads(code(1, cat(sstSet(0, 1), sstPushField(0), sstSet(0, 2), sstPushField(0))),
                        code(2, ins("r0 = R0F0_2", "r1 = R0F0_2"))),
                "exists (1:r0 = 2 /\\ 1:r1 = 1)", F, F, "a = r0, b = r1"));
        List<Loc> sstLoc = List.of(loc("R0F0_1", 1, 0), loc("R0F1_1", 1, 0), loc("R0F0_2", 2, 0), loc("R0F1_2", 2, 0));
        List<String> sstP1 = ins("r1 = R0F1_2", "assume (r1 == 2)", "r0 = R0F0_2");
        out.add(Harness.of("SST-PUB", "Sst (F=2): publication through field 1 with flush before the flag push", sstLoc,
                threads(code(1, cat(sstSet(1, 1), sstPushField(1), sstSet(0, 1), sstPushField(0), ins("wait ws"), sstSet(1, 2),
                        sstPushField(1))), code(2, sstP1)), "exists (1:r0 = 0)", F, F, "a = r0, b = r1"));
        out.add(Harness.of("SST-NOPUB", "Sst (F=2): publication without the flush fails (late source read)", sstLoc,
                threads(code(1, cat(sstSet(1, 1), sstPushField(1), sstSet(0, 1), sstPushField(0), sstSet(1, 2),
                        sstPushField(1))), code(2, sstP1)), "exists (1:r0 = 0)", A, F, "a = r0, b = r1"));
    }
}
