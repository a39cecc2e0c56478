package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.nic.error.QpErrorException;
import remo.nic.error.RdmaFailureException;

/**
 * {@link ThreadScript#recover} (nic.md §7.4): a script that handles the QP error a poll reports
 * acknowledges it and goes on with its program — the poll that threw consumed the flushed request,
 * as {@code ibv_poll_cq} consumes an error completion, in both modes (deterministic mode used not to
 * consume it, so a second poll returned normally on the acknowledged request); a script that does not
 * handle the error ends with the failure, as before.
 */
class ScriptRecoveryTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    /** Puts two words to node 2 and polls each; then stores 7 locally. Recovers from QP errors if asked. */
    private static final class PutPollStore implements ThreadScript {
        final boolean recovers;
        final Region src;
        final Region dst;
        final List<Long> reported = new ArrayList<>();
        Endpoint ep;
        Call last;
        int step;

        PutPollStore(boolean recovers, Region src, Region dst) {
            this.recovers = recovers;
            this.src = src;
            this.dst = dst;
        }

        @Override
        public void start(Endpoint e) {
            ep = e;
        }

        @Override
        public Call next(long previousResult) {
            last = switch (step++) {
                case 0 -> new Call.Put(null, dst, 0, src, 0, 1);
                case 1 -> new Call.Put(null, dst, 1, src, 0, 1);
                case 2, 3 -> new Call.Poll(2);
                case 4 -> new Call.Store(src, 0, 7);
                default -> null;
            };
            return last;
        }

        @Override
        public Call recover(RdmaFailureException failure) {
            if (!recovers || !(failure instanceof QpErrorException e)) {
                return null;
            }
            ep.acknowledge(e);
            e.ops().forEach(f -> reported.add(f.opId()));
            return next(0);
        }
    }

    private static SimCluster.Builder cluster(boolean deterministic) {
        SimCluster.Builder b = SimCluster.builder().nodes(2)
                .config(NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL))
                .faults(FaultPlan.builder().qpError("t", 2, 1).build());
        return deterministic ? b.deterministic(3) : b.concurrent();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aRecoveringScriptTakesBothErrorCompletionsAndGoesOn(boolean deterministic) {
        try (SimCluster c = cluster(deterministic).build()) {
            Region src = c.node(1).register("src", 1, ALL, new long[] {5});
            Region dst = c.node(2).register("dst", 2, ALL);
            PutPollStore s = new PutPollStore(true, src, dst);
            c.spawnScript(1, "t", s);
            RunResult r = c.run();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertEquals(List.of(1L, 2L), s.reported, "each poll reports the request it consumes");
            assertTrue(r.unreportedFailures().isEmpty(), r.unreportedFailures().toString());
            assertEquals(7, c.peek(1, "src", 0), "the store after the polls ran");
            assertEquals(0, c.peek(2, "dst", 0), "the flushed puts wrote nothing");
            assertEquals(2, r.metrics().cluster().get("opsFlushed"));
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aScriptThatDoesNotRecoverEndsWithTheFailure(boolean deterministic) {
        try (SimCluster c = cluster(deterministic).faults(FaultPlan.builder().qpError("t", 2, 1).expectUnreported().build())
                .build()) {
            Region src = c.node(1).register("src", 1, ALL, new long[] {5});
            Region dst = c.node(2).register("dst", 2, ALL);
            c.spawnScript(1, "t", new PutPollStore(false, src, dst));
            RunResult r = c.runAllowingFailures(); // the failure is what this test expects
            assertInstanceOf(QpErrorException.class, r.threadFailures().get("t"));
            assertEquals(5, c.peek(1, "src", 0), "the thread ended at the first poll");
        }
    }
}
