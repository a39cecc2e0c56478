#!/usr/bin/env python3
"""Writes the IR harnesses of the LOCO objects (loco.md §4 "Harnesses", locks.md §1.5 for
SharedRegion) as RDMA litmus files, and expected.tsv with their verdicts under rdma-wait-rmw and
rdma-sc-rmw. (KV-TORN-NOSEQ and KV-2W-NOLOCK are Allowed under rdma-sc-rmw as well: their
violation is an interleaving of one-word transfers, which every model allows; loco.md §4 expects
Forbidden there, a spec doubt.) The litmus language has no macros, so the object operations (write, PUSH, BAR, the
KvStore op sequences, ...) are expanded here, once; the files are the output. Run from this
directory: python3 harnesses.py
"""

HARNESSES = []  # (id, text, wait-rmw verdict, sc-rmw verdict)


def harness(name, doc, locations, threads, condition, wait, sc, registers=None, flags=None):
    """threads: list of (node, [instructions]); locations: list of (name, node, init)."""
    lines = ["RDMA " + name, '"' + doc + '"']
    if registers:
        lines.append("(* registers: " + registers + " *)")
    if flags:
        lines.append("flags " + flags)
    lines.append("{ " + " ".join("%s@%d = %d;" % l for l in locations) + " }")
    cols = [["P%d@%d" % (i, n)] + list(code) for i, (n, code) in enumerate(threads)]
    width = [max(len(c) for c in col) for col in cols]
    rows = max(len(c) for c in cols)
    for r in range(rows):
        cells = [(col[r] if r < len(col) else "").ljust(w) for col, w in zip(cols, width)]
        lines.append(" " + " | ".join(cells) + " ;")
    lines.append(condition)
    HARNESSES.append((name, "\n".join(lines) + "\n", wait, sc))


A, F = "Allowed", "Forbidden"

# ---------------------------------------------------------------- SharedRegion: the BF suite (locks.md §1.5)
harness("BF-WP", "G3: a store before a put reaches memory before the put reads it",
        [("X", 1, 0), ("Y", 2, 0)], [(1, ["X = 1", "put Y@2, X #d"])], "exists (Y = 0)", F, F)
harness("BF-LATE", "G4: a put may read a store issued after it (late source read)",
        [("X", 1, 0), ("Y", 2, 0)], [(1, ["put Y@2, X #d", "X = 1"])], "exists (Y = 1)", A, F)
harness("BF-MPQ", "G5, G9: two puts on one QP land in order",
        [("ONE", 1, 1), ("D", 2, 0), ("F", 2, 0)],
        [(1, ["put D@2, ONE #d", "put F@2, ONE #d"]), (2, ["r0 = F", "r1 = D"])],
        "exists (1:r0 = 1 /\\ 1:r1 = 0)", F, F, "f = r0, v = r1")
MPX_P1 = ["r0 = F", "assume (r0 == 1)", "get A, D@3 #e", "wait e", "r1 = A"]
MPX_LOC = [("ONE", 1, 1), ("F", 2, 0), ("A", 2, 0), ("D", 3, 0)]
harness("BF-MPX", "G6: puts to different nodes are not ordered",
        MPX_LOC, [(1, ["put D@3, ONE #d", "put F@2, ONE #d"]), (2, MPX_P1)], "exists (1:r1 = 0)", A, F, "f = r0, v = r1")
harness("BF-WAIT", "G7: wait d completes the earlier put tagged d",
        MPX_LOC, [(1, ["put D@3, ONE #d", "wait d", "put F@2, ONE #d"]), (2, MPX_P1)], "exists (1:r1 = 0)", F, F,
        "f = r0, v = r1")
harness("BF-WAITX", "G7: wait d does not complete a put tagged c",
        MPX_LOC, [(1, ["put D@3, ONE #c", "wait d", "put F@2, ONE #d"]), (2, MPX_P1)], "exists (1:r1 = 0)", A, F,
        "f = r0, v = r1")
harness("BF-GF", "G8: gf completes every earlier op",
        MPX_LOC, [(1, ["put D@3, ONE #d", "gf", "put F@2, ONE #d"]), (2, MPX_P1)], "exists (1:r1 = 0)", F, F,
        "f = r0, v = r1")
