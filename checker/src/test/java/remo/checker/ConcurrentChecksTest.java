package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import remo.core.Interruption;
import remo.models.ModelLibrary;

/**
 * Two checks in one JVM, each bound to its own cancellation token ({@link Interruption.Token}):
 * cancelling one stops that one only, with a partial result naming the cause, and the other ends
 * with exactly the result it has when it runs alone (issue 27: a library used by a server or an IDE
 * runs several checks at once).
 */
class ConcurrentChecksTest {

    private static TestOutcome check(Path file) {
        TestRunner runner = new TestRunner(new ModelLibrary(), null, Map.of(), CheckOptions.defaults(),
                AxiomaticChecker::check);
        return runner.run(file, file.getFileName().toString());
    }

    @Test
    void cancellingOneCheckLeavesTheOtherWhole() throws Exception {
        Path slow = TestFiles.root().resolve("examples/locks-bench/S-ME-3T2A.litmus"); // tens of seconds alone
        Path whole = TestFiles.root().resolve("examples/locks/C-ME-3T.litmus"); // about 1 s alone
        CheckResult alone = check(whole).result();

        Interruption.Token slowToken = new Interruption.Token();
        Interruption.Token wholeToken = new Interruption.Token();
        CountDownLatch slowStarted = new CountDownLatch(1);
        CountDownLatch wholeStarted = new CountDownLatch(1);
        AtomicLong wholeEnded = new AtomicLong();
        CompletableFuture<TestOutcome> cancelled = CompletableFuture.supplyAsync(() -> {
            Interruption.bind(slowToken);
            slowStarted.countDown();
            return check(slow);
        });
        // the slow check gets a head start, so that it is in its search (past reading the test and the
        // model, where a cancellation leaves no result) when it is cancelled
        assertTrue(slowStarted.await(30, TimeUnit.SECONDS));
        Thread.sleep(500);
        CompletableFuture<TestOutcome> finished = CompletableFuture.supplyAsync(() -> {
            Interruption.bind(wholeToken);
            wholeStarted.countDown();
            TestOutcome o = check(whole);
            wholeEnded.set(System.nanoTime());
            return o;
        });
        assertTrue(wholeStarted.await(30, TimeUnit.SECONDS));
        // cancel at once: warm, the other check takes well under 100 ms on a quiet machine, and it must
        // still be at work when the first is cancelled (a sleep here made the test fail when quiet)
        long cancelledAt = System.nanoTime();
        slowToken.request("cancelled by the test");

        TestOutcome slowOutcome = cancelled.get(120, TimeUnit.SECONDS);
        CheckResult stopped = slowOutcome.result();
        assertTrue(stopped != null, "the cancelled check has a result: " + slowOutcome);
        assertTrue(stopped.partial(), "the cancelled check is partial");
        assertTrue(stopped.partialReason().startsWith("interrupted (cancelled by the test) after "),
                stopped.partialReason());

        CheckResult other = finished.get(120, TimeUnit.SECONDS).result();
        assertFalse(wholeToken.requested(), "the other token was never requested");
        assertTrue(wholeEnded.get() > cancelledAt, "the other check was still at work when the first was cancelled");
        assertFalse(other.partial(), "the other check is whole: " + other.partialReason());
        assertEquals(alone.verdict(), other.verdict());
        assertEquals(alone.states(), other.states());
        assertEquals(alone.explored(), other.explored());
        assertEquals(alone.positive(), other.positive());
        assertEquals(alone.negative(), other.negative());
        assertFalse(Interruption.requested(), "the test thread's own token is untouched");
    }
}
