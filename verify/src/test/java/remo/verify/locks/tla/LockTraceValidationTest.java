package remo.verify.locks.tla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import remo.locks.LockVariant;
import remo.locks.PlantedLockBugs;
import remo.nic.explore.ExplorationOptions;
import remo.verify.locks.LockWorkload;

/**
 * locks.md §10.7, trace validation: every execution of each lock's Java code that the model checker
 * explores, projected onto the variables of RdmaLocks.tla, is a behaviour of that model (checked by
 * TLC); a Java variant that diverges from the model is reported at its first unmatched step.
 */
class LockTraceValidationTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(LockVariant.class)
    void everyExploredExecutionIsABehaviourOfTheModel(LockVariant v) throws Exception {
        LockTraceValidator.Result r = LockTraceValidator.validate(new LockWorkload(v, 2, 2, 1), ExplorationOptions.defaults(),
                Duration.ofMinutes(5));
        System.out.println(r.summary());
        if (!r.accepted()) {
            System.out.println("from " + r.divergence().from() + "\nto   " + r.divergence().to() + "\nschedule "
                    + r.divergence().schedule());
        }
        assertTrue(r.exploration().complete(), r.exploration().summary());
        assertTrue(r.accepted(), r.summary());
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> defaultBounds() {
        java.util.List<org.junit.jupiter.params.provider.Arguments> out = new java.util.ArrayList<>();
        for (LockVariant v : LockVariant.values()) {
            out.add(org.junit.jupiter.params.provider.Arguments.of(new LockWorkload(v, 2, 2, 2)));
            out.add(org.junit.jupiter.params.provider.Arguments.of(new LockWorkload(v, 3, 3, 1)));
            if (v.ticket()) {
                out.add(org.junit.jupiter.params.provider.Arguments.of(new LockWorkload(v, 3, 2, 1)));
            }
        }
        return out.stream();
    }

    /** The same at the default bounds of locks.md §10.7 (minutes: the slow profile). */
    @org.junit.jupiter.api.Tag("slow")
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.MethodSource("defaultBounds")
    void atTheDefaultBoundsEveryExploredExecutionIsABehaviourOfTheModel(LockWorkload w) throws Exception {
        LockTraceValidator.Result r = LockTraceValidator.validate(w, ExplorationOptions.defaults(), Duration.ofMinutes(20));
        System.out.println(r.summary());
        if (!r.accepted()) {
            System.out.println("from " + r.divergence().from() + "\nto   " + r.divergence().to() + "\nschedule "
                    + r.divergence().schedule());
        }
        assertTrue(r.exploration().complete(), r.exploration().summary());
        assertTrue(r.accepted(), r.summary());
    }

    @Test
    void aDivergingVariantIsReportedAtItsFirstUnmatchedStep() throws Exception {
        // the release lets in the ticket after the next (row := ticket + 2): the model's Rst buffers ticket + 1
        PlantedLockBugs bug = PlantedLockBugs.TICKET_SKIPS_A_TICKET;
        LockWorkload w = new LockWorkload(bug.claims(), 2, 2, 1).withFactory(bug::construct);
        LockTraceValidator.Result r = LockTraceValidator.validate(w, ExplorationOptions.defaults().withMaxExecutions(5),
                Duration.ofMinutes(5));
        System.out.println(r.summary() + "\nfrom " + r.divergence().from() + "\nto   " + r.divergence().to());
        assertFalse(r.accepted());
        assertTrue(r.divergence().from().contains("(\"t0\" :> \"rst\")") || r.divergence().from().contains("(\"t1\" :> \"rst\")"),
                r.divergence().from());
        assertTrue(r.divergence().to().contains("St(Row("), r.divergence().to());
        assertEquals(r.divergence().step(), r.divergence().step());
    }
}