harness("BF-RES", "G15: the result word of an RMW is written late",
        [("Z", 1, 0), ("X", 2, 5)], [(1, ["rfaa Z, X@2, 1 #d", "r0 = Z"])], "exists (0:r0 = 0)", A, F, "r = r0")
harness("BF-RES-W", "G15: after wait d the result word holds the old value",
        [("Z", 1, 0), ("X", 2, 5)], [(1, ["rfaa Z, X@2, 1 #d", "wait d", "r0 = Z"])], "exists (0:r0 = 0)", F, F, "r = r0")
harness("BF-RAO", "G11: remote RMWs on one location never interleave (P2 loopback)",
        [("Z0", 1, 0), ("Z1", 2, 0), ("Z2", 3, 0), ("X", 3, 0)],
        [(1, ["rfaa Z0, X@3, 1 #d", "wait d"]), (2, ["rfaa Z1, X@3, 1 #e", "wait e"]),
         (3, ["rfaa Z2, X@3, 1 #f", "wait f"])], "exists (~(X = 3))", F, F)
harness("BF-WEAK", "G12: a CPU RMW may fall between a remote RMW's read and write",
        [("Z", 1, 0), ("X", 2, 0)], [(1, ["rfaa Z, X@2, 1 #d", "wait d"]), (2, ["r0 = faa(X, 1)"])],
        "exists (X = 1)", A, F)
harness("BF-WEAKW", "G12: a CPU store may fall between a remote CAS's read and write",
        [("Z", 1, 0), ("X", 2, 0)], [(1, ["rcas Z, X@2, 0, 1 #d", "wait d", "r0 = Z"]), (2, ["X = 2"])],
        "exists (0:r0 = 0 /\\ X = 1)", A, F, "r = r0")
harness("BF-PQA", "G5: a put's remote write precedes a later RMW on the same QP",
        [("ONE", 1, 1), ("Z", 1, 0), ("X", 2, 0)], [(1, ["put X@2, ONE #d", "rfaa Z, X@2, 0 #d", "wait d", "r0 = Z"])],
        "exists (0:r0 = 0)", F, F, "r = r0")
harness("BF-FRW", "G14: a failed remote CAS writes nothing (FAILED_RCAS_WRITES=NO)",
        [("Z", 1, 0), ("X", 2, 0)], [(1, ["rcas Z, X@2, 5, 9 #d", "wait d"]), (2, ["X = 1"])], "exists (X = 0)", F, F)
harness("BF-FRW-YES", "G14: with FAILED_RCAS_WRITES=YES a failed remote CAS writes the old value back",
        [("Z", 1, 0), ("X", 2, 0)], [(1, ["rcas Z, X@2, 5, 9 #d", "wait d"]), (2, ["X = 1"])], "exists (X = 0)", A, F,
        flags="FAILED_RCAS_WRITES=YES")

# ---------------------------------------------------------------- OwnedVar (§4.2): owner P0@1, replicas X_1@1, X_2@2


def ov_write(v, x="X"):
    return ["%s_1 = %d" % (x, v), "put %s_2@2, %s_1 #wo" % (x, x)]


harness("OV-MONO", "OwnedVar: a replica never goes back to an older write",
        [("X_1", 1, 0), ("X_2", 2, 0)], [(1, ov_write(1) + ov_write(2)), (2, ["r1 = X_2", "r2 = X_2"])],
        "exists (1:r1 = 2 /\\ 1:r2 = 1)", F, F)
harness("OV-CONV", "OwnedVar: at quiescence every replica holds the last write",
        [("X_1", 1, 0), ("X_2", 2, 0)], [(1, ov_write(1) + ov_write(2))], "exists (X_2 = 1)", F, F)
harness("OV-CPU-MP", "OwnedVar: CPU writes of the owner before a write are visible after reading it",
        [("D", 1, 0), ("X_1", 1, 0), ("X_2", 2, 0), ("A", 2, 0)],
        [(1, ["D = 1"] + ov_write(1)), (2, ["r0 = X_2", "assume (r0 == 1)", "get A, D@1 #c", "wait c", "r1 = A"])],
        "exists (1:r1 = 0)", F, F, "r = r0, d = r1")
