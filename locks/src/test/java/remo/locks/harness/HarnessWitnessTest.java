package remo.locks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckResult;
import remo.checker.Event;
import remo.core.rdma.EventLabel;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.checker.Verdict;
import remo.litmus.StateItem;
import remo.locks.LockTestFiles;
import remo.models.algebra.Relation;

/**
 * The witnesses of locks.md §7.5: every Allowed verdict comes with a witness execution (events, rf,
 * co, rao) reaching the condition, and the two witness properties of locks.md §7.5 hold on the witness
 * execution itself (relations of the execution object, hb computed by the model).
 */
class HarnessWitnessTest {

    static Stream<String> allowedHarnesses() {
        return HarnessResults.harnesses("rdma-wait-rmw").filter(h -> h.expected().waitRmw() == Verdict.ALLOWED).map(Harness::id);
    }

    @ParameterizedTest
    @MethodSource("allowedHarnesses")
    void everyAllowedVerdictHasAWitnessReachingTheCondition(String id) {
        CheckResult r = HarnessResults.result(HarnessResults.harness(id), "rdma-wait-rmw");
        assertEquals(Verdict.ALLOWED, r.verdict(), id);
        Execution w = r.executions().get(0);
        assertTrue(w.consistent() && !w.blocked(), id);
        assertTrue(r.program().condition().eval(w.finalState()::get), id + ": the witness reaches the condition");
        assertFalse(w.rf().isEmpty(), id + ": the witness lists rf");
        assertFalse(w.co().isEmpty(), id + ": the witness lists co");
        long nars = w.structure().events().stream().filter(e -> e.kind() == EventLabel.NAR && w.exists()[e.id()]).count();
        assertEquals(nars > 1, !w.rao().isEmpty(), id + ": the witness orders its " + nars + " remote RMWs (one rao class) by rao");
    }

    /**
     * W-SB-NIC: the first holder's put of its data word lands after the second holder's get of it —
     * the put's NRW is not hb-before the get's NRR, and the get read the initial value, co-before
     * the put's write.
     */
    @Test
    void wSbNicWitnessHasTheFirstHoldersPutNotHbBeforeTheSecondHoldersGet() {
        Execution w = HarnessResults.result(HarnessResults.harness("W-SB-NIC"), "rdma-wait-rmw").executions().get(0);
        EventStructure s = w.structure();
        int first = w.finalState().get(new StateItem.RegisterItem(0, "r0")) == 0 ? 0 : 1;
        int second = 1 - first;
        assertEquals(1, w.finalState().get(new StateItem.RegisterItem(second, "r0")), "tickets 0 and 1");
        String data = first == 0 ? "X" : "Y";
        int put = only(s, first, EventLabel.NRW, data);
        int get = only(s, second, EventLabel.NRR, data);
        Relation hb = hb(w);
        assertFalse(hb.contains(put, get), "the first holder's put of " + data + " is hb-before the second holder's get");
        int source = source(w, get);
        assertEquals(EventLabel.IW, s.event(source).kind(), "the get reads the initial " + data);
        assertTrue(w.co().contains(source, put), "the initial write is co-before the put");
        assertTrue(hb.contains(lockRelease(s, first), lockRep(w, second)), "the lock still synchronises the two holders");
    }

    /** NAIVE-MIXCAS: the CPU cas's write lies between the RCAS's NAR and NRW in co (G12). */
    @Test
    void naiveMixCasWitnessHasTheCpuWriteBetweenTheRcasReadAndWrite() {
        Execution w = HarnessResults.result(HarnessResults.harness("NAIVE-MIXCAS"), "rdma-wait-rmw").executions().get(0);
        EventStructure s = w.structure();
        int cpuWrite = -1;
        for (Event e : s.events()) {
            if (e.thread() == 0 && e.kind() == EventLabel.W && e.locked() && w.exists()[e.id()]) {
                cpuWrite = e.id();
            }
        }
        assertTrue(cpuWrite >= 0, "P0's cas wrote L");
        int nar = only(s, 1, EventLabel.NAR, "L");
        int nrw = only(s, 1, EventLabel.NRW, "L");
        assertTrue(w.exists()[nrw], "the RCAS succeeded");
        int read = source(w, nar);
        assertTrue(w.co().contains(read, cpuWrite), "the RCAS's NAR reads a write co-before the CPU write");
        assertTrue(w.co().contains(cpuWrite, nrw), "the CPU write is co-before the RCAS's NRW");
    }

    /** The witness's hb: the model's {@code hb} relation on the execution, transitively closed. */
    static Relation hb(Execution w) {
        Relation r = w.frame(LockTestFiles.model("rdma-wait-rmw"), Set.of()).relation("hb", w.witnesses());
        return r.transitiveClosure();
    }

    private static int source(Execution w, int read) {
        int[] src = w.rf().converse().successors(read).toArray();
        assertEquals(1, src.length, "one rf source");
        return src[0];
    }

    private static int only(EventStructure s, int thread, EventLabel kind, String loc) {
        int loci = s.locationIndex(loc);
        int found = -1;
        for (Event e : s.events()) {
            if (e.thread() == thread && e.kind() == kind && e.location() == loci) {
                assertEquals(-1, found, "one " + kind + "(" + loc + ") in P" + thread);
                found = e.id();
            }
        }
        assertTrue(found >= 0, "P" + thread + " has " + kind + "(" + loc + ")");
        return found;
    }

    /** The R1 store of thread {@code t}'s release (its CPU write to its own row). */
    private static int lockRelease(EventStructure s, int t) {
        return only(s, t, EventLabel.W, t == 0 ? "S0_1" : "S1_2");
    }

    /** Thread {@code t}'s spin read that returned a value at least its ticket (the acquire's representative). */
    private static int lockRep(Execution w, int t) {
        EventStructure s = w.structure();
        long my = w.finalState().get(new StateItem.RegisterItem(t, "r0"));
        for (Event e : s.events()) {
            if (e.thread() == t && e.kind() == EventLabel.R && w.values()[e.id()] >= my) {
                String loc = s.program().locations().get(e.location()).name();
                if (loc.startsWith("S")) {
                    return e.id();
                }
            }
        }
        throw new AssertionError("no representative read of P" + t);
    }
}
