package remo.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static remo.symbolic.ModelComparisonTest.side;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import remo.core.Interruption;

/**
 * An interruption (Ctrl-C: {@link Interruption#request}) stops a model comparison as its time
 * limit does, in the middle of a SAT solve: the result is LIMIT with the sizes searched to the
 * end, and its note says it was interrupted (before, the search ran on to the end and the
 * command's grace period killed it with no output).
 */
class InterruptedComparisonTest {

    @AfterEach
    void clear() {
        Interruption.clear();
    }

    @Test
    void anInterruptedComparisonReportsTheSizesSearched() throws Exception {
        // an inclusion whose 8-event size takes over a minute: it is interrupted long before its end
        ComparisonOptions options = ComparisonOptions.upTo(8).withJobs(2);
        ModelSide allowing = side("rdma-tso");
        ModelSide forbidding = side("rdma-tso-rmw");
        CompletableFuture<ComparisonResult> run = CompletableFuture.supplyAsync(
                () -> new ModelComparator(options).compare(allowing, forbidding));
        Thread.sleep(3000);
        assertFalse(run.isDone(), "the comparison should still be running after 3 s");
        Interruption.request("SIGINT or SIGTERM");
        // generous: the stop takes effect in the running solve, or at the next one after a translation
        ComparisonResult r = run.get(60, TimeUnit.SECONDS);
        assertEquals(ComparisonResult.Outcome.LIMIT, r.outcome(), r.summary());
        assertTrue(r.note().startsWith("interrupted (SIGINT or SIGTERM) while searching " + (r.events() + 1) + " events"),
                r.note());
        assertTrue(r.events() >= 1 && r.events() < 8, r.summary());
        assertTrue(r.summary().startsWith("Limit: no execution of at most " + r.events() + " events"), r.summary());
    }

    @Test
    void aComparisonAfterTheInterruptionIsClearedRunsNormally() throws Exception {
        Interruption.request("SIGINT or SIGTERM");
        Interruption.clear();
        ComparisonResult r = new ModelComparator(ComparisonOptions.upTo(4)).compare(side("tso"), side("sc"));
        assertEquals(ComparisonResult.Outcome.DISTINGUISHED, r.outcome(), r.summary());
    }
}