LATE_P1 = ["r0 = F_2", "assume (r0 == 2)", "r1 = D"]
harness("OV-LATE", "OwnedVar: the put of the first write may carry the second value, ahead of a data put",
        [("ONE", 1, 1), ("F_1", 1, 0), ("F_2", 2, 0), ("D", 2, 0)],
        [(1, ov_write(1, "F") + ["put D@2, ONE #c"] + ov_write(2, "F")), (2, LATE_P1)],
        "exists (1:r1 = 0)", A, F, "f = r0, d = r1")
harness("OV-PUB", "OwnedVar: the publication idiom, flush before the flag write",
        [("ONE", 1, 1), ("F_1", 1, 0), ("F_2", 2, 0), ("D", 2, 0)],
        [(1, ov_write(1, "F") + ["put D@2, ONE #c", "wait wo"] + ov_write(2, "F")), (2, LATE_P1)],
        "exists (1:r1 = 0)", F, F, "f = r0, d = r1")

# ---------------------------------------------------------------- AtomicVar (§4.3): X@3, result words local


def fetch_add(z, r="r0"):
    return ["rfaa %s, X@3, 1 #wv" % z, "wait wv", "%s = %s" % (r, z)]


AV_LOC = [("Z0", 1, 0), ("Z1", 2, 0), ("Z2", 3, 0), ("X", 3, 0)]
harness("AV-ATOM3", "AtomicVar: three fetchAdds from three nodes (P2 loopback) all count",
        AV_LOC, [(1, fetch_add("Z0")), (2, fetch_add("Z1")), (3, fetch_add("Z2"))], "exists (~(X = 3))", F, F)
harness("AV-DISTINCT", "AtomicVar: two fetchAdds return different old values",
        AV_LOC[:2] + AV_LOC[3:], [(1, fetch_add("Z0")), (2, fetch_add("Z1"))], "exists (0:r0 = 0 /\\ 1:r0 = 0)", F, F,
        "r = r0")
harness("AV-MIX", "AtomicVar, negative: a CPU faa on the home node is not atomic against remote RMWs",
        AV_LOC, [(1, fetch_add("Z0")), (2, fetch_add("Z1")), (3, ["r0 = faa(X, 1)"])], "exists (~(X = 3))", A, F)
harness("AV-FRESH", "AtomicVar: a load after seeing a put issued after a fetchAdd sees the fetchAdd",
        [("ONE", 1, 1), ("Z0", 1, 0), ("F", 2, 0), ("Z1", 2, 0), ("X", 3, 0)],
        [(1, fetch_add("Z0") + ["put F@2, ONE #c"]),
         (2, ["r0 = F", "assume (r0 == 1)", "get Z1, X@3 #wv", "wait wv", "r1 = Z1"])],
        "exists (1:r1 = 0)", F, F, "f = r0, v = r1")

# ---------------------------------------------------------------- GlobalFence (§4.4)
GF_LOC = [("ONE", 1, 1), ("F", 2, 0), ("A", 2, 0), ("D", 3, 0)]
GF_P1 = ["r0 = F", "assume (r0 == 1)", "get A, D@3 #c", "wait c", "r1 = A"]
for name, fence, verdict in (("GF-MP", ["mfence", "gf"], F), ("GF-MP-NONE", [], A), ("GF-MP-MFENCE", ["mfence"], A)):
    harness(name, "GlobalFence: message passing to a third node" + {"GF-MP": "", "GF-MP-NONE": ", without the fence",
                                                                    "GF-MP-MFENCE": ", mfence only"}[name],
            GF_LOC, [(1, ["put D@3, ONE #c"] + fence + ["put F@2, ONE #c"]), (2, GF_P1)], "exists (1:r1 = 0)",
            verdict, F, "f = r0, d = r1")

# ---------------------------------------------------------------- Sst (§4.5): P0@1 owns row 0; RiFj_k = row i field j at node k


def sst_set(f, v):
    return ["R0F%d_1 = %d" % (f, v)]


def sst_push_field(f):
    return ["put R0F%d_2@2, R0F%d_1 #ws" % (f, f)]


