package remo.loco.lin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * The checker of loco.md §4.10 on hand-made histories: registers (the KvStore per-key spec),
 * atomic variables, and a plain Java queue through the generic {@link SequentialSpec}.
 */
class LinearizabilityCheckerTest {
    private static final Duration LIMIT = Duration.ofSeconds(10);

    private static long[] v(long x) {
        return new long[] {x, x};
    }

    private static HistoryCall<MapOp> call(long id, String thread, MapOp op, long inv, long res) {
        return new HistoryCall<>(id, thread, 1, op, inv, res, -1, -1);
    }

    @Test
    void aSequentialHistoryIsLinearizableInItsOrder() {
        List<HistoryCall<MapOp>> h = List.of(call(0, "a", MapOp.put(1, v(5), false), 1, 2), call(1, "b", MapOp.get(1, v(5)), 3, 4),
                call(2, "a", MapOp.remove(1, true), 5, 6), call(3, "b", MapOp.get(1, null), 7, 8));
        LinResult<MapOp> r = LinearizabilityChecker.check(h, new MapSpec(), LIMIT);
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, r.verdict());
        assertEquals(List.of(0L, 1L, 2L, 3L), r.linearization().stream().map(HistoryCall::id).toList());
    }

    @Test
    void overlappingCallsMayBeReordered() {
        // the get overlaps the put and sees its value; a second get overlapping both sees the old value
        List<HistoryCall<MapOp>> h = List.of(call(0, "a", MapOp.put(1, v(5), false), 1, 6), call(1, "b", MapOp.get(1, v(5)), 2, 4),
                call(2, "c", MapOp.get(1, null), 3, 5));
        LinResult<MapOp> r = LinearizabilityChecker.check(h, new MapSpec(), LIMIT);
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, r.verdict());
        assertEquals(List.of(2L, 0L, 1L), r.linearization().stream().map(HistoryCall::id).toList());
    }

    @Test
    void aStaleReadAfterTheWriteReturnedIsNotLinearizable() {
        List<HistoryCall<MapOp>> h = List.of(call(0, "a", MapOp.put(1, v(5), false), 1, 2), call(1, "b", MapOp.get(1, null), 3, 4));
        LinResult<MapOp> r = LinearizabilityChecker.check(h, new MapSpec(), LIMIT);
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, r.verdict());
        assertTrue(r.reason().startsWith("no linearization of the 2 calls"), r.reason());
    }

    @Test
    void aPendingCallMayTakeEffectOrNot() {
        HistoryCall<MapOp> pendingPut = new HistoryCall<>(0, "a", 1, MapOp.put(1, v(5), false), 1, Long.MAX_VALUE, -1, -1);
        List<HistoryCall<MapOp>> sees = List.of(pendingPut, call(1, "b", MapOp.get(1, v(5)), 3, 4));
        List<HistoryCall<MapOp>> doesNotSee = List.of(pendingPut, call(1, "b", MapOp.get(1, null), 3, 4));
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, LinearizabilityChecker.check(sees, new MapSpec(), LIMIT).verdict());
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, LinearizabilityChecker.check(doesNotSee, new MapSpec(), LIMIT).verdict());
        List<HistoryCall<MapOp>> both = List.of(pendingPut, call(1, "b", MapOp.get(1, v(5)), 3, 4), call(2, "b", MapOp.get(1, null), 5, 6));
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, LinearizabilityChecker.check(both, new MapSpec(), LIMIT).verdict());
    }

    @Test
    void aFullPutIsANoOp() {
        List<HistoryCall<MapOp>> h = List.of(call(0, "a", MapOp.put(1, v(5), true), 1, 2), call(1, "b", MapOp.get(1, null), 3, 4));
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, LinearizabilityChecker.check(h, new MapSpec(), LIMIT).verdict());
    }

    @Test
    void aTornReadIsReportedAtOnce() {
        List<HistoryCall<MapOp>> h = List.of(call(0, "a", MapOp.put(1, v(5), false), 1, 4),
                call(1, "b", MapOp.get(1, new long[] {5, 0}), 2, 3));
        PartitionedCheck<Long, MapOp> check = new PartitionedCheck<>(MapOp::key, k -> new MapSpec(),
                op -> op.torn() ? "torn read" : null, LIMIT);
        PartitionedCheck.Report<Long, MapOp> r = check.check(h);
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, r.verdict());
        assertTrue(r.firstFailure().getValue().reason().startsWith("torn read: call 1"), r.firstFailure().getValue().reason());
        assertEquals(List.of(0L, 1L), r.firstFailure().getValue().calls().stream().map(HistoryCall::id).toList(),
                "the torn get and the put it overlaps");
    }

    @Test
    void partitionsAreCheckedPerKey() {
        // a put of key 1 and a get of key 2 that would not fit one register
        List<HistoryCall<MapOp>> h = List.of(call(0, "a", MapOp.put(1, v(5), false), 1, 2), call(1, "b", MapOp.get(2, null), 3, 4),
                call(2, "b", MapOp.get(1, null), 5, 6));
        PartitionedCheck.Report<Long, MapOp> r = new PartitionedCheck<Long, MapOp>(MapOp::key, k -> new MapSpec(), op -> null,
                LIMIT).check(h);
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(1L, r.firstFailure().getKey());
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, r.partitions().get(2L).verdict());
    }

    @Test
    void aTimeOutIsInconclusiveNeverAPass() {
        // 30 overlapping puts of distinct values and a get of a value nobody put: the search must try
        // every subset of puts before the get (memoisation cannot help), far more than 50 ms
        List<HistoryCall<MapOp>> h = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            h.add(call(i, "t" + i, MapOp.put(1, v(i), false), 1, 100));
        }
        h.add(call(30, "r", MapOp.get(1, v(1000)), 1, 100));
        h.add(call(31, "r", MapOp.get(1, null), 101, 102));
        LinResult<MapOp> r = LinearizabilityChecker.check(h, new MapSpec(), Duration.ofMillis(50));
        assertEquals(LinearizabilityVerdict.INCONCLUSIVE, r.verdict());
        assertTrue(r.reason().startsWith("time limit of 50 ms exceeded"), r.reason());
        PartitionedCheck.Report<Long, MapOp> report = new PartitionedCheck<Long, MapOp>(MapOp::key, k -> new MapSpec(),
                op -> null, Duration.ofMillis(50)).check(h);
        assertEquals(LinearizabilityVerdict.INCONCLUSIVE, report.verdict());
        assertEquals(List.of(1L), report.inconclusive());
    }

    @Test
    void theShrinkerKeepsTheFewestCallsThatStillFail() {
        List<HistoryCall<MapOp>> h = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < 10; i++) {
            h.add(call(h.size(), "a", MapOp.put(1, v(i), false), ++t, ++t));
            h.add(call(h.size(), "b", MapOp.get(1, v(i)), ++t, ++t));
        }
        // the failure: after the put of 9 returned, a get still sees 3
        h.add(call(h.size(), "c", MapOp.get(1, v(3)), ++t, ++t));
        List<HistoryCall<MapOp>> small = HistoryShrinker.shrink(h, new MapSpec(), LIMIT);
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, LinearizabilityChecker.check(small, new MapSpec(), LIMIT).verdict());
        assertEquals(3, small.size(), HistoryTable.format(small, MapOp::call, MapOp::outcome));
        assertEquals(List.of("put(1, [3,3])", "put(1, [4,4])", "get(1)"), small.stream().map(c -> c.op().call()).toList());
        String table = HistoryTable.format(small, MapOp::call, MapOp::outcome);
        assertEquals(String.join("\n",
                " call  thread  node  operation      returned  interval",
                "    6  a          1  put(1, [3,3])  ok        1 – 2",
                "    8  a          1  put(1, [4,4])  ok        3 – 4",
                "   20  c          1  get(1)         [3,3]     5 – 6") + "\n", table);
    }

    @Test
    void anAtomicVariableHistoryIsCheckedAgainstFetchAddCasAndLoad() {
        List<HistoryCall<AtomicOp>> ok = List.of(
                new HistoryCall<>(0, "a", 1, new AtomicOp("x", AtomicOp.Kind.FETCH_ADD, 2, 0, 0), 1, 2, -1, -1),
                new HistoryCall<>(1, "b", 1, new AtomicOp("x", AtomicOp.Kind.COMPARE_AND_SWAP, 2, 9, 2), 3, 4, -1, -1),
                new HistoryCall<>(2, "a", 1, new AtomicOp("x", AtomicOp.Kind.COMPARE_AND_SWAP, 2, 7, 9), 5, 6, -1, -1),
                new HistoryCall<>(3, "b", 1, new AtomicOp("x", AtomicOp.Kind.LOAD, 0, 0, 9), 7, 8, -1, -1));
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, LinearizabilityChecker.check(ok, new AtomicSpec(0), LIMIT).verdict());
        List<HistoryCall<AtomicOp>> lost = List.of(
                new HistoryCall<>(0, "a", 1, new AtomicOp("x", AtomicOp.Kind.FETCH_ADD, 1, 0, 0), 1, 4, -1, -1),
                new HistoryCall<>(1, "b", 1, new AtomicOp("x", AtomicOp.Kind.FETCH_ADD, 1, 0, 0), 2, 3, -1, -1));
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, LinearizabilityChecker.check(lost, new AtomicSpec(0), LIMIT).verdict());
    }

    /** A FIFO queue of ints: the state is the queue content. */
    record QueueOp(boolean offer, int value) {
    }

    static final class QueueSpec implements SequentialSpec<List<Integer>, QueueOp> {
        @Override
        public List<Integer> initial() {
            return List.of();
        }

        @Override
        public List<Integer> apply(List<Integer> state, QueueOp op) {
            if (op.offer()) {
                List<Integer> n = new ArrayList<>(state);
                n.add(op.value());
                return List.copyOf(n);
            }
            if (op.value() < 0) {
                return state.isEmpty() ? state : null;
            }
            return !state.isEmpty() && state.get(0) == op.value() ? List.copyOf(state.subList(1, state.size())) : null;
        }
    }

    @Test
    void historiesOfAnyJavaObjectCanBeChecked() throws InterruptedException {
        ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
        History<QueueOp> h = History.unsimulated();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int id = t;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 200; i++) {
                    History.Invocation inv = h.invoke();
                    QueueOp op;
                    if (i % 2 == 0) {
                        q.offer(id * 1000 + i);
                        op = new QueueOp(true, id * 1000 + i);
                    } else {
                        Integer v = q.poll();
                        op = new QueueOp(false, v == null ? -1 : v);
                    }
                    h.add("t" + id, 0, op, inv.stamp(), h.invoke().stamp());
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        List<HistoryCall<QueueOp>> calls = h.calls();
        assertEquals(600, calls.size());
        assertEquals(LinearizabilityVerdict.LINEARIZABLE, LinearizabilityChecker.check(calls, new QueueSpec(), LIMIT).verdict());
        // a queue that returns elements out of order is caught
        List<HistoryCall<QueueOp>> wrong = List.of(new HistoryCall<>(0, "a", 0, new QueueOp(true, 1), 1, 2, -1, -1),
                new HistoryCall<>(1, "a", 0, new QueueOp(true, 2), 3, 4, -1, -1), new HistoryCall<>(2, "b", 0, new QueueOp(false, 2), 5, 6, -1, -1));
        assertEquals(LinearizabilityVerdict.NOT_LINEARIZABLE, LinearizabilityChecker.check(wrong, new QueueSpec(), LIMIT).verdict());
    }
}
