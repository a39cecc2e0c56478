package remo.locks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;
import remo.locks.RemoteLock;
import remo.locks.harness.HarnessCatalog.CasRelease;
import remo.locks.harness.HarnessCatalog.Topology;
import remo.locks.harness.HarnessCatalog.Variant;
import remo.locks.harness.LockIr.Call;
import remo.locks.LockVariant;
import remo.locks.sim.RecordedCalls;
import remo.core.graph.ExecutionGraph;
import remo.nic.MetricsSnapshot;
import remo.nic.NodeSet;
import remo.nic.RunResult;
import remo.nic.SimCluster;

/**
 * locks.md §10.1, op-sequence tests: on the deterministic backend, one thread, uncontended, the
 * recorded calls of {@code acquire}/{@code release} are exactly those of locks.md §3.3, §4.2 and §5.3 in
 * order with their work ids — namely the locks.md §7.2 procedures of {@link LockIr} from which the harness
 * files are generated, so the harnesses and the Java classes cannot drift apart — and the metrics
 * match the cost tables (locks.md §3.7, §4.5, §5.6).
 *
 * <p>The cluster is topology T-A's lock (home node 1, client nodes {1, 2}, one slot per node); the
 * thread is P0 on node 1 (the home: loopback RMWs) or P1 on node 2, and does two acquire/release
 * pairs with empty critical sections.
 */
class LockOpSequenceTest {
    private static final String NAME = "lk";

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (LockVariant c : LockVariant.values()) {
            for (int thread = 0; thread < 2; thread++) {
                out.add(Arguments.of(c, thread));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} from P{1}")
    @MethodSource("cases")
    void callsAreTheIrProceduresAndMetricsMatchTheCostTable(LockVariant lockClass, int thread) {
        int node = thread + 1;
        MetricsSnapshot.Scope[] stamps = new MetricsSnapshot.Scope[5];
        String name = "P" + thread;
        RunResult r;
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(7).build()) {
            Map<Integer, RemoteLock> locks = lockClass.construct(c, NAME, 1, NodeSet.of(1, 2), 1);
            RemoteLock lock = locks.get(node);
            c.spawn(node, name, ep -> {
                stamps[0] = ep.cluster().metrics().snapshot().endpoint(name);
                for (int k = 0; k < 2; k++) {
                    lock.acquire(ep);
                    stamps[1 + 2 * k] = ep.cluster().metrics().snapshot().endpoint(name);
                    lock.release(ep);
                    stamps[2 + 2 * k] = ep.cluster().metrics().snapshot().endpoint(name);
                }
            });
            r = c.run();
        }
        assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
        ExecutionGraph g = r.trace().orElseThrow();
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            expected.addAll(signatures(acquireIr(lockClass, thread)));
            expected.addAll(signatures(releaseIr(lockClass, thread)));
        }
        assertEquals(expected, RecordedCalls.of(g, 0, NAME), lockClass + " from node " + node);