harness("SST-MONO", "Sst (F=1): a replica of a field never goes back",
        [("R0F0_1", 1, 0), ("R0F0_2", 2, 0)],
        [(1, sst_set(0, 1) + sst_push_field(0) + sst_set(0, 2) + sst_push_field(0)), (2, ["r0 = R0F0_2", "r1 = R0F0_2"])],
        "exists (1:r0 = 2 /\\ 1:r1 = 1)", F, F, "a = r0, b = r1")
SST_LOC = [("R0F0_1", 1, 0), ("R0F1_1", 1, 0), ("R0F0_2", 2, 0), ("R0F1_2", 2, 0)]
SST_P1 = ["r1 = R0F1_2", "assume (r1 == 2)", "r0 = R0F0_2"]
harness("SST-PUB", "Sst (F=2): publication through field 1 with flush before the flag push",
        SST_LOC, [(1, sst_set(1, 1) + sst_push_field(1) + sst_set(0, 1) + sst_push_field(0) + ["wait ws"] + sst_set(1, 2)
                   + sst_push_field(1)), (2, SST_P1)], "exists (1:r0 = 0)", F, F, "a = r0, b = r1")
harness("SST-NOPUB", "Sst (F=2): publication without the flush fails (late source read)",
        SST_LOC, [(1, sst_set(1, 1) + sst_push_field(1) + sst_set(0, 1) + sst_push_field(0) + sst_set(1, 2)
                   + sst_push_field(1)), (2, SST_P1)], "exists (1:r0 = 0)", A, F, "a = r0, b = r1")

# ---------------------------------------------------------------- Barrier (§4.6): participants 1, 2; node 3 data only


def bar(i, j, k, r, naive=False):
    src = "SRC_%d" % i if naive else "SRC_%d_%d" % (i, k % 2)
    return ["%s = %d" % (src, k), "put E_%d_at_%d@%d, %s #wb" % (i, j, j, src), "%s = E_%d_at_%d" % (r, j, i),
            "assume (%s >= %d)" % (r, k)]


def bars(i, j, k, r):
    return ["gf"] + bar(i, j, k, r)


BAR_LOC = [("SRC_1_0", 1, 0), ("SRC_1_1", 1, 0), ("E_2_at_1", 1, 0), ("SRC_2_0", 2, 0), ("SRC_2_1", 2, 0),
           ("E_1_at_2", 2, 0)]
BAR_REGS = "e = r1 (and r2 for BAR(2)), r = r0, d = r0"
harness("BAR-LOC", "Barrier (C1): a put to the peer before the barrier is visible after it",
        BAR_LOC + [("ONE", 1, 1), ("X", 2, 0)], [(1, ["put X@2, ONE #c"] + bar(1, 2, 1, "r1")), (2, bar(2, 1, 1, "r1") + ["r0 = X"])],
        "exists (1:r0 = 0)", F, F, BAR_REGS)
harness("BAR-CPU", "Barrier (C3): CPU writes before the barrier are visible to a get after it",
        BAR_LOC + [("D", 1, 0), ("A", 2, 0)],
        [(1, ["D = 1"] + bar(1, 2, 1, "r1")), (2, bar(2, 1, 1, "r1") + ["get A, D@1 #c", "wait c", "r0 = A"])],
        "exists (1:r0 = 0)", F, F, BAR_REGS)
for strong in (False, True):
    p0 = ["put X@3, ONE #c"] + (bars if strong else bar)(1, 2, 1, "r1")
    harness("BAR-3RD" + ("-S" if strong else ""), "Barrier (C2): a put to a third node is ordered only by the strong barrier",
            BAR_LOC + [("ONE", 1, 1), ("A", 2, 0), ("X", 3, 0)],
            [(1, p0), (2, bar(2, 1, 1, "r1") + ["get A, X@3 #c", "wait c", "r0 = A"])], "exists (1:r0 = 0)",
            F if strong else A, F, BAR_REGS)
for strong in (False, True):
    p0 = ["get A, Y@2 #c"] + (bars if strong else bar)(1, 2, 1, "r1")
    harness("BAR-GET" + ("-S" if strong else ""), "Barrier (C4): a get before the barrier may read the peer's "
            "post-barrier write unless the barrier is strong",
            BAR_LOC + [("A", 1, 0), ("Y", 2, 0)], [(1, p0), (2, bar(2, 1, 1, "r1") + ["Y = 1"])], "exists (A = 1)",
            F if strong else A, F, BAR_REGS)
