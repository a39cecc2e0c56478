package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.rdma.OpStatus;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.QpErrorException;
import remo.nic.error.RemoteNodeFailedException;
import remo.nic.error.UnreportedFailureException;

/**
 * Fault injection (nic.md §7, §10 T5): a QP error flushes every WR of that QP that is not
 * complete, and every later post to it; a node crash fails every QP targeting it and the crashed
 * node's threads. Every WR ends COMPLETED or FLUSHED, every flushed op is reported by the next wait
 * that covers it (counted against the metrics), and other QPs keep working.
 */
class FaultTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    /** What the thread body observed (written by the body, read after run()). */
    private static final class Seen {
        List<Op> ops2 = new ArrayList<>();
        List<Op> ops3 = new ArrayList<>();
        QpErrorException first;
        QpErrorException late;
        Op lateOp;
        Op fresh;
    }

    private static Seen qpErrorScenario(SimCluster c) {
        Seen seen = new Seen();
        Region src = c.node(1).register("src", 5, ALL, new long[] {1, 2, 3, 4, 5});
        Region dst2 = c.node(2).register("dst", 6, ALL);
        Region dst3 = c.node(3).register("dst", 3, ALL);
        c.spawn(1, "P", ep -> {
            WorkId d = ep.newWorkId("d");
            WorkId e = ep.newWorkId("e");
            for (int i = 0; i < 5; i++) {
                seen.ops2.add(ep.put(d, dst2, i, src, i, 1));
            }
            for (int i = 0; i < 3; i++) {
                seen.ops3.add(ep.put(e, dst3, i, src, i, 1));
            }
            try {
                ep.waitFor(d);
            } catch (QpErrorException x) {
                seen.first = x;
                ep.acknowledge(x);
            }
            ep.waitFor(e);
            ep.waitFor(d);
            seen.lateOp = ep.put(d, dst2, 5, src, 0, 1);
            try {
                ep.waitFor(d);
            } catch (QpErrorException x) {
                seen.late = x;
                ep.acknowledge(x);
            }
            ep.resetQp(2);
            seen.fresh = ep.put(d, dst2, 5, src, 4, 1);
            ep.waitFor(d);
        });
        return seen;
    }

    private static Set<Long> ids(List<FailedOp> ops) {
        return ops.stream().map(FailedOp::opId).collect(Collectors.toSet());
    }

    @ParameterizedTest(name = "QP error at op {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void qpErrorFlushesEveryIncompleteRequestAndOtherQpsKeepWorking(int afterOps) {
        for (long seed = 0; seed < 20; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(3).deterministic(seed)
                    .faults(FaultPlan.builder().qpError("P", 2, afterOps).build()).build()) {
                Seen seen = qpErrorScenario(c);
                RunResult r = c.runAllowingFailures();
                assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
                assertNotNull(seen.first, "the error is reported by the next waitFor");
                assertTrue(seen.first.getMessage().contains("waitFor"), seen.first.getMessage());
                Set<Long> listed = ids(seen.first.ops());
                for (Op o : seen.ops2) {
                    boolean flushed = o.status() == OpStatus.FLUSHED;
                    assertTrue(flushed || o.status() == OpStatus.COMPLETED, "every WR ends COMPLETED or FLUSHED: " + o);
                    assertEquals(flushed, listed.contains(o.id()), "flushed iff reported: " + o);
                    if (o.id() >= afterOps) {
                        assertTrue(flushed, "op #" + o.id() + " is at or after the failing op");
                    }
                    assertEquals(flushed ? 0 : o.id(), c.peek(2, "dst", (int) o.id() - 1), "a flushed put never writes");
                }
                for (Op o : seen.ops3) {
                    assertEquals(OpStatus.COMPLETED, o.status(), "the other QP is unaffected");
                    assertEquals(o.id() - 5, c.peek(3, "dst", (int) o.id() - 6));
                }
                assertEquals(List.of(seen.lateOp.id()), new ArrayList<>(ids(seen.late.ops())),
                        "a post to a QP in ERROR is flushed at once and reported");
                assertEquals(OpStatus.COMPLETED, seen.fresh.status(), "after resetQp the QP works again");
                assertEquals(5, c.peek(2, "dst", 5));
                MetricsSnapshot.Scope m = r.metrics().endpoint("P");
                assertEquals(listed.size() + 1, m.get("opsFlushed"), "every flushed op was reported");
                assertEquals(m.opsPosted(), m.get("opsCompleted") + m.get("opsFlushed"), "no completion is lost");
                assertTrue(r.unreportedFailures().isEmpty());
            }
        }
    }

    @Test
    void qpErrorAtAStepFlushesTheQueue() {
        try (SimCluster c = SimCluster.builder().nodes(3).deterministic(7)
                .faults(FaultPlan.builder().qpErrorAtStep("P", 2, 3).build()).build()) {
            Seen seen = qpErrorScenario(c);
            RunResult r = c.runAllowingFailures();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertNotNull(seen.first);
            assertEquals(1, r.metrics().cluster().get("actions.FAULT"));
            MetricsSnapshot.Scope m = r.metrics().endpoint("P");
            assertEquals(m.opsPosted(), m.get("opsCompleted") + m.get("opsFlushed"));
        }
    }

    @Test
    void unacknowledgedFlushedOpsAreNeverLostSilently() {
        SimCluster.Builder b = SimCluster.builder().nodes(2).deterministic(1)
                .faults(FaultPlan.builder().qpError("P", 2, 1).build());
        try (SimCluster c = b.build()) {
            Region src = c.node(1).register("src", 1, ALL);
            Region dst = c.node(2).register("dst", 1, ALL);
            c.spawn(1, "P", ep -> {
                ep.put(null, dst, 0, src, 0, 1);
                ep.put(null, dst, 0, src, 0, 1);
            });
            UnreportedFailureException e = assertThrows(UnreportedFailureException.class, c::run);
            assertEquals(2, e.result().unreportedFailures().size());
            assertEquals(e.result(), c.result().orElseThrow(), "the result stays available after the exception");
            assertEquals(Set.of(1L, 2L), ids(e.result().unreportedFailures()));
        }
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(1)
                .faults(FaultPlan.builder().qpError("P", 2, 1).expectUnreported().build()).build()) {
            Region src = c.node(1).register("src", 1, ALL);
            Region dst = c.node(2).register("dst", 1, ALL);
            c.spawn(1, "P", ep -> ep.put(null, dst, 0, src, 0, 1));
            RunResult r = c.runAllowingFailures();
            assertEquals(1, r.unreportedFailures().size(), "declared expected: returned, still listed");
        }
    }

    @ParameterizedTest(name = "crash at step {0}")
    @ValueSource(ints = {0, 1, 2, 3, 5, 8, 11, 15, 20, 30, 45, 60, 80, 120})
    void nodeCrashFailsItsQpsAndThreadsOnly(int atStep) {
        for (long seed = 0; seed < 4; seed++) {
            try (SimCluster c = SimCluster.builder().nodes(3).deterministic(seed)
                    .faults(FaultPlan.builder().crash(2, atStep).build()).build()) {
                Region src = c.node(1).register("src", 4, ALL, new long[] {1, 2, 3, 4});
                Region dst2 = c.node(2).register("dst", 4, ALL);
                Region mem2 = c.node(2).register("mem", 1, ALL);
                Region far = c.node(3).register("far", 2, ALL, new long[] {7, 8});
                Region in1 = c.node(1).register("in", 2, ALL);
                Region box1 = c.node(1).register("box", 1, ALL);
                Region one3 = c.node(3).register("one", 1, ALL, new long[] {1});
                List<Op> toCrashed = new ArrayList<>();
                AtomicReference<RemoteNodeFailedException> seen = new AtomicReference<>();
                c.spawn(1, "P", ep -> {
                    WorkId d = ep.newWorkId("d");
                    WorkId e = ep.newWorkId("e");
                    for (int i = 0; i < 4; i++) {
                        toCrashed.add(ep.put(d, dst2, i, src, i, 1));
                    }
                    ep.get(e, in1, 0, far, 0, 2);
                    try {
                        ep.waitFor(d);
                    } catch (RemoteNodeFailedException x) {
                        seen.set(x);
                        ep.acknowledge(x);
                    }
                    ep.waitFor(e);
                });
                c.spawn(2, "Q", ep -> {
                    for (int i = 0; i < 30; i++) {
                        ep.store(mem2, 0, i);
                        ep.load(mem2, 0);
                    }
                });
                c.spawn(3, "R", ep -> {
                    WorkId d = ep.newWorkId("d");
                    ep.put(d, box1, 0, one3, 0, 1);
                    ep.waitFor(d);
                });
                RunResult r = c.runAllowingFailures();
                if (r.crashedNodes().isEmpty()) {
                    // the run reached quiescence before the crash step: nothing failed
                    assertTrue(r.threadFailures().isEmpty());
                    assertEquals(0, r.metrics().cluster().get("opsFlushed"));
                    continue;
                }
                assertEquals(List.of(2), r.crashedNodes());
                assertTrue(r.threadFailures().keySet().stream().allMatch("Q"::equals), r.threadFailures().toString());
                if (r.threadFailures().containsKey("Q")) {
                    assertInstanceOf(NodeCrashedException.class, r.threadFailures().get("Q"));
                }
                Set<Long> reported = seen.get() == null ? Set.of() : ids(seen.get().ops());
                if (seen.get() != null) {
                    assertEquals(2, seen.get().node());
                }
                int flushed = 0;
                for (Op o : toCrashed) {
                    assertTrue(o.status() == OpStatus.COMPLETED || o.status() == OpStatus.FLUSHED);
                    if (o.status() == OpStatus.FLUSHED) {
                        flushed++;
                        assertTrue(reported.contains(o.id()), "flushed op reported: " + o);
                    }
                }
                assertEquals(reported.size(), flushed);
                assertEquals(flushed, r.metrics().endpoint("P").get("opsFlushed"));
                MetricsSnapshot.Scope m = r.metrics().endpoint("P");
                assertEquals(m.opsPosted(), m.get("opsCompleted") + m.get("opsFlushed"));
                assertEquals(7, c.peek(1, "in", 0), "the get from node 3 completed");
                assertEquals(8, c.peek(1, "in", 1));
                assertEquals(1, c.peek(1, "box", 0), "threads on other nodes are unaffected");
                assertThrows(NodeCrashedException.class, () -> c.peek(2, "dst", 0));
                if (atStep == 0) {
                    assertEquals(4, flushed, "a crash before anything flushes every request to the node");
                    assertTrue(r.threadFailures().containsKey("Q"));
                }
                r.trace().ifPresent(g -> assertEquals("[2]", g.meta().get("crashed")));
            }
        }
    }

    @Test
    void concurrentQpErrorFlushesFromTheFailingOpOn() {
        try (SimCluster c = SimCluster.builder().nodes(3).concurrent()
                .faults(FaultPlan.builder().qpError("P", 2, 3).build()).build()) {
            Seen seen = qpErrorScenario(c);
            RunResult r = c.runAllowingFailures();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertEquals(Set.of(3L, 4L, 5L), ids(seen.first.ops()), "concurrent QPs execute strictly in order");
            for (int i = 0; i < 5; i++) {
                assertEquals(i < 2 ? OpStatus.COMPLETED : OpStatus.FLUSHED, seen.ops2.get(i).status(),
                        "the handle of op #" + seen.ops2.get(i).id() + " reports its final status");
            }
            assertEquals(OpStatus.FLUSHED, seen.lateOp.status(), "the QP stays in error until resetQp");
            assertEquals(List.of(seen.lateOp.id()), new ArrayList<>(ids(seen.late.ops())));
            assertEquals(OpStatus.COMPLETED, seen.fresh.status());
            assertEquals(5, c.peek(2, "dst", 5));
            for (Op o : seen.ops3) {
                assertEquals(OpStatus.COMPLETED, o.status());
            }
            MetricsSnapshot.Scope m = r.metrics().endpoint("P");
            assertEquals(4, m.get("opsFlushed"));
            assertEquals(m.opsPosted(), m.get("opsCompleted") + m.get("opsFlushed"));
        }
    }

    @Test
    void concurrentPollOnAFlushedRequestThrowsUntilAcknowledged() {
        NicConfig poll = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
        try (SimCluster c = SimCluster.builder().nodes(2).config(poll).concurrent()
                .faults(FaultPlan.builder().qpError("P", 2, 2).build()).build()) {
            Region src = c.node(1).register("src", 1, ALL, new long[] {7});
            Region dst = c.node(2).register("dst", 3, ALL);
            List<Op> ops = new ArrayList<>();
            AtomicReference<QpErrorException> second = new AtomicReference<>();
            c.spawn(1, "P", ep -> {
                for (int i = 0; i < 3; i++) {
                    ops.add(ep.put(null, dst, i, src, 0, 1));
                }
                ep.poll(2);
                try {
                    ep.poll(2);
                } catch (QpErrorException x) {
                    second.set(x);
                    ep.acknowledge(x);
                }
                QpErrorException third = assertThrows(QpErrorException.class, () -> ep.poll(2));
                ep.acknowledge(third);
            });
            RunResult r = c.runAllowingFailures();
            assertTrue(r.threadFailures().isEmpty(), r.threadFailures().toString());
            assertNotNull(second.get(), "polling the flushed op reports the QP error");
            assertEquals(List.of(ops.get(1).id()), new ArrayList<>(ids(second.get().ops())));
            assertEquals(List.of(OpStatus.COMPLETED, OpStatus.FLUSHED, OpStatus.FLUSHED),
                    ops.stream().map(Op::status).toList());
            assertEquals(7, c.peek(2, "dst", 0));
            assertEquals(0, c.peek(2, "dst", 1), "a flushed put never writes");
            assertTrue(r.unreportedFailures().isEmpty(), "every flush was acknowledged");
        }
    }

    @Test
    void concurrentCrashFailsRequestsToTheNodeAndItsThreads() {
        try (SimCluster c = SimCluster.builder().nodes(3).concurrent().build()) {
            Region src = c.node(1).register("src", 1, ALL, new long[] {9});
            Region dst2 = c.node(2).register("dst", 1, ALL);
            Region dst3 = c.node(3).register("dst", 1, ALL);
            Region mem2 = c.node(2).register("mem", 1, ALL);
            AtomicReference<RemoteNodeFailedException> seen = new AtomicReference<>();
            java.util.concurrent.CountDownLatch crashed = new java.util.concurrent.CountDownLatch(1);
            c.spawn(1, "P", ep -> {
                c.crash(2);
                crashed.countDown();
                WorkId d = ep.newWorkId("d");
                for (int i = 0; i < 3; i++) {
                    ep.put(d, dst2, 0, src, 0, 1);
                }
                try {
                    ep.waitFor(d);
                } catch (RemoteNodeFailedException x) {
                    seen.set(x);
                    ep.acknowledge(x);
                }
                ep.put(d, dst3, 0, src, 0, 1);
                ep.waitFor(d);
            });
            c.spawn(2, "Q", ep -> {
                crashed.await();
                ep.load(mem2, 0);
            });
            RunResult r = c.runAllowingFailures();
            assertNotNull(seen.get());
            assertEquals(3, seen.get().ops().size());
            assertEquals(2, seen.get().node());
            assertInstanceOf(NodeCrashedException.class, r.threadFailures().get("Q"));
            assertNull(r.threadFailures().get("P"));
            assertEquals(9, c.peek(3, "dst", 0));
            assertThrows(NodeCrashedException.class, () -> c.peek(2, "dst", 0));
            assertEquals(3, r.metrics().endpoint("P").get("opsFlushed"));
        }
    }
}