        boolean home = node == 1;
        for (int k = 0; k < 2; k++) {
            Delta acq = new Delta(stamps[2 * k], stamps[2 * k + 1]);
            Delta rel = new Delta(stamps[2 * k + 1], stamps[2 * k + 2]);
            String kind = lockClass.ticket() ? "RFAA" : "RCAS";
            int bytes = lockClass.ticket() ? 16 : 24;
            assertEquals(1, acq.get("opsPosted." + kind), "acquire posts one " + kind);
            assertEquals(1, acq.opsPosted(), "acquire posts nothing else");
            assertEquals(home ? 0 : 1, acq.get("roundTrips"), "acquire RT");
            assertEquals(home ? 1 : 0, acq.get("loopbackRoundTrips"), "acquire LRT");
            assertEquals(home ? 0 : bytes, acq.get("payloadBytes"), "acquire bytes");
            assertEquals(home ? bytes : 0, acq.get("loopbackBytes"), "acquire loopback bytes");
            switch (lockClass) {
                case WEAK, STRONG -> {
                    assertEquals(1, rel.get("opsPosted.PUT"), "release: N_C - 1 = 1 put");
                    assertEquals(1, rel.opsPosted(), "release posts only its puts");
                    assertEquals(8, rel.get("payloadBytes"), "release bytes");
                    // the strong release's gf newly covers the previous release's put to the other node
                    assertEquals(lockClass == LockVariant.STRONG && k == 1 ? 1 : 0, rel.get("roundTrips"), "release RT");
                    assertEquals(lockClass == LockVariant.STRONG ? 1 : 0, rel.get("gfs"), "release gf");
                }
                case CAS_PUT, CAS_RFAA -> {
                    String op = lockClass == LockVariant.CAS_PUT ? "PUT" : "RFAA";
                    int relBytes = lockClass == LockVariant.CAS_PUT ? 8 : 16;
                    assertEquals(1, rel.get("opsPosted." + op), "release: one " + op);
                    assertEquals(1, rel.opsPosted(), "release posts only that");
                    assertEquals(home ? 0 : relBytes, rel.get("payloadBytes"), "release bytes");
                    assertEquals(home ? relBytes : 0, rel.get("loopbackBytes"), "release loopback bytes");
                    // the gf newly covers the previous release op (the acquire's RCAS was already waited)
                    assertEquals(!home && k == 1 ? 1 : 0, rel.get("roundTrips"), "release RT");
                    assertEquals(home && k == 1 ? 1 : 0, rel.get("loopbackRoundTrips"), "release LRT");
                }
                default -> throw new AssertionError(lockClass);
            }
        }
    }

    /** The locks.md §7.2 acquire procedure of topology T-A's thread {@code thread}. */
    private static Call acquireIr(LockVariant c, int thread) {
        return c.ticket() ? LockIr.tacq("TK" + thread, HarnessCatalog.rowsSeenBy(Topology.TA, thread), "r0")
                : LockIr.cacq("G" + thread, "r0", true);
    }

    /** The locks.md §7.2 release procedure of topology T-A's thread {@code thread}. */
    private static Call releaseIr(LockVariant c, int thread) {
        return switch (c) {
            case WEAK, STRONG -> HarnessCatalog.release(c == LockVariant.WEAK ? Variant.W : Variant.S,
                    "S" + thread + "_" + (thread + 1), HarnessCatalog.farRows(Topology.TA, thread, 2), "r0");
            case CAS_PUT -> HarnessCatalog.casRelease(CasRelease.PUT, thread);
            case CAS_RFAA -> HarnessCatalog.casRelease(CasRelease.RFAA, thread);
        };
    }

    /** The recorded-call signatures ({@link RecordedCalls}) that an IR call must produce. */
    private static List<String> signatures(Call call) {
        List<String> out = new ArrayList<>();
        for (Instr i : call.body()) {
            if (i instanceof Instr.Rfaa f) {
                out.add("RFAA " + f.wid() + " " + loc(f.result()) + " := " + loc(f.target()));
            } else if (i instanceof Instr.Rcas f) {
                out.add("RCAS " + f.wid() + " " + loc(f.result()) + " := " + loc(f.target()));
            } else if (i instanceof Instr.Put p) {
                out.add("PUT " + p.wid() + " " + loc(p.dst()) + " := " + loc(p.src()));
            } else if (i instanceof Instr.Get p) {
                out.add("GET " + p.wid() + " " + loc(p.dst()) + " := " + loc(p.src()));
            } else if (i instanceof Instr.Wait w) {
                out.add("WT " + w.wid());
            } else if (i instanceof Instr.Gf) {
                out.add("GF");
            } else if (i instanceof Instr.Load l) {
                out.add("R " + loc(l.loc()));
            } else if (i instanceof Instr.Store s) {
                out.add("W " + loc(s.loc()));
            } else if (!(i instanceof Instr.Assume || i instanceof Instr.Assign)) {
                throw new AssertionError("no Java call for " + i);
            }
        }
        return out;
    }

    private static final Pattern ROW = Pattern.compile("S([0-9])_([0-9])");
    private static final Pattern PER_THREAD = Pattern.compile("(TK|G|J|Z)([0-9])");

    /** Topology T-A's harness locations as the Java lock's regions (locks.md §3.2, §5.2). */
    private static String loc(String name) {
        if (name.equals("next")) {
            return "next[0]@1";
        }
        if (name.equals("L")) {
            return "L[0]@1";
        }
        Matcher m = ROW.matcher(name);
        if (m.matches()) {
            return "rows[" + m.group(1) + "]@" + m.group(2);
        }
        m = PER_THREAD.matcher(name);
        if (m.matches()) {
            int node = Integer.parseInt(m.group(2)) + 1;
            return switch (m.group(1)) {
                case "TK" -> "tk[0]@" + node;
                case "G" -> "g.0[0]@" + node;
                case "J" -> "g.0[1]@" + node;
                default -> "z[0]@" + node;
            };
        }
        throw new AssertionError("no region for harness location " + name);
    }

    /** Counter differences of one endpoint between two snapshots. */
    private record Delta(MetricsSnapshot.Scope before, MetricsSnapshot.Scope after) {
        long get(String counter) {
            return after.get(counter) - before.get(counter);
        }

        long opsPosted() {
            return after.opsPosted() - before.opsPosted();
        }
    }
}