for naive in (False, True):
    loc = ([("SRC_1", 1, 0), ("E_2_at_1", 1, 0), ("SRC_2", 2, 0), ("E_1_at_2", 2, 0)] if naive else BAR_LOC) + \
          [("ONE", 1, 1), ("X", 2, 0)]
    harness("BAR-LATE" + ("-NAIVE" if naive else ""), "Barrier: a put between two barriers is visible after the second"
            + (" (fails with one staging word)" if naive else ""), loc,
            [(1, bar(1, 2, 1, "r1", naive) + ["put X@2, ONE #c"] + bar(1, 2, 2, "r2", naive)),
             (2, bar(2, 1, 1, "r1", naive) + bar(2, 1, 2, "r2", naive) + ["r0 = X"])],
            "exists (1:r0 = 0)", A if naive else F, F, BAR_REGS)
bar3_loc = [("D_%d" % i, i, 0) for i in (1, 2, 3)] + [("SRC_%d_1" % i, i, 0) for i in (1, 2, 3)] + \
           [("E_%d_at_%d" % (i, j), j, 0) for i in (1, 2, 3) for j in (1, 2, 3) if i != j] + \
           [("A_%d_%d" % (i, j), i, 0) for i in (1, 2, 3) for j in (1, 2, 3) if i != j]
bar3 = []
for i in (1, 2, 3):
    peers = [j for j in (1, 2, 3) if j != i]
    code = ["D_%d = 1" % i, "SRC_%d_1 = 1" % i] + ["put E_%d_at_%d@%d, SRC_%d_1 #wb" % (i, j, j, i) for j in peers]
    code += ["r%d = E_%d_at_%d" % (n + 1, j, i) for n, j in enumerate(peers)]
    code += ["assume (r1 >= 1 && r2 >= 1)"]
    code += ["get A_%d_%d, D_%d@%d #c" % (i, j, j, j) for j in peers] + ["wait c"]
    code += ["r%d = A_%d_%d" % (n + 3, i, j) for n, j in enumerate(peers)]
    bar3.append((i, code))
harness("BAR-3N", "Barrier (C3) with three participants: every node's write before the barrier is seen after it",
        bar3_loc, bar3, "exists (" + " \\/ ".join("%d:r%d = 0" % (t, r) for t in range(3) for r in (3, 4)) + ")", F, F,
        "spin loads r1, r2; fetched D_j r3, r4")

# ---------------------------------------------------------------- RingBuffer (§4.7): sender P0@1, receiver P1@2, M = 1


def ring_loc(K, ring="", s=1, r=2, naive=False):
    loc = [("SLOT%s_%d" % (ring, i), r, 0) for i in range(K)] + [("TAIL%s" % ring, r, 0), ("HEAD%s" % ring, r, 0)]
    for i in range(K):
        loc += [("STG%s_%d_0" % (ring, i), s, 0)] + ([] if naive else [("STG%s_%d_1" % (ring, i), s, 0)])
    if naive:
        loc += [("STG%s_T" % ring, s, 0)]
    return loc + [("HC%s" % ring, s, 0)]


def push(n, v, K, ring="", r=2, naive=False):
    i = n % K
    tail = "STG%s_T" % ring if naive else "STG%s_%d_1" % (ring, i)
    h = "r%d" % (10 + n)
    code = ["%s = HC%s" % (h, ring)]
    if n >= K:
        code += ["assume (%s >= %d)" % (h, n - K + 1)]
    return code + ["STG%s_%d_0 = %d" % (ring, i, v), "%s = %d" % (tail, n + 1),
                   "put SLOT%s_%d@%d, STG%s_%d_0 #wp%s" % (ring, i, r, ring, i, ring),
                   "put TAIL%s@%d, %s #wp%s" % (ring, r, tail, ring)]


def pop(n, o, K, ring="", s=1):
    t = "r%d" % (20 + n)
    return ["%s = TAIL%s" % (t, ring), "assume (%s >= %d)" % (t, n + 1), "%s = SLOT%s_%d" % (o, ring, n % K),
            "HEAD%s = %d" % (ring, n + 1), "put HC%s@%d, HEAD%s #wc%s" % (ring, s, ring, ring)]


