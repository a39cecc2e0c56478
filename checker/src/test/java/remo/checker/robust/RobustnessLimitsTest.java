package remo.checker.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.checker.CheckOptions;
import remo.checker.FinalState;
import remo.checker.TestFiles;
import remo.core.FlagValues;
import remo.litmus.Program;

/**
 * One deadline for a whole robustness run (analysis and repair search, including the steps that
 * are not enumerations), and state robustness as the equality of models.md §10.1 even when the
 * two models are given in the wrong order.
 */
class RobustnessLimitsTest {

    private static Program suite(String id) throws Exception {
        return TestFiles.read(TestFiles.suiteDir().resolve(id + ".litmus"));
    }

    private static Robustness robustness(Program p, String weak, String strong) {
        return new Robustness(TestFiles.model(weak), TestFiles.model(strong), FlagValues.defaults().withAll(p.flags()),
                CheckOptions.defaults());
    }

    @Test
    void everyEnumerationGetsOnlyTheTimeLeftBeforeTheOneDeadline() throws Exception {
        Program p = suite("L07");
        Robustness unlimited = robustness(p, "rdma-tso-rmw", "rdma-sc-rmw");
        assertEquals(Long.MAX_VALUE, unlimited.timeLeft());
        assertEquals(null, unlimited.options().timeout());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Robustness limited = unlimited.withDeadline(deadline);
        Duration first = limited.options().timeout();
        assertTrue(first.compareTo(Duration.ofSeconds(30)) <= 0 && !first.isNegative() && !first.isZero(), first.toString());
        limited.analyse(p);
        long before = System.nanoTime();
        Duration later = limited.options().timeout();
        assertTrue(later.compareTo(first) < 0, "the time left shrinks: " + first + " then " + later);
        assertTrue(later.toNanos() <= deadline - before, "never more than the deadline allows");
    }

    @Test
    void aPassedDeadlineStopsTheRepairSearchBetweenEnumerations() throws Exception {
        Program p = suite("L07");
        Robustness expired = robustness(p, "rdma-tso-rmw", "rdma-sc-rmw").withDeadline(System.nanoTime() - 1);
        assertThrows(LimitReachedException.class, expired::timeLeft);
        assertThrows(LimitReachedException.class, () -> expired.analyse(p));
        // building the candidate insertions is no enumeration, yet on a long program it can outlast
        // the limit by far (seconds per test): it must give up at the deadline too
        LimitReachedException e = assertThrows(LimitReachedException.class, () -> new Repair(expired).candidates(p));
        assertEquals("the time limit was reached (--timeout)", e.getMessage());
        Set<FinalState> strong = robustness(p, "rdma-tso-rmw", "rdma-sc-rmw").strongStates(p);
        Program repaired = Repair.apply(p, new Repair(robustness(p, "rdma-tso-rmw", "rdma-sc-rmw")).candidates(p)
                .subList(0, 1));
        assertThrows(LimitReachedException.class, () -> expired.isRobust(repaired, Notion.STATE, strong));
    }

    @Test
    void swappedModelsAreNotStateRobust() throws Exception {
        Program p = suite("L07");
        Robustness swapped = robustness(p, "rdma-sc-rmw", "rdma-tso");
        RobustnessReport r = swapped.analyse(p);
        assertEquals(1, r.weakStates().size());
        assertEquals(2, r.strongStates().size());
        assertFalse(r.stateRobust(), "FS_M = FS_S fails: the strong model allows a state the weak one does not");
        assertEquals(1, r.strongOnlyStates().size());
        assertEquals(null, r.stateViolation(), "every weak state is a strong one");
        assertTrue(r.traceRobust(), "every rdma-sc-rmw execution is rdma-tso-consistent");
        assertFalse(swapped.isRobust(p, Notion.STATE, r.strongStates()));
        RobustnessReport right = robustness(p, "rdma-tso", "rdma-sc-rmw").analyse(p);
        assertTrue(right.strongOnlyStates().isEmpty());
        assertFalse(right.stateRobust());
    }
}
