package remo.verify.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import remo.checker.TestFiles;
import remo.locks.PlantedLockBugs;
import remo.nic.explore.Counterexample;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Violation;

/**
 * The model checker catches every planted lock bug ({@link PlantedLockBugs}) within seconds, with the
 * kind of violation the bug causes, and the counterexample's schedule replays to the same violation.
 */
class PlantedLockBugsTest {

    /** The workload that shows the bug, and the kind of violation it must give. */
    static LockWorkload workload(PlantedLockBugs bug) {
        LockWorkload w = switch (bug) {
            case TICKET_WRONG_REPLICA_SET, TICKET_SKIPS_A_TICKET, TICKET_WRONG_SLOT_NUMBERING ->
                    new LockWorkload(bug.claims(), 3, 3, 1);
            case STRONG_MISSING_GF, CAS_MISSING_GF -> new LockWorkload(bug.claims(), 2, 2, 1, true);
            default -> new LockWorkload(bug.claims(), 2, 2, 1);
        };
        return w.withFactory(bug::construct);
    }

    static Violation.Kind expected(PlantedLockBugs bug) {
        return switch (bug) {
            case TICKET_WRONG_REPLICA_SET, TICKET_STRICT_ENTRY, TICKET_WRONG_SLOT_NUMBERING -> Violation.Kind.LIVENESS;
            default -> Violation.Kind.SAFETY;
        };
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(PlantedLockBugs.class)
    void theModelCheckerReportsThePlantedBug(PlantedLockBugs bug) {
        LockWorkload w = workload(bug);
        LockVerifier.Result r = LockVerifier.verify(w, TestFiles.model("rdma-wait-rmw"), true,
                ExplorationOptions.defaults().withTimeLimit(Duration.ofSeconds(60)));
        System.out.println(bug + ": " + r.summary());
        assertFalse(r.exploration().passed(), bug + " was not caught: " + r.summary());
        Counterexample cx = r.exploration().counterexamples().get(0);
        System.out.println("  " + cx.violation() + "\n  schedule (" + cx.schedule().size() + " actions, "
                + cx.contextSwitches() + " context switches, " + cx.nicDelays() + " NIC delays)");
        assertEquals(expected(bug), cx.violation().kind(), cx.violation().toString());
        assertTrue(r.exploration().seconds() < 60, r.summary());
        // the printed schedule replays to the same violation
        List<Violation> again = LockVerifier.replay(w, TestFiles.model("rdma-wait-rmw"), true,
                remo.nic.Schedule.parse(cx.schedule().toString()));
        assertEquals(List.of(cx.violation()), again);
    }
}