RB_REGS = "o0 = r0, o1 = r1 (RB-MP-*: o = r0, d/x = r1); HC loads r10+n, TAIL loads r20+n"
for name, K, naive, verdict in (("RB-FIFO", 2, False, F), ("RB-FIFO-NAIVE", 2, True, A), ("RB-CREDIT", 1, False, F)):
    harness(name, {"RB-FIFO": "RingBuffer (K=2): FIFO, exactly once",
                   "RB-FIFO-NAIVE": "RingBuffer (K=2) with one shared tail-source word: a slot is read before it lands",
                   "RB-CREDIT": "RingBuffer (K=1): the second push waits for the credit"}[name],
            ring_loc(K, naive=naive), [(1, push(0, 1, K, naive=naive) + push(1, 2, K, naive=naive)),
                                       (2, pop(0, "r0", K) + pop(1, "r1", K))],
            "exists (~(1:r0 = 1 /\\ 1:r1 = 2))", verdict, F, RB_REGS)
harness("RB-MP-CPU", "RingBuffer: CPU writes of the sender before a push are visible after the pop",
        ring_loc(1) + [("D", 1, 0), ("A", 2, 0)],
        [(1, ["D = 1"] + push(0, 1, 1)), (2, pop(0, "r0", 1) + ["get A, D@1 #c", "wait c", "r1 = A"])],
        "exists (1:r1 = 0)", F, F, RB_REGS)
harness("RB-MP-LOC", "RingBuffer: a put to the receiver before a push is visible after the pop",
        ring_loc(1) + [("ONE", 1, 1), ("X", 2, 0)],
        [(1, ["put X@2, ONE #c"] + push(0, 1, 1)), (2, pop(0, "r0", 1) + ["r1 = X"])], "exists (1:r1 = 0)", F, F, RB_REGS)
harness("RB-MP-3RD", "RingBuffer: a put to a third node before a push is not ordered before the pop",
        ring_loc(1) + [("ONE", 1, 1), ("A", 2, 0), ("X", 3, 0)],
        [(1, ["put X@3, ONE #c"] + push(0, 1, 1)), (2, pop(0, "r0", 1) + ["get A, X@3 #c", "wait c", "r1 = A"])],
        "exists (1:r1 = 0)", A, F, RB_REGS)

# ---------------------------------------------------------------- Broadcast (§4.8): sender P0@1, receivers 2 and 3, one ring each
BC_LOC = ring_loc(2, "2", 1, 2) + ring_loc(2, "3", 1, 3)
harness("BC-ORD", "Broadcast (K=2): each receiver gets 1 then 2",
        BC_LOC, [(1, push(0, 1, 2, "2", 2) + push(0, 1, 2, "3", 3) + push(1, 2, 2, "2", 2) + push(1, 2, 2, "3", 3)),
                 (2, pop(0, "r0", 2, "2") + pop(1, "r1", 2, "2")), (3, pop(0, "r0", 2, "3") + pop(1, "r1", 2, "3"))],
        "exists (~(1:r0 = 1 /\\ 1:r1 = 2) \\/ ~(2:r0 = 1 /\\ 2:r1 = 2))", F, F, RB_REGS)
harness("BC-MP", "Broadcast: CPU writes of the sender before a send are visible after a receive",
        BC_LOC + [("D", 1, 0), ("A", 2, 0)],
        [(1, ["D = 1"] + push(0, 1, 2, "2", 2) + push(0, 1, 2, "3", 3)),
         (2, pop(0, "r0", 2, "2") + ["get A, D@1 #c", "wait c", "r1 = A"])], "exists (1:r1 = 0)", F, F, RB_REGS)

# ---------------------------------------------------------------- KvStore (§4.9): one bucket, one entry holding key 7, at node 2
KV_LOC = [("LK", 2, 0), ("VER", 2, 0), ("K0", 2, 7), ("V0", 2, 0), ("V1", 2, 0)]


def kv_scratch_writer(w):
    return [(n + "_%d" % w, w, 0) for n in ("G", "EB0", "EB1", "EB2", "J", "ST0", "ST1", "ST2", "Z")]


def kv_scratch_reader(n):
    return [(x + "_%d" % n, n, 0) for x in ("V1R", "EB0", "EB1", "EB2", "V2R")]


def kv_put(w, x, lock=True):
    s = lambda name: "%s_%d" % (name, w)
    code = []
    if lock:  # W2
        code += ["rcas %s, LK@2, 0, 1 #wl" % s("G"), "wait wl", "r0 = %s" % s("G"), "assume (r0 == 0)"]
    code += ["get %s, K0@2 #wk" % s("EB0"), "get %s, V0@2 #wk" % s("EB1"), "get %s, V1@2 #wk" % s("EB2"), "wait wk"]  # W3
    code += ["rfaa %s, VER@2, 1 #wk" % s("J")]  # W5
    code += ["%s = 7" % s("ST0"), "%s = %d" % (s("ST1"), x), "%s = %d" % (s("ST2"), x),
             "put K0@2, %s #wk" % s("ST0"), "put V0@2, %s #wk" % s("ST1"), "put V1@2, %s #wk" % s("ST2")]  # W6
    code += ["rfaa %s, VER@2, 1 #wk" % s("J")]  # W7
    if lock:  # W8
        code += ["gf", "put LK@2, %s #wr" % s("Z")]
    return code


def kv_get(n, seq=True):
    s = lambda name: "%s_%d" % (name, n)
    code = ["get %s, VER@2 #wk" % s("V1R")] if seq else []
    code += ["get %s, K0@2 #wk" % s("EB0"), "get %s, V0@2 #wk" % s("EB1"), "get %s, V1@2 #wk" % s("EB2")]
    code += ["get %s, VER@2 #wk" % s("V2R"), "wait wk"] if seq else ["wait wk"]
    if seq:
        code += ["r0 = %s" % s("V1R"), "r1 = %s" % s("V2R"), "assume (r0 == r1 && r0 != 1)"]
    return code + ["r4 = %s" % s("EB0"), "r2 = %s" % s("EB1"), "r3 = %s" % s("EB2")]


KV_REGS = "v1 = r0, v2 = r1, a = r2, b = r3, scanned key = r4, d = r5; writers: g = r0"
TORN = "exists ((1:r2 = 1 /\\ 1:r3 = 0) \\/ (1:r2 = 0 /\\ 1:r3 = 1))"
for seq in (True, False):
    harness("KV-TORN" + ("" if seq else "-NOSEQ"), "KvStore: a get never returns half of a put"
            + ("" if seq else " (fails without the seqlock)"),
            KV_LOC + kv_scratch_writer(1) + kv_scratch_reader(3), [(1, kv_put(1, 1)), (3, kv_get(3, seq))], TORN,
            F if seq else A, F if seq else A, KV_REGS)
for lock in (True, False):
    harness("KV-2W" + ("" if lock else "-NOLOCK"), "KvStore: two puts of one key leave one whole value"
            + ("" if lock else " (fails without the bucket lock)"),
            KV_LOC + kv_scratch_writer(1) + kv_scratch_writer(3), [(1, kv_put(1, 1, lock)), (3, kv_put(3, 2, lock))],
            "exists (~((V0 = 1 /\\ V1 = 1) \\/ (V0 = 2 /\\ V1 = 2)))", F if lock else A, F if lock else A, KV_REGS)
harness("KV-MP-CPU", "KvStore: CPU writes before a put are visible after a get that returns its value",
        KV_LOC + [("D", 1, 0)] + kv_scratch_writer(1) + kv_scratch_reader(3) + [("A_3", 3, 0)],
        [(1, ["D = 1"] + kv_put(1, 1)), (3, kv_get(3) + ["assume (r2 == 1)", "get A_3, D@1 #c", "wait c", "r5 = A_3"])],
        "exists (1:r5 = 0)", F, F, KV_REGS)

if __name__ == "__main__":
    with open("expected.tsv", "w") as tsv:
        tsv.write("id\trdma-wait-rmw\trdma-sc-rmw\n")
        for name, text, wait, sc in HARNESSES:
            with open(name + ".litmus", "w") as f:
                f.write(text)
            tsv.write("%s\t%s\t%s\n" % (name, wait, sc))
    print(len(HARNESSES), "harnesses")
